"""The contest state: started, frozen, ended, thawed and finalized, each once it happened."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from api.formats import abstime
from contest.models import Contest
from tests.api.conftest import World, client_for
from tests.api.schemas import assert_valid, strict_get

pytestmark = pytest.mark.django_db


def _state(contest: Contest) -> dict[str, str | None]:
    found: dict[str, str | None] = strict_get(client_for(), f"contests/{contest.short_name}/state")
    assert_valid("state.json", found)
    return found


def _ended(contest: Contest, *, frozen: bool) -> None:
    contest.start -= timedelta(hours=10)
    contest.end = contest.start + timedelta(hours=5)
    contest.freeze_start = contest.end - timedelta(hours=1) if frozen else None
    contest.save()


def test_a_running_contest_has_only_started(world: World) -> None:
    state = _state(world.contest)
    assert state["started"] == abstime(world.contest.start)
    assert [state[k] for k in ("frozen", "ended", "thawed", "finalized", "end_of_updates")] == [
        None
    ] * 5


def test_thawed_comes_when_the_jury_lifts_the_freeze(world: World) -> None:
    contest = world.contest
    _ended(contest, frozen=True)
    state = _state(contest)
    assert state["frozen"] == abstime(contest.freeze_start) and state["ended"]
    assert state["thawed"] is None
    contest.unfrozen_at = contest.end + timedelta(minutes=30)
    contest.save()
    assert _state(contest)["thawed"] == abstime(contest.unfrozen_at)


def test_finalized_comes_when_an_admin_sets_it(world: World) -> None:
    contest = world.contest
    _ended(contest, frozen=False)
    assert _state(contest)["finalized"] is None
    contest.finalized_at = contest.end + timedelta(minutes=10)
    contest.full_clean()
    contest.save()
    state = _state(contest)
    assert state["finalized"] == abstime(contest.finalized_at)
    assert state["thawed"] is None  # never frozen, so never thawed
    assert state["end_of_updates"] is None  # a jury may still rejudge


def test_a_finalized_time_still_to_come_is_not_shown(world: World) -> None:
    contest = world.contest
    _ended(contest, frozen=False)
    contest.finalized_at = timezone.now() + timedelta(hours=1)
    contest.save()
    assert _state(contest)["finalized"] is None


def test_results_cannot_be_final_before_the_end(world: World) -> None:
    contest = world.contest
    contest.finalized_at = contest.end - timedelta(minutes=1)
    with pytest.raises(ValidationError) as raised:
        contest.full_clean()
    assert "finalized_at" in raised.value.message_dict


def test_the_scoreboard_carries_the_same_state(world: World) -> None:
    contest = world.contest
    _ended(contest, frozen=False)
    contest.finalized_at = contest.end + timedelta(minutes=10)
    contest.save()
    board = strict_get(client_for(), "contests/test/scoreboard")
    assert board["state"] == _state(contest)
