# Decodes into the reversed word.
import sys

line = sys.stdin.readline().strip()
if sys.argv[1] == "encode":
    print("".join(f"{ord(c) - 96:02d}" for c in line))
else:
    print("".join(chr(int(line[i : i + 2]) + 96) for i in range(0, len(line), 2))[::-1])
