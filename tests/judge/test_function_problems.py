"""Function problems in the web app, without a worker: coverage gates submissions and runs,
coverage records, custom input parsing, the report previews teams and judges see, the API's
per-language extension, and the editor's Run / Submit endpoints."""

from __future__ import annotations

import json
from typing import Any

import django_rq
import pytest
from django.test import Client
from django.urls import reverse

from contest.testdata import function_problem as function_problem_of
from judge.errors import ServiceError
from judge.models import CoverageState, LanguageCoverage, Submission
from judge.queue import RUNS_QUEUE, VERIFYING_QUEUE
from judge.selectors.coverage import language_statuses, refusal
from judge.selectors.visibility import team_test_rows
from judge.services.coverage import import_function_problem, record_coverage, request_verification
from judge.services.results import on_judgement_done, store_report
from judge.services.runs import parse_custom_input, run_status
from judge.services.submit import submit
from judging.classification import Classification
from judging.report import Report
from judging.report import TestReport as CaseReport
from tests.support.function_problems import ADD_CASE_FILE, function_problem

pytestmark = pytest.mark.django_db

ADD_PY = b"def add(a, b):\n    return a + b\n"


@pytest.fixture
def fn(contest: Any, languages: Any) -> Any:
    return function_problem(
        contest,
        states={"python3": "verified", "java": "pending", "cpp": "failed"},
    )


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _submit(user: Any, problem: Any, filename: str, language: Any = None) -> Submission:
    return submit(
        user=user,
        contest=problem.contest,
        problem=problem,
        filename=filename,
        source=ADD_PY,
        language=language,
    )


def test_only_verified_languages_are_judged(fn: Any, team_user: Any, languages: Any) -> None:
    assert _submit(team_user, fn, "solution.py").language_id == "python3"
    refusals = {
        "java": "still being verified",
        "cpp": "does not pass there",
        "c": "has no harness",
    }
    for language_id, message in refusals.items():
        with pytest.raises(ServiceError, match=message) as caught:
            _submit(team_user, fn, "x.txt", languages[language_id])
        assert caught.value.code == "language_not_judged"
    assert Submission.objects.count() == 1


def test_stdin_problems_are_not_gated_by_coverage(
    problem: Any, team_user: Any, languages: Any
) -> None:
    assert refusal is not None  # the gate exists, but only function problems pass through it
    submission = _submit(team_user, problem, "x.c", languages["c"])
    assert submission.problem.kind == "stdin"


def test_a_verification_of_an_older_case_file_is_dropped(fn: Any) -> None:
    assert not record_coverage(fn.pk, "java", "0" * 64, verified=True, detail="old file")
    assert LanguageCoverage.objects.get(problem=fn, language_id="java").state == "pending"
    assert record_coverage(fn.pk, "java", fn.case_file_id, verified=True, detail="ok")
    assert LanguageCoverage.objects.get(problem=fn, language_id="java").state == "verified"


