from contest.models.blob import Blob, BlobChunk
from contest.models.contest import Contest, ScoreBoard, Scoring, TeamFeedback
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
    "Language",
    "Problem",
    "ProblemKind",
    "ReferenceSolution",
    "ScoreBoard",
    "Scoring",
    "TeamFeedback",
    "TestCase",
    "Validation",
]
