"""What a finished judgement changes, and what the team then sees of it.

Reports here are real engine Report values (plain data), stored as a worker stores them.
"""

from __future__ import annotations

from typing import Protocol

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from contest.models import Language, Problem
from judge.models import Judgement, JudgementState, Submission, SubmissionState
from judge.selectors.visibility import team_test_rows, team_view
from judge.services.results import on_judgement_done, record_failure, store_report
from judging.classification import Classification
from judging.report import CompileReport, Report
from judging.report import TestReport as OneTest

pytestmark = pytest.mark.django_db

AC = Classification.ACCEPTED
WA = Classification.WRONG_ANSWER


def _report(*verdicts: Classification, compile_output: str = "") -> Report:
    tests = tuple(
        OneTest(
            name=f"{'sample' if i == 0 else 'secret'}/{i + 1}",
            classification=v,
            cpu_ms=10 * (i + 1),
            wall_ms=20,
            memory_kib=2048,
            sample=i == 0,
            output_preview="TEAM-OUTPUT",
            checker_message="expected 42 got 41",
        )
        for i, v in enumerate(verdicts)
    )
    worst = max(verdicts, key=lambda c: c.severity)
    return Report(
        worst,
        language="python3",
        tests=tests,
        compile=CompileReport(ok=True, output=compile_output),
    )


class Judged(Protocol):
    """judged(report, reason) -> Alpha's submission of problem A, its judgement (of that reason)
    stored with that report and done."""

    def __call__(self, report: Report, reason: str = ...) -> Submission: ...


@pytest.fixture
def judged(problem: Problem, team_user: User, languages: dict[str, Language]) -> Judged:
    def make(report: Report, reason: str = Judgement.Reason.SUBMISSION) -> Submission:
        submission = Submission.objects.create(
            contest=problem.contest,
            team=team_user.team,
            problem=problem,
            language_id="python3",
            filename="a.py",
            source=b"print(3)\n",
            submitted_at=timezone.now(),
            state=SubmissionState.JUDGING,
        )
        judgement = Judgement.objects.create(
            submission=submission, reason=reason, state=JudgementState.JUDGING
        )
        store_report(judgement, report)
        on_judgement_done(judgement)
        submission.refresh_from_db()
        return submission

    return make


def test_new_submission_becomes_pending_with_its_report(judged: Judged) -> None:
    submission = judged(_report(AC, WA, compile_output="warning: unused"))
    judgement = submission.current_judgement
    assert submission.state == SubmissionState.PENDING
    assert submission.classification == "Wrong Answer"
    assert judgement.state == JudgementState.DONE and judgement.finished_at is not None
    assert judgement.report["classification"] == "Wrong Answer"
    assert judgement.compile_output == "warning: unused"
    runs = list(judgement.runs.order_by("order"))
    assert [r.classification for r in runs] == ["Accepted", "Wrong Answer"]
    assert [r.cpu_ms for r in runs] == [10, 20]
    assert runs[1].checker_message == "expected 42 got 41"
    assert runs[0].sample and not runs[1].sample


def test_accepted_is_final_when_the_contest_auto_validates(
    judged: Judged, problem: Problem
) -> None:
    assert judged(_report(AC)).state == SubmissionState.PENDING
    problem.contest.auto_validate_accepted = True
    problem.contest.save()
    assert judged(_report(AC)).state == SubmissionState.FINAL
    assert judged(_report(WA)).state == SubmissionState.PENDING


def test_jury_judgements_do_not_change_what_the_team_sees(judged: Judged) -> None:
    submission = judged(_report(AC))
    first = submission.current_judgement_id
    again = Judgement.objects.create(
        submission=submission, state=JudgementState.JUDGING, reason=Judgement.Reason.REEVALUATION
    )
    store_report(again, _report(WA))
    on_judgement_done(again)
    submission.refresh_from_db()
    assert (submission.current_judgement_id, submission.classification) == (first, "Accepted")


