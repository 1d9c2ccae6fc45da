"""`python -m judging default-validator INPUT ANSWER FEEDBACK_DIR [flags...] < OUTPUT`

A drop-in for problemtools' default output validator (Kattis protocol): exit 42 to accept, 43
to reject with the reason in FEEDBACK_DIR/judgemessage.txt (and the byte offsets of the
difference in diffposition.txt); exit 2 with a usage message on bad arguments.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from judging.checkers.kattis_default import compare, parse_flags

EXIT_ACCEPT = 42
EXIT_REJECT = 43
EXIT_USAGE = 2

USAGE = (
    "usage: python -m judging default-validator INPUT ANSWER FEEDBACK_DIR [flags...] < OUTPUT\n"
    "flags: case_sensitive, space_change_sensitive, float_relative_tolerance X,\n"
    "       float_absolute_tolerance X, float_tolerance X"
)


def main(argv: list[str]) -> int:
    """`argv` is what follows the command name."""
    if len(argv) < 3:
        return _usage("expected INPUT ANSWER FEEDBACK_DIR")
    input_path, answer_path, feedback = (Path(a) for a in argv[:3])
    try:
        options = parse_flags(argv[3:])
    except ValueError as e:
        return _usage(str(e))
    for path in (input_path, answer_path):
        if path.is_dir() or not os.access(path, os.R_OK):
            return _usage(f"cannot read {path}")
    if not feedback.is_dir():
        return _usage(f"feedback directory {feedback} does not exist")
    outcome = compare(answer_path.read_bytes(), sys.stdin.buffer.read(), options)
    (feedback / "judgemessage.txt").write_bytes(outcome.message + b"\n" if outcome.message else b"")
    if not outcome.accepted:
        (feedback / "diffposition.txt").write_text(f"{outcome.answer_pos} {outcome.output_pos}")
    return EXIT_ACCEPT if outcome.accepted else EXIT_REJECT


def _usage(problem: str) -> int:
    print(f"default-validator: {problem}\n{USAGE}", file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
