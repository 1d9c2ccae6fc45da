"""The awards (scoreboard.awards): medals by rank and count, first to solve once settled, group
winners, each audience's board; the awards page's audiences, and the API agreeing with it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Category, Team, User
from contest.models import Contest, Problem
from judge.models import Submission
from scoreboard import awards, freeze, services
from tests.support import factories
from tests.support.scoreboard import problem, set_verdict, submit

pytestmark = pytest.mark.django_db

AC, WA = "Accepted", "Wrong Answer"
NAMES = ("Alpha", "Beta", "Gamma", "Delta", "Epsilon")


def _world() -> tuple[Contest, list[Team], list[Problem]]:
    contest = factories.running_contest(gold_medals=1, silver_medals=1, bronze_medals=2)
    teams = [factories.team(name) for name in NAMES]
    return contest, teams, [problem(contest, letter) for letter in "AB"]


def _given(contest: Contest, audience: str = "jury") -> dict[str, tuple[int, ...]]:
    services.rebuild(contest)
    return {a.id: a.team_ids for a in awards.awards(contest, audience)}  # type: ignore[arg-type]


def test_medals_go_by_rank_to_the_teams_that_scored() -> None:
    contest, (alpha, beta, gamma, delta, _), (a, b) = _world()
    submit(contest, alpha, a, 10, "final", AC)
    submit(contest, alpha, b, 20, "final", AC)  # 2 solved: gold
    submit(contest, beta, a, 15, "final", AC)  # 1 solved, 15 min: silver
    submit(contest, gamma, a, 30, "final", AC)  # bronze
    submit(contest, delta, a, 40, "final", WA)  # no score: no medal, though a bronze is left
    found = _given(contest)
    assert found["winner"] == (alpha.pk,)
    assert found["gold-medal"] == (alpha.pk,)
    assert found["silver-medal"] == (beta.pk,)
    assert found["bronze-medal"] == (gamma.pk,)


def test_teams_sharing_the_last_rank_of_a_colour_share_its_medal() -> None:
    contest, (alpha, beta, gamma, *_), (a, _) = _world()
    submit(contest, alpha, a, 10, "final", AC)
    submit(contest, beta, a, 10, "final", AC)  # the same rank as Alpha: both gold
    submit(contest, gamma, a, 20, "final", AC)
    found = _given(contest)
    assert set(found["gold-medal"]) == {alpha.pk, beta.pk}
    assert found["silver-medal"] == ()  # rank 3 is past gold (1) + silver (1)
    assert found["bronze-medal"] == (gamma.pk,)


def test_a_medal_count_of_zero_offers_no_such_award() -> None:
    contest, _, _ = _world()
    contest.silver_medals = 0
    contest.save()
    found = _given(contest)
    assert "silver-medal" not in found and {"gold-medal", "bronze-medal"} <= set(found)


def test_first_to_solve_waits_for_every_earlier_unjudged_try() -> None:
    contest, (alpha, beta, *_), (a, b) = _world()
    early = submit(contest, beta, a, 5)  # queued: it could still be the first accept
    submit(contest, alpha, a, 10, "final", AC)
    submit(contest, beta, b, 30, "final", AC)
    submit(contest, alpha, b, 40, "judging")  # later than B's first accept: no matter
    found = _given(contest)
    assert found[f"first-to-solve-{a.pk}"] == ()
    assert found[f"first-to-solve-{b.pk}"] == (beta.pk,)
    set_verdict(early, "final", WA)
    assert _given(contest)[f"first-to-solve-{a.pk}"] == (alpha.pk,)


def test_the_public_awards_keep_the_freeze() -> None:
    contest, (alpha, beta, *_), (a, b) = _world()
    contest.freeze_start = timezone.now() - timedelta(minutes=30)
    contest.save()
    submit(contest, beta, a, 10, "final", AC)
    submit(contest, alpha, a, 45, "final", AC)  # after the freeze (the start was 60 min ago)
    submit(contest, alpha, b, 50, "final", AC)
    assert _given(contest, "jury")["winner"] == (alpha.pk,)
    public = _given(contest, "public")
    assert public["winner"] == (beta.pk,)
    assert public[f"first-to-solve-{a.pk}"] == (beta.pk,)
    freeze.unfreeze(contest)
    assert _given(contest, "public")["winner"] == (alpha.pk,)


def test_each_group_has_its_winner_and_hidden_groups_are_the_jurys() -> None:
    contest, (alpha, beta, *_), (a, _) = _world()
    students = Category.objects.create(name="Students")
    hidden = Category.objects.create(name="Guests", visible=False)
    Team.objects.filter(pk=beta.pk).update(category=students)
    submit(contest, alpha, a, 10, "final", AC)
    submit(contest, beta, a, 20, "final", AC)
    found = _given(contest)
    assert found[f"group-winner-{students.pk}"] == (beta.pk,)
    assert found[f"group-winner-{hidden.pk}"] == ()
    assert f"group-winner-{hidden.pk}" not in _given(contest, "public")


# --- the page ---------------------------------------------------------------------------------


def _page(user: User | None, contest: Contest) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(reverse("scoreboard:awards"), {"contest": contest.pk})
    assert response.status_code == 200
    return response.content.decode()


def _over_and_frozen() -> tuple[Contest, Team, User, User]:
    contest, (alpha, *_), (a, _) = _world()
    contest.start = timezone.now() - timedelta(hours=5)
    contest.freeze_start = timezone.now() - timedelta(hours=2)
    contest.end = timezone.now() - timedelta(hours=1)
    contest.save()
    submit(contest, alpha, a, 10, "final", AC)
    services.rebuild(contest)
    team = factories.user("beta1", role="team", team=Team.objects.get(name="Beta"))
    return contest, alpha, team, factories.user("judge", role="judge")


def test_the_jury_sees_the_awards_before_the_public_does() -> None:
    contest, alpha, team_user, judge = _over_and_frozen()
    jury_page = _page(judge, contest)
    assert "data-awards-unpublished" in jury_page and f'data-award-team="{alpha.pk}"' in jury_page
    for user in (None, team_user):
        shown = _page(user, contest)
        assert "data-awards-later" in shown and "data-award-team" not in shown


def test_after_the_unfreeze_everyone_sees_the_awards_the_api_gives() -> None:
    contest, alpha, team_user, _ = _over_and_frozen()
    freeze.unfreeze(contest)
    shown = _page(team_user, contest)
    assert "data-awards-later" not in shown
    api = Client().get(f"/api/contests/{contest.short_name}/awards").json()
    assert api, "the API offers the awards"
    for award in api:
        assert f'data-award="{award["id"]}"' in shown
        for team_id in award["team_ids"]:
            assert f'data-award-team="{team_id}"' in shown
    assert {"winner", "gold-medal"} <= {a["id"] for a in api}
    gold = next(a for a in api if a["id"] == "gold-medal")
    assert gold["team_ids"] == [str(alpha.pk)]


def test_a_contest_still_running_shows_the_public_no_awards() -> None:
    contest, (alpha, *_), (a, _) = _world()
    submit(contest, alpha, a, 10, "final", AC)
    assert "data-awards-later" in _page(None, contest)
    contest.end = timezone.now() - timedelta(minutes=1)  # never frozen: over is final
    contest.save()
    assert f'data-award-team="{alpha.pk}"' in _page(None, contest)


def test_an_accept_between_two_milliseconds_is_still_first() -> None:
    """The cells keep whole milliseconds of contest time; the submission keeps microseconds."""
    contest, (alpha, beta, *_), (a, _) = _world()
    submit(contest, alpha, a, 12.3456789, "final", AC)
    submit(contest, beta, a, 12.3456790)  # queued, within the same millisecond
    assert _given(contest)[f"first-to-solve-{a.pk}"] == ()
    Submission.objects.filter(team=beta).update(state="final", classification=WA)
    assert _given(contest)[f"first-to-solve-{a.pk}"] == (alpha.pk,)