def test_failure_is_never_a_verdict(
    problem: Problem, team_user: User, languages: dict[str, Language]
) -> None:
    submission = Submission.objects.create(
        contest=problem.contest,
        team=team_user.team,
        problem=problem,
        language_id="python3",
        filename="a.py",
        source=b"x",
        submitted_at=timezone.now(),
        state="judging",
    )
    judgement = Judgement.objects.create(submission=submission, state="judging")
    record_failure(judgement, "sandbox failure: no cgroup", will_retry=True)
    submission.refresh_from_db()
    judgement.refresh_from_db()
    assert judgement.state == JudgementState.FAILED
    assert judgement.classification == "Requires Reevaluation"
    assert "no cgroup" in judgement.reason_text
    assert (submission.state, submission.classification) == (SubmissionState.QUEUED, "")
    record_failure(judgement, "still broken", will_retry=False)
    submission.refresh_from_db()
    assert submission.state == SubmissionState.PENDING  # for the jury to reevaluate
    assert submission.classification == "Requires Reevaluation"


@pytest.mark.parametrize(
    ("feedback", "show_pending", "final", "status", "tests"),
    [
        ("all", True, False, "Wrong Answer", ["sample/1", "secret/2"]),
        ("samples", True, False, "Wrong Answer", ["sample/1"]),
        ("verdict", True, False, "Wrong Answer", []),
        ("none", True, True, "Received", []),
        ("all", False, False, "Pending", []),
        ("all", False, True, "Wrong Answer", ["sample/1", "secret/2"]),
    ],
)
def test_team_view_follows_contest_settings(
    judged: Judged,
    problem: Problem,
    team_user: User,
    feedback: str,
    show_pending: bool,
    final: bool,
    status: str,
    tests: list[str],
) -> None:
    contest = problem.contest
    contest.team_feedback, contest.show_pending_to_teams = feedback, show_pending
    contest.save()
    submission = judged(_report(AC, WA))
    if final:
        submission.state = SubmissionState.FINAL
        submission.save()
    view = team_view(submission)
    assert view.status == status
    assert [row.name for row in team_test_rows(submission)] == tests
    client = Client()
    client.force_login(team_user)
    detail = client.get(reverse("team:submission", args=[submission.pk])).content.decode()
    listing = client.get(reverse("team:submissions")).content.decode()
    assert status in detail and status in listing
    if status in ("Pending", "Received"):
        assert "Wrong Answer" not in detail and "Wrong Answer" not in listing
    assert ("secret/2" in detail) == ("secret/2" in tests)  # a secret test's name and verdict
    assert ("sample/1" in detail) == ("sample/1" in tests)
    assert "TEAM-OUTPUT" not in detail and "expected 42" not in detail
    if tests:
        assert "1 2" in detail  # a sample test shows its input


def test_a_new_contest_shows_teams_the_verdict_only(problem: Problem) -> None:
    assert problem.contest.team_feedback == "verdict"


def test_the_compiler_output_comes_with_the_verdict(
    judged: Judged, problem: Problem, team_user: User
) -> None:
    submission = judged(_report(AC, WA, compile_output="warning: unused x"))
    client = Client()
    client.force_login(team_user)
    detail = client.get(reverse("team:submission", args=[submission.pk])).content.decode()
    assert "warning: unused x" in detail and "secret/2" not in detail


def test_the_listing_serves_its_rows_alone_and_keeps_polling_while_pending(
    judged: Judged, team_user: User
) -> None:
    judged(_report(AC))
    client = Client()
    client.force_login(team_user)
    fragment = client.get(reverse("team:submissions") + "?partial=1").content.decode()
    assert fragment.lstrip().startswith("<tr")
    assert "data-waiting" in fragment  # pending: the page keeps polling
    full = client.get(reverse("team:submissions")).content.decode()
    assert 'data-poll="' in full
