"""Metadata endpoints: API information and the client's access."""

from __future__ import annotations

import tomllib
from functools import cache

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from accounts.models import User
from api import extensions
from api.http import JSON, endpoint, error_response, get_contest
from api.serializers import PROPERTIES
from api.visibility import is_jury
from contest.models import Contest

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
    """Only team accounts submit; teams and judges send clarifications; admins control the
    start and the thaw (api.writes.contest); proxy and admin submission or clarification are
    not offered."""
    if user is None:
        return []
    if user.team_id is not None:
        return ["team_submit", "post_clar"]
    if user.is_admin:
        return ["contest_start", "contest_thaw", "post_clar"]
    return ["post_clar"] if user.is_judge else []


@endpoint()
def access(request: HttpRequest, user: User | None, cid: str) -> JSON:
    contest = get_contest(cid)
    strict = extensions.strict(request)
    return {
        "capabilities": capabilities(user),
        "endpoints": [
            {"type": t, "properties": extensions.announced(p, strict=strict)}
            for t, p in properties(contest).items()
            if _announced_to(t, user)
        ],
    }


def properties(contest: Contest) -> dict[str, tuple[str, ...]]:
    """A score contest's problems carry max_score and its judgements score (the spec's
    "required iff contest:scoreboard_type is score"); it has no penalty_time."""
    if not contest.score_board:
        return PROPERTIES
    extra = {"problems": ("max_score",), "judgements": ("score",)}
    found = {t: p + extra.get(t, ()) for t, p in PROPERTIES.items()}
    found["contest"] = tuple(p for p in found["contest"] if p != "penalty_time")
    return found


# Objects only the jury and teams ever see (a team its own runs, its own and the jury's
# messages: api.runs, api.clarifications), so access does not list them to anyone else.
PRIVATE_TYPES = frozenset({"runs", "clarifications"})
# Objects only the jury sees (api.views.config.accounts).
JURY_TYPES = frozenset({"accounts"})


def _announced_to(kind: str, user: User | None) -> bool:
    if kind in JURY_TYPES:
        return is_jury(user)
    return kind not in PRIVATE_TYPES or _team_or_jury(user)


def _team_or_jury(user: User | None) -> bool:
    return is_jury(user) or (user is not None and user.team_id is not None)


@csrf_exempt
def unknown(request: HttpRequest) -> JsonResponse:
    response = error_response(404, f"no API endpoint at {request.path}")
    response["Access-Control-Allow-Origin"] = "*"
    return response
