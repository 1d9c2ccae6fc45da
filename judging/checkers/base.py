"""What every checker returns, and the error that means "the checker itself is broken"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from judging.classification import Classification


@dataclass(frozen=True)
class CheckResult:
    classification: Classification
    message: str = ""  # judge-facing: where the outputs first differ, a validator's judgemessage
    # A custom validator's score.txt and score_multiplier.txt (scoring problems), if written.
    score: float | None = None
    multiplier: float | None = None


class ValidatorError(Exception):
    """The output check could not be done (broken validator, bad flags, bad configuration).

    Never a verdict against the team: the engine turns it into Requires Reevaluation with
    this message as the reason.
    """


class Checker(Protocol):
    def check(
        self, *, input: Path, answer: Path, output: Path, flags: Sequence[str] | None = None
    ) -> CheckResult:
        """`flags`: the validator flags of the test's group (TestCase.validator_flags); None:
        the problem's. Checkers without flags ignore them."""
        ...

    def close(self) -> None: ...


def read_capped(path: Path, limit: int) -> bytes:
    """At most `limit` bytes of a file (for messages written by programs we do not control)."""
    with path.open("rb") as f:
        return f.read(limit)
