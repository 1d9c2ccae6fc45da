"""Function problems end to end with real RQ workers (`manage.py rqworker` subprocesses on real
Redis) and the real sandbox: importing a library problem queues reference verifications that a
worker records; a team's Run comes back with per-case results; a submission is judged through
the normal pipeline and its report keeps the visible cases' data for the team."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

import django_rq
import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from redis import Redis

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.models import CoverageState, LanguageCoverage, Submission, SubmissionState
from judge.queue import VERIFYING_QUEUE, enqueue_verification
from tests.support.workers import run_burst_worker

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = [
    pytest.mark.worker,
    pytest.mark.sandbox,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

TWO_SUM_PY = """def twoSum(nums, target):
    seen = {}
    for i, x in enumerate(nums):
        if target - x in seen:
            return [seen[target - x], i]
        seen[x] = i
"""
TWO_SUM_WRONG_PY = "def twoSum(nums, target):\n    return [0, 1]\n"


@pytest.fixture
def two_sum(contest: Contest, languages: dict[str, Language], redis_conn: Redis) -> Problem:
    """two-sum imported by the command, its Python reference verified by a real worker (the
    other languages' jobs are dropped: each has its own tests, and compiling them is slow)."""
    out = io.StringIO()
    call_command("import_function_problem", "two-sum", "--contest", "test", stdout=out)
    assert "verification queued" in out.getvalue()
    problem = Problem.objects.get(contest=contest, library_id="two-sum")
    queue = django_rq.get_queue(VERIFYING_QUEUE)
    assert sorted(job.args[1] for job in queue.get_jobs()) == sorted(
        ["python3", "java", "javascript", "typescript", "cpp"]
    )
    queue.empty()
    assert problem.case_file_id is not None
    enqueue_verification(problem.pk, "python3", problem.case_file_id)
    run_burst_worker(VERIFYING_QUEUE)
    return problem


def _post(client: Client, name: str, problem: Problem, body: dict[str, str]) -> Response:
    url = reverse(f"team:{name}", args=[problem.letter])
    return client.post(url, json.dumps(body), content_type="application/json")


def test_a_worker_verifies_the_reference_answers_a_run_and_judges_submissions(
    two_sum: Problem, team_user: User
) -> None:
    python = LanguageCoverage.objects.get(problem=two_sum, language_id="python3")
    assert python.state == CoverageState.VERIFIED, python.detail
    java = LanguageCoverage.objects.get(problem=two_sum, language_id="java")
    assert java.state == CoverageState.PENDING  # its job was dropped: never judged unverified

    client = Client()
    client.force_login(team_user)
    page = client.get(reverse("team:problem", args=[two_sum.letter])).content.decode()
    assert "def twoSum" in page and "not open yet: being checked by the jury" in page

    body = {"language": "python3", "source": TWO_SUM_PY, "custom": "[[1, 5, 9], 14]"}
    started = _post(client, "function_run", two_sum, body)
    assert started.status_code == 202, started.content
    for source in (TWO_SUM_PY, TWO_SUM_WRONG_PY):
        body = {"language": "python3", "source": source}
        assert _post(client, "function_submit", two_sum, body).status_code == 201
    run_burst_worker("runs", "judging")

    result = client.get(started.json()["url"]).json()
    assert result["status"] == "done", result
    cases = result["result"]["cases"]
    custom = cases[-1]
    assert (custom["status"], custom["expected"], custom["got"]) == ("Accepted", "[1,2]", "[1,2]")
    assert all(c["status"] == "Accepted" for c in cases)
    assert not any(c["name"].startswith(("gen:", "stress:")) for c in cases)

    right, wrong = Submission.objects.order_by("pk")
    for submission, verdict in ((right, "Accepted"), (wrong, "Wrong Answer")):
        submission.refresh_from_db()
        assert (submission.state, submission.classification) == (
            SubmissionState.PENDING,
            verdict,
        ), submission.current_judgement and submission.current_judgement.reason_text
    runs = list(wrong.current_judgement.runs.order_by("order"))  # type: ignore[union-attr]
    assert any(r.name.startswith("stress:") for r in runs)
    basic = next(r for r in runs if r.name == "basic")
    assert (basic.input_preview, basic.classification) == ("[[2,7,11,15],9]", "Accepted")
    two_sum.contest.team_feedback = "all"  # a course: every case listed, hidden ones without data
    two_sum.contest.save()
    html = client.get(reverse("team:submission", args=[wrong.pk])).content.decode()
    hidden = next(r for r in runs if r.sample is False and r.classification == "Wrong Answer")
    assert "[[2,7,11,15],9]" in html and hidden.input_preview not in html
