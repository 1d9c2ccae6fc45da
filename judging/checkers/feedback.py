"""The score files an output validator may write in its feedback directory (scoring problems):
`score.txt` (the test's score) and `score_multiplier.txt` (a fraction of the test's maximum).

Each must hold one floating-point number; anything else, a negative number, or both files at
once is the validator's mistake, a judge error (2025-09, "Scoring test cases"), never the team's.
"""

from __future__ import annotations

import math
from pathlib import Path

from judging.checkers.base import ValidatorError, read_capped

SCORE_FILE = "score.txt"
MULTIPLIER_FILE = "score_multiplier.txt"
_MAX_BYTES = 256  # one number, with room for whitespace


def read_scores(feedback_dir: Path) -> tuple[float | None, float | None]:
    """(score.txt, score_multiplier.txt) as numbers, None for a file not written."""
    score = _number(feedback_dir / SCORE_FILE)
    multiplier = _number(feedback_dir / MULTIPLIER_FILE)
    if score is not None and multiplier is not None:
        raise ValidatorError("the output validator wrote both score.txt and score_multiplier.txt")
    if multiplier is not None and not 0 <= multiplier <= 1:
        raise ValidatorError(f"score_multiplier.txt holds {multiplier:g}, not a number in [0, 1]")
    return score, multiplier


def _number(path: Path) -> float | None:
    if not path.is_file():
        return None
    raw = read_capped(path, _MAX_BYTES + 1)
    words = raw.decode("utf-8", "replace").split()
    if len(raw) > _MAX_BYTES or len(words) != 1:
        raise ValidatorError(f"{path.name} must hold one number, got {raw[:40]!r}")
    try:
        value = float(words[0])
    except ValueError:
        raise ValidatorError(f"{path.name} must hold one number, got {words[0][:40]!r}") from None
    if not math.isfinite(value) or value < 0:
        raise ValidatorError(f"{path.name} holds {words[0][:40]}, not a non-negative number")
    return value
