# Encodes, then crashes in the decode stage.
import sys

line = sys.stdin.readline().strip()
if sys.argv[1] == "encode":
    print("".join(f"{ord(c) - 96:02d}" for c in line))
else:
    raise SystemExit(f"no decoder for {line}")
