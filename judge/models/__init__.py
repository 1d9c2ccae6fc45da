from judge.models.submission import Judgement, JudgementState, Submission, SubmissionState, TestRun

__all__ = ["Judgement", "JudgementState", "Submission", "SubmissionState", "TestRun"]
