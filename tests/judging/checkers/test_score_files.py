"""A custom validator's score.txt and score_multiplier.txt (judging/checkers/feedback.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.checkers.base import ValidatorError
from judging.checkers.feedback import read_scores


def test_the_files_are_read_when_written(tmp_path: Path) -> None:
    assert read_scores(tmp_path) == (None, None)
    (tmp_path / "score.txt").write_text(" 88.5\n")
    assert read_scores(tmp_path) == (88.5, None)
    (tmp_path / "score.txt").unlink()
    (tmp_path / "score_multiplier.txt").write_text("0.25")
    assert read_scores(tmp_path) == (None, 0.25)


@pytest.mark.parametrize(
    ("files", "error"),
    [
        ({"score.txt": "1", "score_multiplier.txt": "1"}, "both"),
        ({"score.txt": "ten"}, "one number"),
        ({"score.txt": "1 2"}, "one number"),
        ({"score.txt": "-1"}, "non-negative"),
        ({"score.txt": "nan"}, "non-negative"),
        ({"score_multiplier.txt": "1.5"}, r"\[0, 1\]"),
    ],
)
def test_bad_score_files_are_the_validator_s_error(
    tmp_path: Path, files: dict[str, str], error: str
) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(ValidatorError, match=error):
        read_scores(tmp_path)
