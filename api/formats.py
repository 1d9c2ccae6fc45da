"""The Contest API's TIME and RELTIME strings.

The spec requires one consistent style for all timestamps; we always include milliseconds and
a "+hh:mm" offset (of the configured TIME_ZONE), e.g. "2024-01-01T12:00:00.000+00:00", and
relative times as "h:mm:ss.uuu".
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

_MS = timedelta(milliseconds=1)


def abstime(when: datetime) -> str:
    local = timezone.localtime(when)
    offset = local.utcoffset() or timedelta(0)
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(offset) // timedelta(minutes=1)
    stamp = local.strftime("%Y-%m-%dT%H:%M:%S")
    return f"{stamp}.{local.microsecond // 1000:03d}{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def abstime_or_none(when: datetime | None) -> str | None:
    return abstime(when) if when is not None else None


def reltime(delta: timedelta) -> str:
    """A duration; truncated (not rounded) to the millisecond so it never runs ahead."""
    sign = "-" if delta < timedelta(0) else ""
    ms = abs(delta) // _MS
    seconds, ms = divmod(ms, 1000)
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{sign}{hours}:{minutes:02d}:{seconds:02d}.{ms:03d}"


def seconds(ms: int) -> float:
    """Milliseconds as seconds, an exact multiple of 0.001 as the spec asks."""
    return round(ms / 1000, 3)
