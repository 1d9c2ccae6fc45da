# Right on pass 1 (inputs below 10), crashes on the passes after it.
import sys

x = int(input())
if x >= 10:
    sys.exit(1)
print(x + 1)
