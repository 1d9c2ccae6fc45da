"""Function problems in the submission domain, without a worker: coverage gates submissions,
coverage records and verification requests, custom input parsing, the previews a team sees,
importing a library problem, and the verification job run in-process. The team's editor, the
jury's pages and the API's per-language extension: tests/team, tests/jury, tests/api
(test_function_problems.py, test_problem_languages.py)."""

from __future__ import annotations

from pathlib import Path

import django_rq
import pytest
from django.urls import reverse
from pytest_django import DjangoCaptureOnCommitCallbacks
from redis import Redis

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.errors import ServiceError
from judge.models import CoverageState, LanguageCoverage, Submission
from judge.queue import VERIFYING_QUEUE
from judge.selectors.coverage import language_statuses, refusal
from judge.selectors.visibility import team_test_rows
from judge.services.coverage import import_function_problem, record_coverage, request_verification
from judge.services.runs import parse_custom_input
from tests.support.function_problems import ADD_CASE_FILE, judged_add, logged_in, submit_add

pytestmark = pytest.mark.django_db


def test_only_verified_languages_are_judged(
    fn: Problem, team_user: User, languages: dict[str, Language]
) -> None:
    assert submit_add(team_user, fn, "solution.py").language_id == "python3"
    refusals = {
        "java": "still being verified",
        "cpp": "does not pass there",
        "c": "has no harness",
    }
    for language_id, message in refusals.items():
        with pytest.raises(ServiceError, match=message) as caught:
            submit_add(team_user, fn, "x.txt", languages[language_id])
        assert caught.value.code == "language_not_judged"
    assert Submission.objects.count() == 1


def test_stdin_problems_are_not_gated_by_coverage(
    problem: Problem, team_user: User, languages: dict[str, Language]
) -> None:
    assert refusal is not None  # the gate exists, but only function problems pass through it
    submission = submit_add(team_user, problem, "x.c", languages["c"])
    assert submission.problem.kind == "stdin"


def test_a_verification_of_an_older_case_file_is_dropped(fn: Problem) -> None:
    assert not record_coverage(fn.pk, "java", "0" * 64, verified=True, detail="old file")
    assert LanguageCoverage.objects.get(problem=fn, language_id="java").state == "pending"
    assert record_coverage(fn.pk, "java", fn.case_file_id, verified=True, detail="ok")
    assert LanguageCoverage.objects.get(problem=fn, language_id="java").state == "verified"


