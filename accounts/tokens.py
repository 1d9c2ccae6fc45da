"""API tokens: created (shown once), looked up by their SHA-256, revoked.

A token is `juiz_` and 32 random bytes (URL-safe base64). Looking it up is one indexed query
on its digest; the plain token is never stored.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.utils import timezone

from accounts.models import ApiToken, User

PREFIX = "juiz_"
# last_used_at is a hint for its owner, not an audit: write it at most this often, so a busy
# client does not turn every request into a write.
TOUCH_EVERY = timedelta(minutes=1)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_create(*, user: User, name: str = "") -> tuple[ApiToken, str]:
    """The stored token and the plain one, which only the caller ever sees."""
    plain = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user, name=name[:100], digest=digest(plain), prefix=plain[: len(PREFIX) + 4]
    )
    return token, plain


def token_revoke(*, token: ApiToken) -> None:
    token.delete()


def user_for_token(plain: str) -> User | None:
    """The active user a token belongs to, else None."""
    if not plain.startswith(PREFIX):
        return None
    token = ApiToken.objects.select_related("user").filter(digest=digest(plain)).first()
    if token is None or not token.user.is_active:
        return None
    _touch(token)
    return token.user


def _touch(token: ApiToken) -> None:
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= TOUCH_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
