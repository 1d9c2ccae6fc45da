"""The freeze notice: the contest's freeze time, in the site's time zone, and "will freeze at"
while the freeze is still to come (it once said "frozen since 22:28" at 18:49)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone
from pytest_django import Settings

from contest.models import Contest
from scoreboard import notices
from tests.support import factories

NOW = datetime(2026, 12, 2, 21, 49, tzinfo=UTC)  # 18:49 in São Paulo (UTC-3)


@pytest.fixture
def sao_paulo(settings: Settings) -> None:
    settings.TIME_ZONE = "America/Sao_Paulo"
    timezone.deactivate()  # the default time zone is read again from the setting


def _contest(freeze_in_minutes: int) -> Contest:
    contest = factories.running_contest()
    contest.freeze_start = timezone.now() + timedelta(minutes=freeze_in_minutes)
    contest.save()
    return contest


def test_a_future_freeze_reads_will_freeze_at_in_the_site_time_zone(
    db: None, sao_paulo: None
) -> None:
    contest = Contest(freeze_start=datetime(2026, 12, 3, 1, 28, tzinfo=UTC))  # 22:28 local
    assert notices.jury_freeze(contest, NOW) == "The public board will freeze at 22:28 -03."
    assert notices.public_freeze(contest, NOW) == ""


def test_a_started_freeze_reads_frozen_since_its_local_time(db: None, sao_paulo: None) -> None:
    contest = Contest(
        start=NOW - timedelta(hours=4),
        end=NOW + timedelta(hours=1),
        freeze_start=datetime(2026, 12, 2, 21, 0, tzinfo=UTC),
    )
    assert notices.jury_freeze(contest, NOW) == "The public board is frozen since 18:00 -03."
    assert notices.public_freeze(contest, NOW).startswith(
        "The scoreboard is frozen since 18:00 -03"
    )


def test_another_day_is_named(db: None) -> None:
    contest = Contest(freeze_start=NOW + timedelta(days=1))
    assert (
        notices.jury_freeze(contest, NOW) == "The public board will freeze at 2026-12-03 21:49 UTC."
    )


def test_the_lifted_and_the_missing_freeze(db: None) -> None:
    assert "no freeze" in notices.jury_freeze(Contest(), NOW)
    lifted = Contest(freeze_start=NOW - timedelta(hours=1), unfrozen_at=NOW)
    assert notices.jury_freeze(lifted, NOW).startswith("The freeze was lifted at 21:49 UTC")


def test_the_jury_page_says_will_freeze_for_a_freeze_to_come(db: None) -> None:
    contest = _contest(freeze_in_minutes=60)
    client = Client()
    client.force_login(factories.user("judge", role="judge"))
    page = client.get(f"/scoreboard/jury/?contest={contest.pk}").content.decode()
    expected = notices.when(contest.freeze_start, timezone.now())  # type: ignore[arg-type]
    assert f"The public board will freeze at {expected}." in page
    assert "frozen since" not in page and "data-hidden-count" not in page


def test_the_public_board_shows_no_notice_before_the_freeze(db: None) -> None:
    contest = _contest(freeze_in_minutes=60)
    page = Client().get(f"/scoreboard/?contest={contest.pk}").content.decode()
    assert "frozen" not in page.split("<table")[0]
    contest.freeze_start = timezone.now() - timedelta(minutes=1)
    contest.save()
    page = Client().get(f"/scoreboard/?contest={contest.pk}").content.decode()
    assert "The scoreboard is frozen since" in page
