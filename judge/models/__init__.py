from judge.models.jury import (
    ApplyRule,
    AuditAction,
    AuditEntry,
    LanguageSelfTest,
    RejudgeItem,
    RejudgeSet,
    RejudgeState,
    SelfTestState,
)
from judge.models.submission import Judgement, JudgementState, Submission, SubmissionState, TestRun

__all__ = [
    "ApplyRule",
    "AuditAction",
    "AuditEntry",
    "Judgement",
    "JudgementState",
    "LanguageSelfTest",
    "RejudgeItem",
    "RejudgeSet",
    "RejudgeState",
    "SelfTestState",
    "Submission",
    "SubmissionState",
    "TestRun",
]
