from judge.models.clarification import (
    CannedAnswer,
    Clarification,
    ClarificationRead,
    ClarificationState,
)
from judge.models.coverage import CoverageState, LanguageCoverage
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
from judge.models.package_import import ImportState, PackageImport
from judge.models.printout import Printout
from judge.models.style import StyleCheck
from judge.models.submission import (
    Judgement,
    JudgementState,
    SourceFile,
    Submission,
    SubmissionState,
    TestRun,
)

__all__ = [
    "ApplyRule",
    "AuditAction",
    "AuditEntry",
    "CannedAnswer",
    "Clarification",
    "ClarificationRead",
    "ClarificationState",
    "CoverageState",
    "ImportState",
    "Judgement",
    "JudgementState",
    "LanguageCoverage",
    "LanguageSelfTest",
    "PackageImport",
    "Printout",
    "RejudgeItem",
    "RejudgeSet",
    "RejudgeState",
    "SelfTestState",
    "SourceFile",
    "StyleCheck",
    "Submission",
    "SubmissionState",
    "TestRun",
]
