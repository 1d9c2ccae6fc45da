from contest.models.blob import Blob, BlobChunk
from contest.models.contest import Contest, Phase, ScoreBoard, Scoring, Submitters, TeamFeedback
from contest.models.language import Language
from contest.models.problem import (
    Problem,
    ProblemKind,
    ReferenceSolution,
    TestCase,
    Validation,
)
from contest.models.test_group import Aggregation, TestGroup

__all__ = [
    "Aggregation",
    "Blob",
    "BlobChunk",
    "Contest",
    "Language",
    "Phase",
    "Problem",
    "ProblemKind",
    "ReferenceSolution",
    "ScoreBoard",
    "Scoring",
    "Submitters",
    "TeamFeedback",
    "TestCase",
    "TestGroup",
    "Validation",
]
