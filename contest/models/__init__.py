from contest.models.contest import Contest, Feedback, Scoring
from contest.models.coverage import CoverageState, LanguageCoverage
from contest.models.language import Language
from contest.models.problem import Blob, Problem, ProblemKind, TestCase, Validation

__all__ = [
    "Blob",
    "Contest",
    "CoverageState",
    "Feedback",
    "Language",
    "LanguageCoverage",
    "Problem",
    "ProblemKind",
    "Scoring",
    "TestCase",
    "Validation",
]
