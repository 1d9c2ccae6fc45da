from contest.models.blob import Blob, BlobChunk
from contest.models.contest import Contest, Feedback, Scoring
from contest.models.language import Language
from contest.models.problem import (
    Problem,
    ProblemKind,
    ReferenceSolution,
    TestCase,
    Validation,
)

__all__ = [
    "Blob",
    "BlobChunk",
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
