"""Mooshak's classifications, their severity order and their ICPC CCS judgement-type codes.

SEVERITY is the one table that holds the order; everything else derives from it.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum


class Classification(StrEnum):
    ACCEPTED = "Accepted"
    PRESENTATION_ERROR = "Presentation Error"
    WRONG_ANSWER = "Wrong Answer"
    EVALUATION_SKIPPED = "Evaluation Skipped"
    OUTPUT_LIMIT_EXCEEDED = "Output Limit Exceeded"
    MEMORY_LIMIT_EXCEEDED = "Memory Limit Exceeded"
    TIME_LIMIT_EXCEEDED = "Time Limit Exceeded"
    INVALID_FUNCTION = "Invalid Function"
    INVALID_EXIT_VALUE = "Invalid Exit Value"
    RUNTIME_ERROR = "Runtime Error"
    COMPILE_TIME_ERROR = "Compile Time Error"
    INVALID_SUBMISSION = "Invalid Submission"
    PROGRAM_SIZE_EXCEEDED = "Program Size Exceeded"
    REQUIRES_REEVALUATION = "Requires Reevaluation"

    @property
    def severity(self) -> int:
        return _RANK[self]

    @property
    def icpc_code(self) -> str:
        return ICPC_CODES[self]

    @property
    def is_accepted(self) -> bool:
        return self is Classification.ACCEPTED


# Lowest severity first (Mooshak's order). A submission gets the most severe of its tests.
SEVERITY: tuple[Classification, ...] = (
    Classification.ACCEPTED,
    Classification.PRESENTATION_ERROR,
    Classification.WRONG_ANSWER,
    Classification.EVALUATION_SKIPPED,
    Classification.OUTPUT_LIMIT_EXCEEDED,
    Classification.MEMORY_LIMIT_EXCEEDED,
    Classification.TIME_LIMIT_EXCEEDED,
    Classification.INVALID_FUNCTION,
    Classification.INVALID_EXIT_VALUE,
    Classification.RUNTIME_ERROR,
    Classification.COMPILE_TIME_ERROR,
    Classification.INVALID_SUBMISSION,
    Classification.PROGRAM_SIZE_EXCEEDED,
    Classification.REQUIRES_REEVALUATION,
)

_RANK: dict[Classification, int] = {c: i for i, c in enumerate(SEVERITY)}

# Short codes of the classifications, in the style of ICPC judgement-type ids, for the engine's
# reports and command line. They are unique, so the three classifications with no standard twin
# have codes of their own: Invalid Exit Value (IEV, a non-zero exit status), Evaluation Skipped
# (SK, only ever on single tests) and Program Size Exceeded (PSE; Invalid Submission has SE).
# The Contest API does not use them: it maps classifications onto the spec's judgement-type
# ids itself (api/judgement_types.py: IEV is RTE, PSE is SE, SK no run at all).
ICPC_CODES: dict[Classification, str] = {
    Classification.ACCEPTED: "AC",
    Classification.PRESENTATION_ERROR: "PE",
    Classification.WRONG_ANSWER: "WA",
    Classification.EVALUATION_SKIPPED: "SK",
    Classification.OUTPUT_LIMIT_EXCEEDED: "OLE",
    Classification.MEMORY_LIMIT_EXCEEDED: "MLE",
    Classification.TIME_LIMIT_EXCEEDED: "TLE",
    Classification.INVALID_FUNCTION: "IF",
    Classification.INVALID_EXIT_VALUE: "IEV",
    Classification.RUNTIME_ERROR: "RTE",
    Classification.COMPILE_TIME_ERROR: "CE",
    Classification.INVALID_SUBMISSION: "SE",
    Classification.PROGRAM_SIZE_EXCEEDED: "PSE",
    Classification.REQUIRES_REEVALUATION: "JE",
}

# Whether a CCS judgement type counts as a penalty try under ICPC rules (CE and submission
# errors do not; judge errors are not verdicts at all).
PENALTY: dict[Classification, bool] = {
    c: c
    not in (
        Classification.ACCEPTED,
        Classification.COMPILE_TIME_ERROR,
        Classification.INVALID_SUBMISSION,
        Classification.PROGRAM_SIZE_EXCEEDED,
        Classification.REQUIRES_REEVALUATION,
        Classification.EVALUATION_SKIPPED,
    )
    for c in SEVERITY
}


def most_severe(classifications: Iterable[Classification]) -> Classification:
    """The most severe classification; Accepted when there is none (no tests failed).

    Evaluation Skipped only marks tests that were not run after an earlier failure, so it
    never decides a submission: the failure that caused the skip does.
    """
    ranked = (c for c in classifications if c is not Classification.EVALUATION_SKIPPED)
    return max(ranked, key=_RANK.__getitem__, default=Classification.ACCEPTED)


def from_code(code: str) -> Classification:
    for c, icpc in ICPC_CODES.items():
        if icpc == code:
            return c
    raise ValueError(f"unknown judgement-type code {code!r}")
