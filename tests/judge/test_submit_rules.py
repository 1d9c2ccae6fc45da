"""Static analysis (the database part): each rule rejects with its message through the form,
and nothing is stored. An accepted submission is stored with a queued judgement and is put on
the real RQ queue only after the commit."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoCaptureOnCommitCallbacks
from redis import Redis

from accounts.models import User
from contest.models import Language, Problem
from judge.errors import ServiceError
from judge.models import Judgement, JudgementState, Submission, SubmissionState
from judge.services.submit import submit
from tests.support import factories

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db

SUM_PY = b"a, b = map(int, input().split())\nprint(a + b)\n"


@pytest.fixture
def client(team_user: User, problem: Problem, languages: dict[str, Language]) -> Client:
    client = Client()
    client.force_login(team_user)
    return client


def _post(
    client: Client, problem: Problem, filename: str = "sum.py", code: bytes = SUM_PY, **extra: str
) -> Response:
    data = {"problem": problem.pk, "filename": filename, "code": code.decode(), **extra}
    return client.post(reverse("team:submit"), data)


def _rejected(client: Client, problem: Problem, message: str, **kwargs: str | bytes) -> None:
    before = (Submission.objects.count(), Judgement.objects.count())
    response = _post(client, problem, **kwargs)
    assert response.status_code == 200, "a rejection shows the form again"
    assert message in response.content.decode()
    assert (Submission.objects.count(), Judgement.objects.count()) == before


def _accepted_submission(
    team_user: User, problem: Problem, *, minutes_ago: float = 30, **fields: str
) -> Submission:
    return Submission.objects.create(
        contest=problem.contest,
        team=team_user.team,
        problem=problem,
        language_id="python3",
        filename="a.py",
        source=SUM_PY,
        submitted_at=timezone.now() - timedelta(minutes=minutes_ago),
        **fields,
    )


def test_accepted_submission_is_stored_and_queued_after_commit(
    client: Client,
    problem: Problem,
    redis_conn: Redis,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    import django_rq

    queue = django_rq.get_queue("judging")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = _post(client, problem)
        assert queue.count == 0, "nothing is queued before the commit"
    assert response.status_code == 302
    for callback in callbacks:
        callback()
    submission = Submission.objects.get()
    judgement = submission.judgements.get()
    assert submission.state == SubmissionState.QUEUED
    assert submission.language_id == "python3"  # from the extension
    assert bytes(submission.source) == SUM_PY
    assert judgement.state == JudgementState.QUEUED
    assert judgement.reason == Judgement.Reason.SUBMISSION
    assert queue.count == 1
    assert queue.jobs[0].args == (judgement.pk,)


def test_an_uploaded_file_is_accepted_in_the_language_of_its_name(
    client: Client,
    problem: Problem,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
    redis_conn: Redis,
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("sum.c", b"int main(){return 0;}\n")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("team:submit"), {"problem": problem.pk, "file": upload})
    assert response.status_code == 302
    assert Submission.objects.get().language_id == "c"


def test_a_submission_outside_the_contest_time_is_refused(client: Client, problem: Problem) -> None:
    contest = problem.contest
    contest.end = timezone.now() - timedelta(minutes=1)
    contest.save()
    _rejected(client, problem, "The contest is not running.")


def test_a_user_without_a_team_cannot_submit(
    problem: Problem, judge_user: User, languages: dict[str, Language]
) -> None:
    with pytest.raises(ServiceError) as rejected:
        submit(
            user=judge_user,
            contest=problem.contest,
            problem=problem,
            filename="a.py",
            source=SUM_PY,
        )
    assert rejected.value.code == "no_team"
    client = Client()
    client.force_login(judge_user)
    assert client.post(reverse("team:submit"), {}).status_code == 403
    assert Submission.objects.count() == 0


def test_a_problem_of_another_contest_is_refused(
    client: Client, problem: Problem, team_user: User
) -> None:
    other = factories.running_contest(short_name="other", name="Other")
    foreign = factories.sum_problem(other, letter="Z")
    _rejected(client, foreign, "That problem is not part of this contest.")
    with pytest.raises(ServiceError, match="not part of this contest"):
        submit(
            user=team_user, contest=problem.contest, problem=foreign, filename="a.py", source=SUM_PY
        )


def test_a_file_of_an_unknown_extension_is_refused(client: Client, problem: Problem) -> None:
    _rejected(client, problem, "No enabled language for the file name", filename="sum.cobol")


def test_a_disabled_language_is_refused_by_extension_and_by_choice(
    client: Client, problem: Problem, languages: dict[str, Language]
) -> None:
    languages["python3"].enabled = False
    languages["python3"].save()
    _rejected(client, problem, "No enabled language for the file name", filename="sum.py")
    _rejected(client, problem, "That language is not accepted", language="python3")


def test_a_program_above_the_size_limit_is_refused(client: Client, problem: Problem) -> None:
    problem.source_size_kib = 1
    problem.save()
    big = SUM_PY + b"#" * 2048 + b"\n"
    _rejected(client, problem, "the limit for this problem is 1 KiB", code=big)


def test_an_empty_program_is_refused(client: Client, problem: Problem, team_user: User) -> None:
    _rejected(client, problem, "Upload a file or paste the program.", code=b"   ")
    with pytest.raises(ServiceError, match="empty"):
        submit(
            user=team_user,
            contest=problem.contest,
            problem=problem,
            filename="a.py",
            source=b"\n\n",
        )


def test_a_solved_problem_takes_no_more_submissions(
    client: Client, problem: Problem, team_user: User
) -> None:
    _accepted_submission(team_user, problem, classification="Accepted", state="pending")
    _rejected(client, problem, "Your team already solved problem A.")


def test_a_solved_problem_takes_more_submissions_with_multiple_accepts(
    client: Client,
    problem: Problem,
    team_user: User,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
    redis_conn: Redis,
) -> None:
    problem.contest.multiple_accepts = True
    problem.contest.save()
    _accepted_submission(team_user, problem, classification="Accepted", state="final")
    with django_capture_on_commit_callbacks(execute=True):
        assert _post(client, problem).status_code == 302
    assert Submission.objects.count() == 2


def test_submissions_closer_than_the_minimum_interval_are_refused(
    client: Client, problem: Problem, team_user: User
) -> None:
    problem.contest.min_interval_s = 120
    problem.contest.save()
    _accepted_submission(
        team_user, problem, minutes_ago=1, classification="Wrong Answer", state="final"
    )
    _rejected(client, problem, "Submissions of a team must be 120 s apart; try again in")


def test_a_team_with_the_maximum_of_pending_submissions_is_refused(
    client: Client, problem: Problem, team_user: User
) -> None:
    problem.contest.max_pending = 2
    problem.contest.save()
    _accepted_submission(team_user, problem, state="queued")
    _accepted_submission(team_user, problem, state="pending", classification="Wrong Answer")
    _rejected(client, problem, "already has 2 submission(s) waiting for a verdict")


def test_final_submissions_do_not_count_as_pending(
    client: Client,
    problem: Problem,
    team_user: User,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
    redis_conn: Redis,
) -> None:
    problem.contest.max_pending = 1
    problem.contest.save()
    _accepted_submission(team_user, problem, state="final", classification="Wrong Answer")
    with django_capture_on_commit_callbacks(execute=True):
        assert _post(client, problem).status_code == 302
