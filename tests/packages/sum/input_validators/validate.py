#!/usr/bin/env python3
# Exit 42 when stdin is one line "a b" with |a|, |b| <= 10^15 (Kattis input-validator protocol).
import re
import sys

text = sys.stdin.read()
match = re.fullmatch(r"(-?\d+) (-?\d+)\n", text)
ok = match is not None and all(abs(int(v)) <= 10**15 for v in match.groups())
sys.exit(42 if ok else 43)
