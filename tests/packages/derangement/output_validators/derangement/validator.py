#!/usr/bin/env python3
"""Kattis output validator: input_file answer_file feedback_dir < team_output.

Accepts (exit 42) any permutation of 1..n with no fixed point; rejects (exit 43) anything else,
saying why in feedback_dir/judgemessage.txt. The answer file holds one valid answer, unused.
"""
import sys
from pathlib import Path


def reject(feedback: Path, message: str) -> None:
    (feedback / "judgemessage.txt").write_text(message + "\n")
    sys.exit(43)


def main() -> None:
    input_file, _answer_file, feedback_dir = sys.argv[1:4]
    feedback = Path(feedback_dir)
    n = int(Path(input_file).read_text().split()[0])
    tokens = sys.stdin.read().split()
    if len(tokens) != n:
        reject(feedback, f"expected {n} numbers, got {len(tokens)}")
    try:
        values = [int(t) for t in tokens]
    except ValueError:
        reject(feedback, "output holds something that is not an integer")
    if sorted(values) != list(range(1, n + 1)):
        reject(feedback, f"not a permutation of 1..{n}")
    for i, v in enumerate(values, start=1):
        if v == i:
            reject(feedback, f"p_{i} = {i} is a fixed point")
    sys.exit(42)


main()
