"""A submit-answer package's own submissions: answer files, one per test (judging/graders/
answers.py says how they are named), in a file or a directory of submissions/<verdict>/.

The format says a submission of such a problem "consists of the answers to the test cases
instead of source code", so a program there is not judged (it would need running, which a
submit-answer problem never does): check-package says so instead of guessing.
"""

from __future__ import annotations

from judging.graders.answers import ANSWER_SUFFIXES
from judging.problem.submissions import PackageSubmission

PROGRAM = "a program, not answer files (a submit-answer problem judges <test>.out files)"


def why_answers_not_judged(submission: PackageSubmission) -> str:
    """Why check-package cannot judge this submission of a submit-answer problem, or ""."""
    if submission.expectation.unjudgeable:
        return submission.expectation.unjudgeable
    if not submission.files:
        return "an empty directory"
    if any(not path.name.endswith(ANSWER_SUFFIXES) for path in submission.files):
        return PROGRAM
    return ""