def test_requesting_verification_resets_every_language_and_queues_jobs(
    fn: Problem,
    redis_conn: Redis,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        request_verification(fn)
    states = dict(LanguageCoverage.objects.filter(problem=fn).values_list("language_id", "state"))
    assert set(states.values()) == {CoverageState.PENDING}
    assert set(states) == {"python3", "java", "javascript", "typescript", "cpp"}
    jobs = django_rq.get_queue(VERIFYING_QUEUE).get_jobs()
    assert sorted(job.args[1] for job in jobs) == sorted(states)
    assert {job.args[2] for job in jobs} == {fn.case_file_id}


def test_new_limits_verify_the_references_again(
    fn: Problem,
    admin_user: User,
    redis_conn: Redis,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    from judge.services.contest_admin import update_problem

    with django_capture_on_commit_callbacks(execute=True):
        update_problem(problem=fn, admin=admin_user, changes={"name": "Adding"})
    assert django_rq.get_queue(VERIFYING_QUEUE).count == 0  # the limits did not change
    assert LanguageCoverage.objects.get(problem=fn, language_id="python3").state == "verified"
    with django_capture_on_commit_callbacks(execute=True):
        update_problem(problem=fn, admin=admin_user, changes={"time_limit_s": 0.5})
    states = set(LanguageCoverage.objects.filter(problem=fn).values_list("state", flat=True))
    assert states == {CoverageState.PENDING}
    assert django_rq.get_queue(VERIFYING_QUEUE).count == 5


def test_statuses_say_judged_verifying_or_not_judged(fn: Problem) -> None:
    labels = {s.language_id: (s.label, s.judged) for s in language_statuses(fn)}
    assert labels["python3"] == ("judged", True)
    assert labels["java"] == ("verifying…", False)
    assert labels["cpp"] == ("not judged (reference fails)", False)
    assert labels["typescript"][1] is False  # no row: still verifying, and no language row


def test_custom_input_is_one_json_array_per_line() -> None:
    manifest = {k: v for k, v in ADD_CASE_FILE.items() if k != "cases"}
    assert parse_custom_input("[1, 2]\n\n  [3,4]  \n", manifest) == [[1, 2], [3, 4]]
    bad = {
        "[1, 2": "line 1",
        "[1, 2]\n{}": "one JSON array",
        '[1, "x"]': "line 1",
        "[1]": "line 1",
        "[1,1]\n" * 21: "At most 20",
        "[" + "1," * 40000 + "1]": "64 KiB",
    }
    for text, message in bad.items():
        with pytest.raises(ServiceError, match=message):
            parse_custom_input(text, manifest)


def test_teams_see_previews_of_visible_cases_only(fn: Problem, team_user: User) -> None:
    fn.contest.team_feedback = "all"  # the course level: every case listed
    fn.contest.save()
    submission = judged_add(fn, team_user)
    rows = {r.name: r for r in team_test_rows(submission)}
    assert (rows["small"].input_preview, rows["small"].got_preview) == ("[1,2]", "3")
    assert (rows["secret"].input_preview, rows["secret"].got_preview) == ("", "")
    assert rows["secret"].classification == "Wrong Answer"
    page = logged_in(team_user).get(reverse("team:submission", args=[submission.pk]))
    html = page.content.decode()
    assert "[1,2]" in html and "SECRET-GOT-41" not in html and "[40,2]" not in html
    assert "SECRET-MESSAGE" not in html


def test_import_stores_the_library_case_file_and_queues_verifications(
    contest: Contest,
    languages: dict[str, Language],
    redis_conn: Redis,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    from library import index

    with django_capture_on_commit_callbacks(execute=True):
        problem = import_function_problem(contest, "two-sum")
    assert (problem.letter, problem.kind, problem.name) == ("A", "function", "Two Sum")
    assert problem.case_file is not None
    assert problem.case_file.read() == index.built_path("two-sum").read_bytes()
    assert "indices of the two numbers" in problem.statement
    jobs = django_rq.get_queue(VERIFYING_QUEUE).get_jobs()
    assert len(jobs) == 5 and {job.args[2] for job in jobs} == {problem.case_file_id}
    again = import_function_problem(contest, "two-sum", letter="A")  # in place
    assert again.pk == problem.pk
    with pytest.raises(ServiceError, match="no library problem"):
        import_function_problem(contest, "no-such-problem")


def test_serve_requeues_only_verifications_redis_lost(
    fn: Problem,
    redis_conn: Redis,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    from judge.services.coverage import requeue_pending_verifications

    with django_capture_on_commit_callbacks(execute=True):
        assert requeue_pending_verifications() == 1  # java: the one pending row
    assert requeue_pending_verifications() == 0  # its job is still in the queue
    redis_conn.flushdb()  # Redis restarted empty
    with django_capture_on_commit_callbacks(execute=True):
        assert requeue_pending_verifications() == 1


@pytest.mark.sandbox
def test_a_language_without_a_reference_is_recorded_not_judged(fn: Problem) -> None:
    from judge.jobs.functions import verify_reference

    assert verify_reference(fn.pk, "java", "f" * 64) == "stale"  # re-imported since
    assert LanguageCoverage.objects.get(problem=fn, language_id="java").state == "pending"
    assert verify_reference(fn.pk, "java", fn.case_file_id) == "failed"
    row = LanguageCoverage.objects.get(problem=fn, language_id="java")
    assert row.state == "failed" and "no reference solution" in row.detail


@pytest.mark.sandbox
def test_a_worker_verifies_the_references_the_import_stored_without_the_library(
    contest: Contest,
    languages: dict[str, Language],
    redis_conn: Redis,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker's checkout need not hold the library: the references come from the database."""
    from judge.jobs.functions import stored_sources, verify_reference
    from library import index

    problem = import_function_problem(contest, "two-sum")  # its jobs are queued after a commit
    expected = index.reference_path("two-sum", "python3").read_bytes()
    monkeypatch.setattr(index, "ROOT", tmp_path)  # this worker's library is empty
    assert not index.reference_path("two-sum", "python3").exists()
    assert stored_sources(problem, "python3").reference == expected
    assert verify_reference(problem.pk, "python3", problem.case_file_id) == "verified"
    assert LanguageCoverage.objects.get(problem=problem, language_id="python3").judged


def test_a_reference_starved_by_a_busy_machine_is_verified_again_later(
    fn: Problem,
    redis_conn: Redis,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    """Wall-clock limit hit with CPU time under the limit: the machine was busy, the reference
    was not slow. Verified again later (a few times), then recorded as it is."""
    from rq.registry import ScheduledJobRegistry

    from judge.jobs import functions as function_jobs
    from library.verify import Verification

    starved = Verification(
        "add", "java", False, "reference: Time Limit Exceeded", "Time Limit Exceeded", 900, 2000
    )
    monkeypatch.setattr(function_jobs, "_verify", lambda problem, language_id: starved)
    with django_capture_on_commit_callbacks(execute=True):
        assert function_jobs.verify_reference(fn.pk, "java", fn.case_file_id) == "retrying"
    row = LanguageCoverage.objects.get(problem=fn, language_id="java")
    assert row.state == "pending" and "machine busy" in row.detail
    scheduled = ScheduledJobRegistry(queue=django_rq.get_queue(VERIFYING_QUEUE))
    assert len(scheduled.get_job_ids()) == 1
    last = function_jobs.BUSY_RETRIES + 1
    assert function_jobs.verify_reference(fn.pk, "java", fn.case_file_id, last) == "failed"
    slow = Verification("add", "java", False, "too slow", "Time Limit Exceeded", 2100, 2000)
    monkeypatch.setattr(function_jobs, "_verify", lambda problem, language_id: slow)
    assert function_jobs.verify_reference(fn.pk, "cpp", fn.case_file_id) == "failed"
