"""The permission helpers every view uses. One place decides who sees what."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseBase

if TYPE_CHECKING:
    from accounts.models import User

View = TypeVar("View", bound=Callable[..., HttpResponseBase])


def current_user(request: HttpRequest) -> User | None:
    user = request.user
    return user if user.is_authenticated else None  # type: ignore[return-value]


def _require(check: Callable[[User], bool]) -> Callable[[View], View]:
    def decorator(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            user = current_user(request)
            if user is None:
                return redirect_to_login(request.get_full_path())
            if not check(user):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorator


def _has_team(user: User) -> bool:
    return user.team_id is not None


login_required = _require(lambda user: True)
team_required = _require(_has_team)
jury_reader_required = _require(lambda user: user.is_jury_reader)
judge_required = _require(lambda user: user.is_judge)
admin_required = _require(lambda user: user.is_admin)


def can_see_team_data(user: User | None, team_id: int) -> bool:
    """A team's code, reports and submissions: its own members and the jury only."""
    if user is None:
        return False
    return user.is_jury_reader or user.team_id == team_id
