"""The jury's report of a multi-pass test shows each pass: its result, times, exit, what the
validator said (and whether it asked for another pass), and the first bytes of its input and
output; an interactive test's transcript is shown to the jury, never to the team."""

from __future__ import annotations

import dataclasses

import pytest
from django.db import transaction

from accounts.models import User
from contest.models import Problem
from judge.services.results import on_judgement_done, store_report
from judging.classification import Classification as C
from judging.report import PassReport
from tests.jury.conftest import ClientAs
from tests.support import builders

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("languages")]


def test_each_pass_of_a_test_is_in_the_jury_report(
    problem: Problem, team_user: User, judge_user: User, client_as: ClientAs
) -> None:
    submission = builders.send(team_user, problem)
    judgement = builders.first_judgement(submission)
    report = builders.report(C.WRONG_ANSWER)
    passes = (
        PassReport(
            1,
            C.ACCEPTED,
            cpu_ms=11,
            validator="accepted",
            next_pass=True,
            input_preview="guess 1\n",
            output_preview="a\n",
        ),
        PassReport(
            2,
            C.WRONG_ANSWER,
            cpu_ms=12,
            exit_code=0,
            validator="rejected",
            message="wrong letter",
            input_preview="guess 2\n",
            output_preview="zz\n",
        ),
    )
    secret = dataclasses.replace(report.tests[1], classification=C.WRONG_ANSWER, passes=passes)
    report = dataclasses.replace(report, tests=(report.tests[0], secret))
    with transaction.atomic():
        store_report(judgement, report)
        on_judgement_done(judgement)
    run = judgement.runs.get(name="secret/1")
    page = client_as(judge_user).get(f"/jury/submissions/{submission.pk}/runs/{run.pk}/")
    html = page.content.decode()
    table = html.split('<table class="passes small">')[1].split("</table>")[0]
    first, second = table.split('<tr data-pass="1">')[1].split('<tr data-pass="2">')
    assert "accepted, another pass" in first and "guess 1" in first
    assert "rejected" in second and "wrong letter" in second and "zz" in second
    other = judgement.runs.get(name="sample/1")
    html = client_as(judge_user).get(f"/jury/submissions/{submission.pk}/runs/{other.pk}/")
    assert 'class="passes' not in html.content.decode()  # a test of one run shows no table


def test_an_interactive_tests_transcript_is_in_the_jury_report_and_not_the_teams(
    problem: Problem, team_user: User, judge_user: User, client_as: ClientAs
) -> None:
    submission = builders.send(team_user, problem)
    judgement = builders.first_judgement(submission)
    report = builders.report(C.TIME_LIMIT_EXCEEDED)
    talk = "<higher\n>50\n<lower\n>25\n"
    secret = dataclasses.replace(report.tests[1], transcript=talk, deadlock=True)
    report = dataclasses.replace(report, tests=(report.tests[0], secret))
    with transaction.atomic():
        store_report(judgement, report)
        on_judgement_done(judgement)
    run = judgement.runs.get(name="secret/1")
    html = client_as(judge_user).get(f"/jury/submissions/{submission.pk}/runs/{run.pk}/")
    shown = html.content.decode().split("data-transcript>")[1].split("</pre>")[0]
    assert shown == "&lt;higher\n&gt;50\n&lt;lower\n&gt;25\n"
    assert "ended in a protocol deadlock" in html.content.decode()
    team = client_as(team_user).get(f"/submissions/{submission.pk}/").content.decode()
    assert "higher" not in team  # the interactor's side is the jury's
