"""The scoreboard page (server-rendered, same data as the live updates) and the jury's freeze
controls."""

from __future__ import annotations

from datetime import timedelta
from typing import TypedDict

import pytest
from django.test import Client
from pytest_django import DjangoCaptureOnCommitCallbacks

from accounts.models import Category, Team, User
from contest.models import Contest, Problem
from judge.models import AuditAction, AuditEntry
from scoreboard import services
from tests.support import factories
from tests.support.scoreboard import problem, submit


class Frozen(TypedDict):
    """A contest frozen after 30 minutes: Alpha solved A at 10, Beta at 40 (during the
    freeze)."""

    contest: Contest
    alpha: Team
    beta: Team
    a: Problem


@pytest.fixture
def frozen(db: None) -> Frozen:
    contest = factories.running_contest()
    contest.freeze_start = contest.start + timedelta(minutes=30)
    contest.save()
    alpha, beta = factories.team("Alpha"), factories.team("Beta")
    a = problem(contest, "A")
    submit(contest, alpha, a, 10, "final", "Accepted")
    submit(contest, beta, a, 40, "final", "Accepted")  # during the freeze
    return {"contest": contest, "alpha": alpha, "beta": beta, "a": a}


def _client(user: User | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_the_public_board_hides_frozen_results(frozen: Frozen) -> None:
    html = _client().get("/scoreboard/").content.decode()
    assert "The scoreboard is frozen" in html
    beta_row = html.split(f'data-team-id="{frozen["beta"].pk}"')[1].split("</tr>")[0]
    assert 'class="sb-cell sb-pending"' in beta_row and '<span class="sb-time">?</span>' in beta_row
    alpha_row = html.split(f'data-team-id="{frozen["alpha"].pk}"')[1].split("</tr>")[0]
    assert "sb-solved sb-first" in alpha_row and '<span class="sb-time">10</span>' in alpha_row
    assert 'data-live-kind="scoreboard"' in html  # live.js upgrades the page


def test_judges_see_the_live_board_and_may_ask_for_the_public_one(frozen: Frozen) -> None:
    judge = factories.user("judge", role="judge")
    html = _client(judge).get("/scoreboard/").content.decode()
    beta_row = html.split(f'data-team-id="{frozen["beta"].pk}"')[1].split("</tr>")[0]
    assert "sb-solved" in beta_row
    public = _client(judge).get("/scoreboard/?view=public").content.decode()
    assert "sb-pending" in public.split(f'data-team-id="{frozen["beta"].pk}"')[1].split("</tr>")[0]


def test_a_private_board_needs_a_login(frozen: Frozen) -> None:
    frozen["contest"].public_scoreboard = False
    frozen["contest"].save()
    assert _client().get("/scoreboard/").status_code == 302
    team_user = factories.user("alpha1", role="team", team=frozen["alpha"])
    assert _client(team_user).get("/scoreboard/").status_code == 200


def test_the_page_filters_by_category(frozen: Frozen) -> None:
    students = Category.objects.create(name="Students")
    frozen["beta"].category = students
    frozen["beta"].save()
    html = _client().get(f"/scoreboard/?category={students.pk}").content.decode()
    assert f'data-team-id="{frozen["beta"].pk}"' in html
    assert f'data-team-id="{frozen["alpha"].pk}"' not in html


def test_only_judges_reach_the_freeze_controls(frozen: Frozen) -> None:
    assert _client().get("/scoreboard/jury/").status_code == 302
    team_user = factories.user("alpha1", role="team", team=frozen["alpha"])
    assert _client(team_user).get("/scoreboard/jury/").status_code == 403
    runner = factories.user("runner", role="runner")
    assert _client(runner).post("/scoreboard/jury/", {"action": "unfreeze"}).status_code == 403
    judge = factories.user("judge", role="judge")
    page = _client(judge).get("/scoreboard/jury/").content.decode()
    assert "Reveal next: Beta · problem A" in page


def test_reveal_and_unfreeze_publish_the_public_board_and_are_audited(
    frozen: Frozen,
    memory_layer: None,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    from live import streams
    from tests.live.test_events import Listener

    c = frozen["contest"]
    listener = Listener(streams.board_stream(c.pk, "public"))
    judge = _client(factories.user("judge", role="judge"))
    with django_capture_on_commit_callbacks(execute=True):
        response = judge.post(f"/scoreboard/jury/?contest={c.pk}", {"action": "reveal-next"})
    assert response.status_code == 302
    published = listener.take()
    assert [r["name"] for e in published for r in e["rows"]] == ["Beta"]
    assert published[0]["rows"][0]["solved"] == 1
    public_rows = {r["name"]: r for r in services.board(c, "public")["rows"]}
    assert public_rows["Beta"]["cells"][0]["state"] == "solved"
    with django_capture_on_commit_callbacks(execute=True):
        judge.post(f"/scoreboard/jury/?contest={c.pk}", {"action": "unfreeze"})
    c.refresh_from_db()
    assert c.unfrozen_at is not None and not c.is_frozen()
    assert len(listener.take()) == 1
    with django_capture_on_commit_callbacks(execute=True):
        judge.post(f"/scoreboard/jury/?contest={c.pk}", {"action": "refreeze"})
    entries = AuditEntry.objects.filter(action=AuditAction.CONTEST_SETTINGS).order_by("pk")
    assert [(e.user.username, e.before["unfrozen_at"] is None) for e in entries] == [
        ("judge", True),
        ("judge", False),
    ]
    assert "unfrozen" in entries[0].target and "1 reveal(s) undone" in entries[1].target


def test_revealing_one_problem_publishes_its_cells(
    frozen: Frozen,
    memory_layer: None,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    from live import streams
    from tests.live.test_events import Listener

    c, a = frozen["contest"], frozen["a"]
    b = problem(c, "B")
    submit(c, frozen["alpha"], b, 50, "final", "Accepted")  # frozen, and stays so
    # No page has built the board yet: the reveal must still publish what it shows.
    listener = Listener(streams.board_stream(c.pk, "public"))
    judge = _client(factories.user("judge", role="judge"))
    with django_capture_on_commit_callbacks(execute=True):
        response = judge.post(
            f"/scoreboard/jury/?contest={c.pk}", {"action": "reveal-problem", "problem": a.pk}
        )
    assert response.status_code == 302
    assert [r["name"] for e in listener.take() for r in e["rows"]] == ["Beta"]
    rows = {r["name"]: r for r in services.board(c, "public")["rows"]}
    assert rows["Beta"]["cells"][0]["state"] == "solved"
    assert rows["Alpha"]["cells"][1]["state"] == "pending"  # problem B is still hidden
