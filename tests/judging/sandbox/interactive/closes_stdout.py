import os
import sys

os.close(1)  # the interactor sees end-of-file at once
sys.stdin.read()  # and then waits for input that never comes
