"""The shape of a write's JSON body: which properties it may and must have, the id it names,
and the spec's TIME and RELTIME values."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, timedelta

from django.utils import timezone

from accounts.models import User
from api.http import JSON, ApiError

# The spec's RELTIME: (-)?(h)*h:mm:ss(.uuu)?
_RELTIME = re.compile(r"^(-?)(\d{1,6}):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$")
# The spec's TIME: yyyy-mm-ddThh:mm:ss(.uuu)?[+-]zz(:mm)? (or Z); the offset is required.
_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?([+-]\d\d(:?\d\d)?|Z)$")


def require_admin(user: User | None, what: str) -> User:
    if user is None:
        raise ApiError(401, f"authentication required to {what}")
    if not user.is_admin:
        raise ApiError(403, f"only admins may {what}")
    return user


def check_keys(body: JSON, allowed: Iterable[str]) -> None:
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise ApiError(400, f"unknown properties: {', '.join(unknown)}")


def check_id(body: JSON, url_id: str) -> None:
    """PUT and PATCH name their object twice: both must agree (the spec's 409)."""
    if "id" not in body:
        raise ApiError(400, "id is required (the id of the object in the URL)")
    if body["id"] != url_id:
        raise ApiError(409, f"id {body['id']!r} does not match the URL's {url_id!r}")


def text(body: JSON, key: str, limit: int) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ApiError(400, f"{key} is required (a non-empty string)")
    if len(value) > limit or not value.isprintable():
        raise ApiError(400, f"{key} must be printable and at most {limit} characters")
    return value.strip()


def time_value(value: object, key: str) -> datetime:
    if not isinstance(value, str) or not _TIME.match(value):
        raise ApiError(400, f"{key} must be a TIME such as 2024-06-25T10:00:00+01")
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError as exc:
        raise ApiError(400, f"{key}: {exc}") from exc
    return timezone.localtime(parsed)


def reltime_value(value: object, key: str) -> timedelta:
    found = _RELTIME.match(value) if isinstance(value, str) else None
    if found is None:
        raise ApiError(400, f"{key} must be a RELTIME such as 0:05:00")
    sign, hours, minutes, seconds, ms = found.groups()
    delta = timedelta(
        hours=int(hours),
        minutes=int(minutes),
        seconds=int(seconds),
        milliseconds=int((ms or "0").ljust(3, "0")),
    )
    return -delta if sign else delta
