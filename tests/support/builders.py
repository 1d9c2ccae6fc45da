"""Submissions in the states the jury meets them.

Submissions go through the real submission service. `judged` stores an engine report through
the real results service (what the worker does after the engine ran) for tests of jury
transitions that need no judging; `judge_for_real` runs the worker's job in-process with the
real engine and sandbox (tests marked sandbox).
"""

from __future__ import annotations

from django.db import transaction

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.models import Judgement, Submission
from judge.services.results import on_judgement_done, store_report
from judge.services.submit import submit
from judging.classification import Classification
from judging.report import Report, TestReport

# Problem A of tests.support.factories: two tests, "1 2" -> 3 and "40 2" -> 42.
CORRECT = b"a, b = map(int, input().split())\nprint(a + b)\n"
# A trailing space: a Presentation Error under Mooshak's comparison.
TRAILING_SPACE = b"a, b = map(int, input().split())\nprint(a + b, end=' \\n')\n"
# Right for small inputs only: 1 2 -> 3, 40 2 -> 41.
OFF_BY_ONE_ABOVE_TEN = b"a, b = map(int, input().split())\nprint(a + b - (a > 10))\n"
SYNTAX_ERROR = b"print(\n"


def send(
    user: User, problem: Problem, source: bytes = CORRECT, filename: str = "sum.py"
) -> Submission:
    contest: Contest = problem.contest
    python = Language.objects.get(pk="python3")
    return submit(
        user=user,
        contest=contest,
        problem=problem,
        filename=filename,
        source=source,
        language=python,
    )


def first_judgement(submission: Submission) -> Judgement:
    return submission.judgements.get(reason=Judgement.Reason.SUBMISSION)


def report(verdict: Classification, outputs: tuple[str, ...] = ("3\n", "42\n")) -> Report:
    tests = tuple(
        TestReport(
            name=name,
            classification=verdict,
            cpu_ms=10 + i,
            wall_ms=20 + i,
            memory_kib=4096,
            exit_code=0,
            output_preview=out,
            sample=i == 0,
        )
        for i, (name, out) in enumerate(zip(("sample/1", "secret/1"), outputs, strict=True))
    )
    return Report(classification=verdict, language="python3", tests=tests)


def store(judgement: Judgement, verdict: Classification, **kwargs: tuple[str, ...]) -> Judgement:
    # One transaction, as judge.jobs.judging._finish does (the rejudge hook locks its set's row).
    with transaction.atomic():
        store_report(judgement, report(verdict, **kwargs))
        on_judgement_done(judgement)
    judgement.refresh_from_db()
    return judgement


def judged(
    user: User, problem: Problem, verdict: Classification, **kwargs: tuple[str, ...]
) -> Submission:
    submission = send(user, problem)
    store(first_judgement(submission), verdict, **kwargs)
    submission.refresh_from_db()
    return submission


def judge_for_real(judgement: Judgement) -> Judgement:
    from judge.jobs.judging import judge_judgement

    judge_judgement(judgement.pk)
    judgement.refresh_from_db()
    return judgement


def sent_and_judged(user: User, problem: Problem, source: bytes) -> Submission:
    submission = send(user, problem, source)
    judge_for_real(first_judgement(submission))
    submission.refresh_from_db()
    return submission
