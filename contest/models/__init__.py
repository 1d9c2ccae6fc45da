from contest.models.blob import Blob, BlobChunk
from contest.models.contest import Contest, ScoreBoard, Scoring, TeamFeedback
from contest.models.environment import Environment
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
    "Environment",
    "Language",
    "Problem",
    "ProblemKind",
    "ReferenceSolution",
    "ScoreBoard",
    "Scoring",
    "TeamFeedback",
    "TestCase",
    "TestGroup",
    "Validation",
]
