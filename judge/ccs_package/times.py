"""The spec's TIME and RELTIME (JSON_Format.md, "JSON property types"), as a package has them.

YAML reads `5:00:00` as the sexagesimal integer 18000 and an unquoted timestamp as a datetime,
so both are accepted here besides the strings JSON has.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

_RELTIME = re.compile(r"^(-)?(\d+):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$")


def parse_time(value: Any) -> datetime:
    """ValueError when it is no timestamp with a time zone."""
    if isinstance(value, datetime):
        found = value
    elif isinstance(value, str):
        found = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    else:
        raise ValueError("must be a timestamp such as 2026-06-25T10:00:00+01")
    if found.tzinfo is None:
        raise ValueError("needs a time zone (e.g. +00 or Z)")
    return found


def parse_reltime(value: Any) -> timedelta:
    """A RELTIME string, or YAML's integer reading of h:mm:ss (seconds)."""
    if isinstance(value, bool):
        raise ValueError("must be a duration such as 5:00:00")
    if isinstance(value, int):
        return timedelta(seconds=value)
    match = _RELTIME.match(value.strip()) if isinstance(value, str) else None
    if match is None:
        raise ValueError("must be a duration such as 5:00:00 or 0:20:00.000")
    sign, hours, minutes, secs, ms = match.groups()
    delta = timedelta(
        hours=int(hours), minutes=int(minutes), seconds=int(secs), milliseconds=int(ms or "0")
    )
    return -delta if sign else delta


def time_text(when: datetime) -> str:
    """Always UTC with milliseconds: one style for every timestamp of a package."""
    return when.astimezone(UTC).isoformat(timespec="milliseconds")


def reltime_text(delta: timedelta) -> str:
    negative = delta < timedelta(0)
    total_ms = abs(delta) // timedelta(milliseconds=1)
    hours, rest = divmod(total_ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    return f"{'-' if negative else ''}{hours}:{minutes:02d}:{rest // 1000:02d}.{rest % 1000:03d}"
