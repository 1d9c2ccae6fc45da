"""A function problem's team side: the problem page (signature, starters, coverage, examples)
and the editor's Run and Submit endpoints."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import django_rq
import pytest
from django.test import Client
from django.urls import reverse
from redis import Redis

from accounts.models import User
from contest.models import Contest, Language, Problem
from contest.testdata import function_problem as function_problem_of
from judge.models import Submission
from judge.queue import RUNS_QUEUE
from judge.services.coverage import import_function_problem
from judge.services.runs import parse_custom_input, run_status
from tests.support.function_problems import ADD_PY, logged_in

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db


def _post(client: Client, name: str, fn: Problem, body: dict[str, str]) -> Response:
    url = reverse(f"team:{name}", args=[fn.letter])
    return client.post(url, json.dumps(body), content_type="application/json")


def test_run_is_queued_for_the_team_and_readable_only_by_it(
    fn: Problem, team_user: User, other_team_user: User, redis_conn: Redis
) -> None:
    client = logged_in(team_user)
    body = {"language": "python3", "source": ADD_PY.decode(), "custom": "[5, 6]"}
    response = _post(client, "function_run", fn, body)
    assert response.status_code == 202, response.content
    job = django_rq.get_queue(RUNS_QUEUE).get_jobs()[0]
    payload = job.args[0]
    assert payload["custom_args"] == [[5, 6]] and payload["reference_language_id"] == "python3"
    assert run_status(team_user, job.id) == {"status": "queued"}
    assert run_status(other_team_user, job.id) is None
    assert logged_in(other_team_user).get(response.json()["url"]).status_code == 404
    assert client.get(response.json()["url"]).json() == {"status": "queued"}
    assert _post(client, "function_run", fn, body).status_code == 202
    third = _post(client, "function_run", fn, body)  # runs jump the queue: two at a time
    assert third.status_code == 400 and "previous runs" in third.json()["error"]
    assert _post(logged_in(other_team_user), "function_run", fn, body).status_code == 202


def test_run_and_submit_refuse_languages_not_judged(
    fn: Problem, team_user: User, redis_conn: Redis
) -> None:
    client = logged_in(team_user)
    body = {"language": "java", "source": "class Solution {}", "custom": ""}
    for name in ("function_run", "function_submit"):
        response = _post(client, name, fn, body)
        assert response.status_code == 400
        assert "still being verified" in response.json()["error"]
    assert _post(client, "function_run", fn, {**body, "language": "c"}).status_code == 400
    assert django_rq.get_queue(RUNS_QUEUE).count == 0 and Submission.objects.count() == 0


def test_run_refuses_bad_custom_input_and_judges_cannot_run(
    fn: Problem, team_user: User, judge_user: User, redis_conn: Redis
) -> None:
    body = {"language": "python3", "source": ADD_PY.decode(), "custom": "[1, 2"}
    response = _post(logged_in(team_user), "function_run", fn, body)
    assert response.status_code == 400 and "line 1" in response.json()["error"]
    assert _post(logged_in(judge_user), "function_run", fn, body).status_code == 403
    assert _post(Client(), "function_run", fn, body).status_code == 302  # to the login page


def test_submit_sends_the_editor_text_through_the_submission_service(
    fn: Problem, team_user: User, redis_conn: Redis
) -> None:
    body = {"language": "python3", "source": ADD_PY.decode()}
    response = _post(logged_in(team_user), "function_submit", fn, body)
    assert response.status_code == 201, response.content
    submission = Submission.objects.get(pk=response.json()["id"])
    assert (submission.filename, submission.language_id) == ("solution.py", "python3")
    assert bytes(submission.source) == ADD_PY and submission.state == "queued"
    assert response.json()["url"] == reverse("team:submission", args=[submission.pk])


def test_the_team_page_shows_signature_starter_coverage_and_examples(
    fn: Problem, team_user: User, judge_user: User
) -> None:
    page = logged_in(team_user).get(reverse("team:problem", args=[fn.letter]))
    html = page.content.decode()
    config = json.loads(
        html.split('id="fn-editor-config" type="application/json">')[1].split("<")[0]
    )
    starters = {lang["id"]: lang for lang in config["languages"]}
    assert "def add(self" in starters["python3"]["starter"] and starters["python3"]["judged"]
    assert (
        starters["java"]["label"] == "not open yet: being checked by the jury"
        and not starters["java"]["judged"]
    )
    assert "c" not in starters  # no harness: not offered
    assert 'data-language="cpp" data-state="failed"' in html
    assert "[1,2]" in html and "[40,2]" not in html  # the visible case only
    assert "vendor/codemirror/codemirror.js" in html and "//cdn" not in html
    jury = logged_in(judge_user).get(reverse("team:problem", args=[fn.letter])).content.decode()
    assert "fn-editor-config" not in jury and "add(n: int, n2: int) -&gt; int" in jury


@pytest.mark.parametrize(
    ("library_id", "kind", "in_starter"),
    [
        ("lru-cache", "sequence", "LRUCache"),
        ("encode-and-decode-strings", "roundtrip", "encode"),
        ("reverse-linked-list", "function", "ListNode"),
    ],
)
def test_every_kind_of_problem_page_renders_its_starters(
    contest: Contest,
    languages: dict[str, Language],
    team_user: User,
    redis_conn: Redis,
    library_id: str,
    kind: str,
    in_starter: str,
) -> None:
    problem = import_function_problem(contest, library_id)
    page = logged_in(team_user).get(reverse("team:problem", args=[problem.letter]))
    assert page.status_code == 200 and page.context["kind"] == kind
    starters = {lang["id"]: lang["starter"] for lang in page.context["editor"]["languages"]}
    assert {"python3", "java", "javascript", "cpp"} <= set(starters)
    assert all(in_starter in text for text in starters.values()), starters
    # The placeholder is a valid custom input line (the first example, in custom-input form).
    example = json.loads(page.context["custom_example"])
    manifest = dict(function_problem_of(problem).manifest)
    assert parse_custom_input(json.dumps(example), manifest) == [example]
