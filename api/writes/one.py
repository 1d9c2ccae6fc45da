"""PUT and DELETE of one configuration object, by endpoint (api.writes.config and .people)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from accounts.models import User
from api.http import JSON
from api.writes import config, people

ONE_OBJECT = frozenset({"PUT", "DELETE"})
_WRITERS: dict[tuple[str, str], Callable[[HttpRequest, User | None, str], HttpResponse | JSON]] = {
    ("teams", "PUT"): config.put_team,
    ("teams", "DELETE"): config.delete_team,
    ("groups", "PUT"): config.put_group,
    ("groups", "DELETE"): config.delete_group,
    ("organizations", "PUT"): people.put_organization,
    ("organizations", "DELETE"): people.delete_organization_view,
    ("accounts", "PUT"): people.put_account,
    ("accounts", "DELETE"): people.delete_account_view,
}


def write_one(
    request: HttpRequest, user: User | None, kind: str, object_id: str
) -> HttpResponse | JSON:
    """A PUT or DELETE of <kind>/<id>."""
    return _WRITERS[(kind, str(request.method))](request, user, object_id)
