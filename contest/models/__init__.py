from contest.models.contest import Contest, Feedback, Scoring
from contest.models.language import Language
from contest.models.problem import (
    Blob,
    Problem,
    ProblemKind,
    ReferenceSolution,
    TestCase,
    Validation,
)

__all__ = [
    "Blob",
    "Contest",
    "Feedback",
    "Language",
    "Problem",
    "ProblemKind",
    "ReferenceSolution",
    "Scoring",
    "TestCase",
    "Validation",
]
