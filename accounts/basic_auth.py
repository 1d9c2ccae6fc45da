"""Checking HTTP basic credentials, with the login throttle and a short in-process memory.

Django's password hash costs ~0.3 s on purpose; an API client sends its password with every
request. A successful check is remembered for JUIZ_BASIC_AUTH_CACHE_S seconds under a key
derived from the user, the password sent and the user's stored password hash:
- a changed password (or hash) changes the key, so the memory is void at once;
- the key is an HMAC with SECRET_KEY, and it lives only in this process's memory (never in
  Redis): a fast hash of the password must not be where another process could read it;
- the user is read from the database on every request, so a deactivated account is refused.
Failures are never remembered: each one is checked and counted (accounts/throttle.py).
"""

from __future__ import annotations

import hashlib
import hmac

from django.conf import settings
from django.contrib.auth import authenticate
from django.core.cache.backends.locmem import LocMemCache
from django.http import HttpRequest

from accounts import throttle
from accounts.models import User

_checked = LocMemCache("juiz-basic-auth", {"OPTIONS": {"MAX_ENTRIES": 2000}})


def _key(user: User, password: str) -> str:
    message = "\0".join((str(user.pk), user.get_username(), password, user.password))
    secret = settings.SECRET_KEY.encode()
    return hmac.new(secret, message.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def _remembered(username: str, password: str) -> User | None:
    user = User.objects.filter(username=username).first()
    if user is None or not user.is_active or not _checked.get(_key(user, password)):
        return None
    return user


def check_basic(request: HttpRequest, username: str, password: str) -> User | None:
    """The active user these credentials name, else None; LockedOut while locked out."""
    ttl = int(settings.JUIZ_BASIC_AUTH_CACHE_S)
    if ttl > 0:
        remembered = _remembered(username, password)
        if remembered is not None:
            return remembered
    address = throttle.client_address(request)
    throttle.check(username, address)
    user = authenticate(request, username=username, password=password)
    if not isinstance(user, User) or not user.is_active:
        throttle.record_failure(username, address)
        return None
    throttle.record_success(username)
    if ttl > 0:
        # After authenticate(): it may have upgraded the stored hash.
        _checked.set(_key(user, password), True, ttl)
    return user


def forget_all() -> None:
    """Tests: start from an empty memory."""
    _checked.clear()
