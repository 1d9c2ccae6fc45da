"""TIME and RELTIME strings."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.test import override_settings

from api.formats import abstime, reltime


def test_abstime_has_milliseconds_and_an_offset() -> None:
    when = datetime(2024, 1, 1, 12, 0, 0, 123999, tzinfo=UTC)
    assert abstime(when) == "2024-01-01T12:00:00.123+00:00"


@override_settings(TIME_ZONE="America/Sao_Paulo")
def test_abstime_uses_the_configured_time_zone() -> None:
    when = datetime(2024, 1, 1, 12, 0, 0, tzinfo=UTC)
    assert abstime(when) == "2024-01-01T09:00:00.000-03:00"


def test_reltime_has_unbounded_hours_milliseconds_and_a_sign() -> None:
    assert reltime(timedelta(0)) == "0:00:00.000"
    assert reltime(timedelta(hours=27, minutes=3, seconds=4, microseconds=5999)) == ("27:03:04.005")
    assert reltime(-timedelta(minutes=1, milliseconds=500)) == "-0:01:00.500"
