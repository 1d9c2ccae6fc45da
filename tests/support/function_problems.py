"""A small function problem for the web tests: `add(a, b)`, stored as a built case file Blob the
way the import stores a library problem, with its coverage rows; a team's submission of it,
judged with a visible and a hidden case."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client

from accounts.models import User
from contest.models import Blob, Contest, Language, Problem, ProblemKind
from judge.models import CoverageState, LanguageCoverage, Submission
from judge.selectors.coverage import HARNESS_LANGUAGES
from judge.services.results import on_judgement_done, store_report
from judge.services.submit import submit
from judging.classification import Classification
from judging.report import Report
from judging.report import TestReport as CaseReport

ADD_CASE_FILE: dict[str, Any] = {
    "id": "add",
    "title": "Add",
    "kind": "function",
    "function": None,
    "entry": "add",
    "argTypes": ["int", "int"],
    "returnType": "int",
    "timeLimit": 2,
    "statement": "Return `a + b`.",
    "cases": [
        {"name": "small", "args": [1, 2], "expected": 3},
        {"name": "secret", "args": [40, 2], "expected": 42, "hidden": True},
    ],
}
ADD_CASE_FILE.pop("function")


def function_problem(
    contest: Contest,
    letter: str = "F",
    *,
    states: dict[str, str] | None = None,
) -> Problem:
    """Problem `letter`: add(a, b); coverage per language from `states` (default: verified
    everywhere)."""
    blob = Blob.store(json.dumps(ADD_CASE_FILE).encode())
    problem = Problem.objects.create(
        contest=contest,
        letter=letter,
        name="Add",
        statement="Return `a + b`.",
        kind=ProblemKind.FUNCTION,
        library_id="add",
        case_file=blob,
        time_limit_s=2,
    )
    states = states if states is not None else dict.fromkeys(HARNESS_LANGUAGES, "verified")
    for language_id, state in states.items():
        LanguageCoverage.objects.create(
            problem=problem,
            language_id=language_id,
            state=CoverageState(state),
            case_file_sha=blob.sha256,
        )
    return problem


ADD_PY = b"def add(a, b):\n    return a + b\n"


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def submit_add(
    user: User, problem: Problem, filename: str, language: Language | None = None
) -> Submission:
    """The team submits the right `add` as `filename` (in `language`, or by its extension)."""
    return submit(
        user=user,
        contest=problem.contest,
        problem=problem,
        filename=filename,
        source=ADD_PY,
        language=language,
    )


def judged_add(fn: Problem, team_user: User) -> Submission:
    """A submission of `add` judged Wrong Answer: the visible case passed, the hidden one got a
    secret output and checker message that only judges may read."""
    submission = submit_add(team_user, fn, "solution.py")
    judgement = submission.judgements.get()
    tests = [
        CaseReport(
            name="small",
            classification=Classification.ACCEPTED,
            sample=True,
            input_preview="[1,2]",
            expected_preview="3",
            got_preview="3",
        ),
        CaseReport(
            name="secret",
            classification=Classification.WRONG_ANSWER,
            input_preview="[40,2]",
            expected_preview="42",
            got_preview="SECRET-GOT-41",
            checker_message="SECRET-MESSAGE: expected 42",
        ),
    ]
    store_report(judgement, Report(classification=Classification.WRONG_ANSWER, tests=tests))
    on_judgement_done(judgement)
    submission.refresh_from_db()
    return submission
