"""The balloon list: what a runner sees (team, location, colour, first to solve, the team's
earlier balloons) in contest order, delivering from it, the "to deliver" view, the list catching
up with verdicts on load; the admins' balloon colour and freeze setting."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from accounts.models import Team, User
from contest.models import Contest, Problem
from judge.models import AuditAction, AuditEntry
from scoreboard.models import Balloon
from tests.jury.conftest import ClientAs
from tests.support.scoreboard import problem as make_problem
from tests.support.scoreboard import submit

pytestmark = pytest.mark.django_db

LIST = reverse("jury:balloons")
AC = "Accepted"


@pytest.fixture
def solved(contest: Contest, team: Team, other_team: Team) -> dict[str, Problem]:
    """Beta solves A at 0:20; Alpha solves B at 0:05, then A at 0:30 (no balloons made yet)."""
    a, b = make_problem(contest, "A"), make_problem(contest, "B")
    a.balloon_colour, a.balloon_hex = "Red", "#d32f2f"
    a.save()
    b.balloon_colour = "Yellow"
    b.save()
    team.location = "Room 2, desk 14"
    team.save()
    submit(contest, team, b, 5, "final", AC)
    submit(contest, other_team, a, 20, "final", AC)
    submit(contest, team, a, 30, "final", AC)
    return {"A": a, "B": b}


def _rows(page: str) -> list[str]:
    return re.findall(r'<tr data-balloon-id="\d+".*?</tr>', page, re.S)


def test_a_runner_sees_each_balloon_in_contest_order_with_where_and_what(
    solved: dict[str, Problem], runner_user: User, client_as: ClientAs
) -> None:
    page = client_as(runner_user).get(LIST).content.decode()
    rows = _rows(page)
    assert len(rows) == 3  # made on load from the verdicts
    assert "Alpha" in rows[0] and "Yellow" in rows[0] and "<strong>B</strong>" in rows[0]
    assert "Beta" in rows[1] and "Red" in rows[1] and "First to solve" in rows[1]
    assert "Alpha" in rows[2] and "Room 2, desk 14" in rows[2]
    assert "First to solve" not in rows[2]
    assert 'title="B Yellow"' in rows[2]  # Alpha already has B's balloon
    assert "data-live-stream" in page and 'data-live-kind="balloons"' in page


def test_delivering_marks_the_balloon_and_the_to_deliver_view_drops_it(
    solved: dict[str, Problem], team: Team, runner_user: User, client_as: ClientAs
) -> None:
    client = client_as(runner_user)
    client.get(LIST)
    balloon = Balloon.objects.get(team=team, problem=solved["A"])
    response = client.post(reverse("jury:balloon_deliver", args=[balloon.pk]))
    assert response.status_code == 302
    balloon.refresh_from_db()
    assert balloon.delivered_by == runner_user
    assert AuditEntry.objects.filter(action=AuditAction.BALLOON_DELIVER).count() == 1
    page = client.get(LIST).content.decode()
    assert "Delivered by runner at" in page
    todo = client.get(LIST, {"show": "undelivered"}).content.decode()
    assert len(_rows(todo)) == 2 and f'data-balloon-id="{balloon.pk}"' not in todo
    again = client.post(reverse("jury:balloon_deliver", args=[balloon.pk]), follow=True)
    assert "Already delivered, by runner" in again.content.decode()


def test_the_list_catches_up_with_a_verdict_taken_away(
    solved: dict[str, Problem], other_team: Team, runner_user: User, client_as: ClientAs
) -> None:
    client = client_as(runner_user)
    client.get(LIST)
    balloon = Balloon.objects.get(team=other_team)
    sub = balloon.submission
    sub.classification = "Wrong Answer"
    sub.save(update_fields=["classification"])
    page = client.get(LIST).content.decode()
    assert len(_rows(page)) == 2 and "Beta" not in page


def test_teams_and_anonymous_are_refused(team_user: User, client_as: ClientAs) -> None:
    assert client_as(team_user).get(LIST).status_code == 403
    assert client_as(None).get(LIST).status_code == 302


def test_admins_set_a_problems_balloon_colour(
    solved: dict[str, Problem], admin_user: User, client_as: ClientAs
) -> None:
    a = solved["A"]
    client = client_as(admin_user)
    form = client.get(reverse("jury:problem", args=[a.pk])).content.decode()
    assert 'name="balloon_colour"' in form and 'name="balloon_hex"' in form
    refused = client.post(reverse("jury:problem", args=[a.pk]), _problem_form(a, balloon_hex="red"))
    assert refused.status_code == 400
    saved = client.post(
        reverse("jury:problem", args=[a.pk]),
        _problem_form(a, balloon_colour="Green", balloon_hex="#2e7d32"),
    )
    assert saved.status_code == 302
    a.refresh_from_db()
    assert (a.balloon_colour, a.balloon_css) == ("Green", "#2e7d32")


def _problem_form(problem: Problem, **changes: str) -> dict[str, object]:
    fields = {
        "name": problem.name,
        "color": problem.color,
        "balloon_colour": problem.balloon_colour,
        "balloon_hex": problem.balloon_hex,
        "time_limit_s": problem.time_limit_s,
        "memory_mb": problem.memory_mb,
        "output_kib": problem.output_kib,
        "source_size_kib": problem.source_size_kib,
        "validation": problem.validation,
        "validator_flags": problem.validator_flags,
        "meaningful_characters": problem.meaningful_characters,
        "statement": problem.statement,
    }
    fields.update(changes)
    return fields


def test_the_freeze_setting_is_in_the_contest_settings(
    admin_user: User, contest: Contest, client_as: ClientAs
) -> None:
    page = client_as(admin_user).get(reverse("jury:contest_settings")).content.decode()
    assert 'name="balloons_during_freeze"' in page
    assert contest.balloons_during_freeze is False  # DOMjudge's default
