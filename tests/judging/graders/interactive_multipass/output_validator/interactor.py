#!/usr/bin/env python3
"""Each pass: send the input file's number, read the program's answer, which must be it plus
one. The answer file says how many passes the test has; the count so far is kept in the
feedback directory, which persists from pass to pass."""

import sys
from pathlib import Path

given = int(Path(sys.argv[1]).read_text())  # this pass's input: the test's, then nextpass.in
wanted = int(Path(sys.argv[2]).read_text())
feedback = Path(sys.argv[3])
counter = feedback / "count"
count = int(counter.read_text()) + 1 if counter.exists() else 1
counter.write_text(str(count))


def say(message: str) -> None:
    with open(feedback / "judgemessage.txt", "a") as out:
        out.write(message + "\n")


print(given, flush=True)
line = sys.stdin.readline()
try:
    got = int(line)
except ValueError:
    say(f"pass {count}: not a number: {line.strip()!r}")
    sys.exit(43)
if got != given + 1:
    say(f"pass {count}: expected {given + 1}, got {got}")
    sys.exit(43)
say(f"pass {count}: ok")
if count < wanted:
    (feedback / "nextpass.in").write_text(f"{got * 10}\n")
sys.exit(42)
