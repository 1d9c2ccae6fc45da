"""Metadata endpoints: API information and the client's access."""

from __future__ import annotations

import tomllib
from functools import cache

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from accounts.models import User
from api.http import JSON, endpoint, error_response, get_contest
from api.serializers import PROPERTIES

SPEC_VERSION_URL = "https://ccs-specs.icpc.io/draft/contest_api"


@cache
def _juiz_version() -> str:
    with (settings.BASE_DIR / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


@endpoint()
def api_info(request: HttpRequest, user: User | None) -> JSON:
    return {
        "version": "draft",
        "version_url": SPEC_VERSION_URL,
        "provider": {"name": "Juiz", "version": _juiz_version()},
    }


def capabilities(user: User | None) -> list[str]:
    """Only team accounts submit; teams and judges send clarifications; proxy and admin
    submission or clarification are not offered."""
    if user is None:
        return []
    if user.team_id is not None:
        return ["team_submit", "post_clar"]
    return ["post_clar"] if user.is_judge else []


@endpoint()
def access(request: HttpRequest, user: User | None, cid: str) -> JSON:
    get_contest(cid)
    return {
        "capabilities": capabilities(user),
        "endpoints": [{"type": t, "properties": list(p)} for t, p in PROPERTIES.items()],
    }


@csrf_exempt
def unknown(request: HttpRequest) -> JsonResponse:
    response = error_response(404, f"no API endpoint at {request.path}")
    response["Access-Control-Allow-Origin"] = "*"
    return response
