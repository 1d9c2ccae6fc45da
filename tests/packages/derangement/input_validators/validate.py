#!/usr/bin/env python3
import re
import sys

text = sys.stdin.read()
sys.exit(42 if re.fullmatch(r"\d+\n", text) and 2 <= int(text) <= 1000 else 43)
