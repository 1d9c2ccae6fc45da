"""What the pages show of a function problem's times and size (issue 12, item 13): the team's
and the jury's submission pages give each case's harness-measured time and the whole run's CPU,
wall and memory; the jury's problem list counts the cases of a function problem. Measuring
them, in the real sandbox: tests/judging/functions/test_timings.py."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from pytest_django import DjangoCaptureOnCommitCallbacks

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.services.coverage import import_function_problem
from judge.services.results import on_judgement_done, store_report
from judging.classification import Classification
from judging.report import Report, RunUsage
from judging.report import TestReport as CaseReport
from tests.support.function_problems import logged_in, submit_add

pytestmark = pytest.mark.django_db
C = Classification


def _judged_with_times(fn: Problem, team_user: User) -> int:
    submission = submit_add(team_user, fn, "solution.py")
    judgement = submission.judgements.get()
    tests = [
        CaseReport("small", C.ACCEPTED, cpu_ms=0, wall_ms=0, sample=True, input_preview="[1,2]"),
        CaseReport("stress:big", C.ACCEPTED, cpu_ms=417, wall_ms=433),
    ]
    run = RunUsage(cpu_ms=1234, wall_ms=1500, memory_kib=51200)
    store_report(judgement, Report(classification=C.ACCEPTED, tests=tests, run=run))
    on_judgement_done(judgement)
    return submission.pk


def test_the_team_sees_each_cases_time_and_the_whole_runs(fn: Problem, team_user: User) -> None:
    fn.contest.team_feedback = "all"  # the course level: cases one by one
    fn.contest.save()
    pk = _judged_with_times(fn, team_user)
    html = logged_in(team_user).get(reverse("team:submission", args=[pk])).content.decode()
    assert "433 ms" in html and "417 ms" in html
    assert "Whole run" in html and "CPU 1234 ms, wall 1500 ms, memory 50.0 MiB" in html
    fn.contest.team_feedback = "verdict"  # ICPC: the verdict alone, no times either
    fn.contest.save()
    html = logged_in(team_user).get(reverse("team:submission", args=[pk])).content.decode()
    assert "433 ms" not in html and "Whole run" not in html


def test_the_jury_sees_the_whole_runs_time_and_memory(
    fn: Problem, team_user: User, judge_user: User
) -> None:
    pk = _judged_with_times(fn, team_user)
    html = logged_in(judge_user).get(reverse("jury:submission", args=[pk])).content.decode()
    assert "433 ms" in html and "CPU 1234 ms, wall 1500 ms, memory 50.0 MiB" in html


def test_the_jury_problem_list_counts_a_function_problems_cases(
    contest: Contest,
    languages: dict[str, Language],
    admin_user: User,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    from library import index

    with django_capture_on_commit_callbacks(execute=True):
        problem = import_function_problem(contest, "two-sum")
    count = len(json.loads(index.built_path("two-sum").read_text())["cases"])
    assert count > 10 and problem.case_count == count
    html = logged_in(admin_user).get(reverse("jury:problems")).content.decode()
    assert f'<td class="num">{count}</td>' in html
    page = logged_in(admin_user).get(reverse("jury:problem", args=[problem.pk])).content.decode()
    assert f'<span id="case-count">{count} cases</span>' in page
