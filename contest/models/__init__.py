from contest.models.blob import Blob, BlobChunk
from contest.models.contest import Contest, Phase, ScoreBoard, Scoring, Submitters, TeamFeedback
from contest.models.entry import ContestTeam
from contest.models.environment import Environment
from contest.models.language import Language
from contest.models.problem import (
    Problem,
    ProblemKind,
    ReferenceSolution,
    TestCase,
    Validation,
)
from contest.models.style import StyleRules
from contest.models.test_group import Aggregation, TestGroup

__all__ = [
    "Aggregation",
    "Blob",
    "BlobChunk",
    "Contest",
    "ContestTeam",
    "Environment",
    "Language",
    "Phase",
    "Problem",
    "ProblemKind",
    "ReferenceSolution",
    "ScoreBoard",
    "Scoring",
    "StyleRules",
    "Submitters",
    "TeamFeedback",
    "TestCase",
    "TestGroup",
    "Validation",
]
