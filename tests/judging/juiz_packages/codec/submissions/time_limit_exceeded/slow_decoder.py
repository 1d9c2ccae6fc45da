# Encodes, then never finishes decoding.
import sys

line = sys.stdin.readline().strip()
if sys.argv[1] == "encode":
    print("".join(f"{ord(c) - 96:02d}" for c in line))
else:
    while True:
        pass
