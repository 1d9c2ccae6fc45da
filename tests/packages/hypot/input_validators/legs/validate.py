#!/usr/bin/env python3
import re
import sys

text = sys.stdin.read()
match = re.fullmatch(r"(\d+(?:\.\d+)?) (\d+(?:\.\d+)?)\n", text)
ok = match is not None and all(0 < float(v) <= 1e6 for v in match.groups())
sys.exit(42 if ok else 43)