def test_requesting_verification_resets_every_language_and_queues_jobs(
    fn: Any, redis_conn: Any, django_capture_on_commit_callbacks: Any
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
    fn: Any, admin_user: Any, redis_conn: Any, django_capture_on_commit_callbacks: Any
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


def test_statuses_say_judged_verifying_or_not_judged(fn: Any) -> None:
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


def _judged(fn: Any, team_user: Any) -> Submission:
    submission = _submit(team_user, fn, "solution.py")
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


def test_teams_see_previews_of_visible_cases_only(fn: Any, team_user: Any) -> None:
    submission = _judged(fn, team_user)
    rows = {r.name: r for r in team_test_rows(submission)}
    assert (rows["small"].input_preview, rows["small"].got_preview) == ("[1,2]", "3")
    assert (rows["secret"].input_preview, rows["secret"].got_preview) == ("", "")
    assert rows["secret"].classification == "Wrong Answer"
    page = _client(team_user).get(reverse("team:submission", args=[submission.pk]))
    html = page.content.decode()
    assert "[1,2]" in html and "SECRET-GOT-41" not in html and "[40,2]" not in html
    assert "SECRET-MESSAGE" not in html


def test_judges_see_previews_of_every_case(fn: Any, team_user: Any, judge_user: Any) -> None:
    submission = _judged(fn, team_user)
    page = _client(judge_user).get(reverse("jury:submission", args=[submission.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "SECRET-GOT-41" in html and "[40,2]" in html


def test_the_api_lists_per_problem_the_judged_languages(
    fn: Any, problem: Any, languages: Any
) -> None:
    response = Client().get("/api/contests/test/problem-languages")
    assert response.status_code == 200
    rows = {row["label"]: row for row in response.json()}
    assert rows["F"]["kind"] == "function" and rows["F"]["judged"] == ["python3"]
    assert rows["F"]["languages"]["java"] == "verifying"
    assert rows["F"]["languages"]["cpp"] == "not-judged"
    assert "c" not in rows["F"]["languages"]
    assert "c" in rows["A"]["judged"] and rows["A"]["kind"] == "stdin"
    one = Client().get(f"/api/contests/test/problem-languages?problem_id={fn.pk}").json()
    assert [row["label"] for row in one] == ["F"]


def _post(client: Client, name: str, fn: Any, body: dict[str, Any]) -> Any:
    url = reverse(f"team:{name}", args=[fn.letter])
    return client.post(url, json.dumps(body), content_type="application/json")


def test_run_is_queued_for_the_team_and_readable_only_by_it(
    fn: Any, team_user: Any, other_team_user: Any, redis_conn: Any
) -> None:
    client = _client(team_user)
    body = {"language": "python3", "source": ADD_PY.decode(), "custom": "[5, 6]"}
    response = _post(client, "function_run", fn, body)
    assert response.status_code == 202, response.content
    job = django_rq.get_queue(RUNS_QUEUE).get_jobs()[0]
    payload = job.args[0]
    assert payload["custom_args"] == [[5, 6]] and payload["reference_language_id"] == "python3"
    assert run_status(team_user, job.id) == {"status": "queued"}
    assert run_status(other_team_user, job.id) is None
    assert _client(other_team_user).get(response.json()["url"]).status_code == 404
    assert client.get(response.json()["url"]).json() == {"status": "queued"}
    assert _post(client, "function_run", fn, body).status_code == 202
    third = _post(client, "function_run", fn, body)  # runs jump the queue: two at a time
    assert third.status_code == 400 and "previous runs" in third.json()["error"]
    assert _post(_client(other_team_user), "function_run", fn, body).status_code == 202


def test_run_and_submit_refuse_languages_not_judged(
    fn: Any, team_user: Any, redis_conn: Any
) -> None:
    client = _client(team_user)
    body = {"language": "java", "source": "class Solution {}", "custom": ""}
    for name in ("function_run", "function_submit"):
        response = _post(client, name, fn, body)
        assert response.status_code == 400
        assert "still being verified" in response.json()["error"]
    assert _post(client, "function_run", fn, {**body, "language": "c"}).status_code == 400
    assert django_rq.get_queue(RUNS_QUEUE).count == 0 and Submission.objects.count() == 0


def test_run_refuses_bad_custom_input_and_judges_cannot_run(
    fn: Any, team_user: Any, judge_user: Any, redis_conn: Any
) -> None:
    body = {"language": "python3", "source": ADD_PY.decode(), "custom": "[1, 2"}
    response = _post(_client(team_user), "function_run", fn, body)
    assert response.status_code == 400 and "line 1" in response.json()["error"]
    assert _post(_client(judge_user), "function_run", fn, body).status_code == 403
    assert _post(Client(), "function_run", fn, body).status_code == 302  # to the login page


def test_submit_sends_the_editor_text_through_the_submission_service(
    fn: Any, team_user: Any, redis_conn: Any
) -> None:
    body = {"language": "python3", "source": ADD_PY.decode()}
    response = _post(_client(team_user), "function_submit", fn, body)
    assert response.status_code == 201, response.content
    submission = Submission.objects.get(pk=response.json()["id"])
    assert (submission.filename, submission.language_id) == ("solution.py", "python3")
    assert bytes(submission.source) == ADD_PY and submission.state == "queued"
    assert response.json()["url"] == reverse("team:submission", args=[submission.pk])


def test_the_jury_problem_page_shows_coverage_and_reverifies(
    fn: Any,
    admin_user: Any,
    team_user: Any,
    redis_conn: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    LanguageCoverage.objects.filter(problem=fn, language_id="cpp").update(
        detail="reference: Wrong Answer on gen:3"
    )
    admin = _client(admin_user)
    html = admin.get(reverse("jury:problem", args=[fn.pk])).content.decode()
    assert 'data-language="cpp" data-state="failed"' in html
    assert "reference: Wrong Answer on gen:3" in html
    url = reverse("jury:problem_reverify", args=[fn.pk])
    assert _client(team_user).post(url).status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        assert admin.post(url).status_code == 302
    assert set(LanguageCoverage.objects.filter(problem=fn).values_list("state", flat=True)) == {
        "pending"
    }
    assert django_rq.get_queue(VERIFYING_QUEUE).count == 5


def test_import_stores_the_library_case_file_and_queues_verifications(
    contest: Any, languages: Any, redis_conn: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from library import index

    with django_capture_on_commit_callbacks(execute=True):
        problem = import_function_problem(contest, "two-sum")
    assert (problem.letter, problem.kind, problem.name) == ("A", "function", "Two Sum")
    assert problem.case_file is not None
    assert bytes(problem.case_file.data) == index.built_path("two-sum").read_bytes()
    assert "indices of the two numbers" in problem.statement
    jobs = django_rq.get_queue(VERIFYING_QUEUE).get_jobs()
    assert len(jobs) == 5 and {job.args[2] for job in jobs} == {problem.case_file_id}
    again = import_function_problem(contest, "two-sum", letter="A")  # in place
    assert again.pk == problem.pk
    with pytest.raises(ServiceError, match="no library problem"):
        import_function_problem(contest, "no-such-problem")


def test_serve_requeues_only_verifications_redis_lost(
    fn: Any, redis_conn: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from judge.services.coverage import requeue_pending_verifications

    with django_capture_on_commit_callbacks(execute=True):
        assert requeue_pending_verifications() == 1  # java: the one pending row
    assert requeue_pending_verifications() == 0  # its job is still in the queue
    redis_conn.flushdb()  # Redis restarted empty
    with django_capture_on_commit_callbacks(execute=True):
        assert requeue_pending_verifications() == 1


def test_the_team_page_shows_signature_starter_coverage_and_examples(
    fn: Any, team_user: Any, judge_user: Any
) -> None:
    page = _client(team_user).get(reverse("team:problem", args=[fn.letter]))
    html = page.content.decode()
    config = json.loads(
        html.split('id="fn-editor-config" type="application/json">')[1].split("<")[0]
    )
    starters = {lang["id"]: lang for lang in config["languages"]}
    assert "def add(self" in starters["python3"]["starter"] and starters["python3"]["judged"]
    assert starters["java"]["label"] == "verifying…" and not starters["java"]["judged"]
    assert "c" not in starters  # no harness: not offered
    assert 'data-language="cpp" data-state="failed"' in html
    assert "[1,2]" in html and "[40,2]" not in html  # the visible case only
    assert "vendor/codemirror/codemirror.js" in html and "//cdn" not in html
    jury = _client(judge_user).get(reverse("team:problem", args=[fn.letter])).content.decode()
    assert "fn-editor-config" not in jury and "add(n: int, n2: int) -&gt; int" in jury


@pytest.mark.sandbox
def test_a_language_without_a_reference_is_recorded_not_judged(fn: Any) -> None:
    from judge.jobs.functions import verify_reference

    assert verify_reference(fn.pk, "java", "f" * 64) == "stale"  # re-imported since
    assert LanguageCoverage.objects.get(problem=fn, language_id="java").state == "pending"
    assert verify_reference(fn.pk, "java", fn.case_file_id) == "failed"
    row = LanguageCoverage.objects.get(problem=fn, language_id="java")
    assert row.state == "failed" and "no reference solution" in row.detail


@pytest.mark.sandbox
def test_a_worker_verifies_the_references_the_import_stored_without_the_library(
    contest: Any, languages: Any, redis_conn: Any, tmp_path: Any, monkeypatch: Any
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


def test_admins_import_a_library_problem_from_the_jury_pages(
    contest: Any, languages: Any, admin_user: Any, redis_conn: Any
) -> None:
    admin = _client(admin_user)
    listing = admin.get(reverse("jury:problems")).content.decode()
    assert "<option>two-sum</option>" in listing
    url = reverse("jury:function_problem_import")
    response = admin.post(url, {"library_id": "two-sum", "letter": "c"})
    problem = contest.problems.get(letter="C")
    assert response.status_code == 302 and response["Location"].endswith(f"/{problem.pk}/")
    assert problem.library_id == "two-sum" and problem.coverage.count() == 5
    response = admin.post(url, {"library_id": "nope"}, follow=True)
    assert "no library problem" in response.content.decode()


def test_a_reference_starved_by_a_busy_machine_is_verified_again_later(
    fn: Any, redis_conn: Any, monkeypatch: Any, django_capture_on_commit_callbacks: Any
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


@pytest.mark.parametrize(
    ("library_id", "kind", "in_starter"),
    [
        ("lru-cache", "sequence", "LRUCache"),
        ("encode-and-decode-strings", "roundtrip", "encode"),
        ("reverse-linked-list", "function", "ListNode"),
    ],
)
def test_every_kind_of_problem_page_renders_its_starters(
    contest: Any,
    languages: Any,
    team_user: Any,
    redis_conn: Any,
    library_id: str,
    kind: str,
    in_starter: str,
) -> None:
    problem = import_function_problem(contest, library_id)
    page = _client(team_user).get(reverse("team:problem", args=[problem.letter]))
    assert page.status_code == 200 and page.context["kind"] == kind
    starters = {lang["id"]: lang["starter"] for lang in page.context["editor"]["languages"]}
    assert {"python3", "java", "javascript", "cpp"} <= set(starters)
    assert all(in_starter in text for text in starters.values()), starters
    # The placeholder is a valid custom input line (the first example, in custom-input form).
    example = json.loads(page.context["custom_example"])
    manifest = dict(function_problem_of(problem).manifest)
    assert parse_custom_input(json.dumps(example), manifest) == [example]
