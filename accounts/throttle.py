"""Login rate limiting: failed password checks lock an account, or a client address, out for
a while, twice as long at each further failure.

Counted per account (JUIZ_LOGIN_MAX_FAILURES, default 5) and per address
(JUIZ_LOGIN_ADDRESS_MAX_FAILURES, default 30: a contest hall often reaches the server from one
address). The first lockout lasts JUIZ_LOGIN_LOCKOUT_S (30 s), then doubles up to
JUIZ_LOGIN_LOCKOUT_MAX_S (1 h). A success clears its account's count, not its address's (one
valid account must not reset the count of an address guessing others). A count with no
failure for JUIZ_LOGIN_LOCKOUT_MAX_S starts again. An admin unlocks (`unlock` below, the
`unlock_login` command, the admin's "Login throttles").
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone

from accounts.models import LoginThrottle, ThrottleKind

KEY_LENGTH = 150  # LoginThrottle.key


class LockedOut(Exception):
    def __init__(self, retry_after_s: int) -> None:
        super().__init__(f"locked out for {retry_after_s} s")
        self.retry_after_s = retry_after_s


def client_address(request: HttpRequest) -> str:
    # REMOTE_ADDR, not X-Forwarded-For: a client sets that header to whatever it likes.
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def _keys(username: str, address: str) -> list[tuple[str, str]]:
    return [(ThrottleKind.ACCOUNT, username[:KEY_LENGTH]), (ThrottleKind.ADDRESS, address)]


def _limit(kind: str) -> int:
    if kind == ThrottleKind.ACCOUNT:
        return int(settings.JUIZ_LOGIN_MAX_FAILURES)
    return int(settings.JUIZ_LOGIN_ADDRESS_MAX_FAILURES)


def lockout_s(failures: int, limit: int) -> float:
    """How long `failures` failures lock out (0 below the limit): base, twice, four times..."""
    if failures < limit:
        return 0.0
    base = float(settings.JUIZ_LOGIN_LOCKOUT_S)
    doublings: int = min(failures - limit, 32)
    return min(base * float(2**doublings), float(settings.JUIZ_LOGIN_LOCKOUT_MAX_S))


def check(username: str, address: str, now: datetime | None = None) -> None:
    """Raise LockedOut while the account or the address is locked out."""
    now = now or timezone.now()
    wanted = Q()
    for kind, key in _keys(username, address):
        wanted |= Q(kind=kind, key=key)
    until = (
        LoginThrottle.objects.filter(wanted, locked_until__gt=now)
        .order_by("-locked_until")
        .values_list("locked_until", flat=True)
        .first()
    )
    if until is not None:
        raise LockedOut(max(1, math.ceil((until - now).total_seconds())))


def record_failure(username: str, address: str, now: datetime | None = None) -> None:
    now = now or timezone.now()
    forget = timedelta(seconds=settings.JUIZ_LOGIN_LOCKOUT_MAX_S)
    for kind, key in _keys(username, address):
        with transaction.atomic():
            row, _ = LoginThrottle.objects.select_for_update().get_or_create(
                kind=kind, key=key, defaults={"last_failure_at": now}
            )
            if now - row.last_failure_at > forget and not _locked(row, now):
                row.failures = 0
            row.failures += 1
            row.last_failure_at = now
            wait = lockout_s(row.failures, _limit(kind))
            row.locked_until = now + timedelta(seconds=wait) if wait else None
            row.save()


def _locked(row: LoginThrottle, now: datetime) -> bool:
    return row.locked_until is not None and row.locked_until > now


def record_success(username: str) -> None:
    LoginThrottle.objects.filter(kind=ThrottleKind.ACCOUNT, key=username[:KEY_LENGTH]).delete()


def unlock(*, username: str | None = None, address: str | None = None) -> int:
    """Forget the failures of an account and/or an address; how many counts were cleared."""
    wanted = Q(pk__in=[])
    if username is not None:
        wanted |= Q(kind=ThrottleKind.ACCOUNT, key=username[:KEY_LENGTH])
    if address is not None:
        wanted |= Q(kind=ThrottleKind.ADDRESS, key=address)
    deleted, _ = LoginThrottle.objects.filter(wanted).delete()
    return deleted
