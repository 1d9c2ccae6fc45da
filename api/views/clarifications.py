"""contests/<id>/clarifications[/<id>]: read, and POST (api.clarifications)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from accounts.models import User
from api.clarifications import post_clarification, visible
from api.filters import filtered, int_id
from api.http import JSON, endpoint, get_contest, not_found
from api.serializers.clarifications import clarification_json


@endpoint("GET", "POST")
def clarifications(request: HttpRequest, user: User | None, cid: str) -> HttpResponse | list[JSON]:
    contest = get_contest(cid)
    if request.method == "POST":
        return post_clarification(request, user, contest)
    rows = visible(user, contest)
    return filtered((clarification_json(m, contest, user) for m in rows), request.GET)


@endpoint()
def clarification(request: HttpRequest, user: User | None, cid: str, clid: str) -> JSON:
    contest = get_contest(cid)
    found = visible(user, contest).filter(pk=int_id(clid, "clarification")).first()
    if found is None:
        raise not_found(f"clarification {clid!r}")
    return clarification_json(found, contest, user)
