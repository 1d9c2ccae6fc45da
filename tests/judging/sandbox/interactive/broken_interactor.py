"""An interactor that answers once and then exits 0: neither 42 nor 43, so it is broken."""

import sys

sys.stdin.readline()
print("higher", flush=True)
sys.exit(0)
