"""Configuration endpoints: contests, problems, languages, groups, organizations, teams,
accounts, judgement types, and the contest state. Readable by anyone, anonymous included,
except accounts: the jury's only (the spec expects others not to see other accounts)."""

from __future__ import annotations

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.models import Category, Role, User
from api import selectors
from api.filters import filtered, one
from api.http import JSON, ApiError, endpoint, get_contest
from api.judgement_types import judgement_types as ccs_judgement_types
from api.organizations import organizations as organizations_json
from api.serializers.config import (
    account_json,
    contest_json,
    group_json,
    judgement_types_json,
    language_json,
    problem_json,
    state_json,
    team_json,
)
from api.visibility import is_jury
from api.writes import config as writes
from api.writes import one as one_object
from api.writes import people
from api.writes.contest import patch_contest
from contest.models import Contest
from contest.selectors import categories_of, contests_of, languages_of, teams_of
from scoreboard import score_board


@endpoint()
def contests(request: HttpRequest, user: User | None) -> list[JSON]:
    """Every contest; a team's account lists its team's contests only (as DOMjudge)."""
    found = (
        Contest.objects.all() if user is None or user.team_id is None else contests_of(user.team_id)
    )
    return [contest_json(c) for c in found.order_by("start", "pk")]


@endpoint("GET", "PATCH")
def contest(request: HttpRequest, user: User | None, cid: str) -> JSON:
    if request.method == "PATCH":
        return patch_contest(request, user, get_contest(cid))
    return contest_json(get_contest(cid))


@endpoint()
def state(request: HttpRequest, user: User | None, cid: str) -> JSON:
    return state_json(get_contest(cid), timezone.now())


def _problems(request: HttpRequest, user: User | None, cid: str) -> list[JSON]:
    contest = get_contest(cid)
    rows = selectors.problems(user, contest, timezone.now())
    maxima = _max_scores(contest)
    return [
        problem_json(p, ordinal, tests, None if maxima is None else maxima.get(p.pk, 0.0))
        for p, ordinal, tests in rows
    ]


def _max_scores(contest: Contest) -> dict[int, float] | None:
    """A score contest's maxima: a scoring problem's from its reports' groups (0 until one
    gives them), a pass-fail problem's 0 (it is not on the score board); None otherwise."""
    if not score_board.shown(contest):
        return None
    return {p["id"]: p["max_score"] or 0.0 for p in score_board.problems(contest)}


@endpoint()
def problems(request: HttpRequest, user: User | None, cid: str) -> list[JSON]:
    return filtered(_problems(request, user, cid), request.GET)


@endpoint()
def problem(request: HttpRequest, user: User | None, cid: str, pid: str) -> JSON:
    return one(_problems(request, user, cid), pid, "problem")


def _languages(cid: str) -> list[JSON]:
    return [language_json(lang) for lang in languages_of(get_contest(cid))]


@endpoint()
def languages(request: HttpRequest, user: User | None, cid: str) -> list[JSON]:
    return filtered(_languages(cid), request.GET)


@endpoint()
def language(request: HttpRequest, user: User | None, cid: str, lid: str) -> JSON:
    return one(_languages(cid), lid, "language")


def _groups(cid: str) -> list[JSON]:
    get_contest(cid)
    return [group_json(c) for c in Category.objects.all()]


@endpoint("GET", "POST")
def groups(request: HttpRequest, user: User | None, cid: str) -> HttpResponse | list[JSON]:
    if request.method == "POST":
        return writes.post_group(request, user, get_contest(cid))
    return filtered(_groups(cid), request.GET)


@endpoint("GET", "PUT", "DELETE")
def group(request: HttpRequest, user: User | None, cid: str, gid: str) -> HttpResponse | JSON:
    if request.method in one_object.ONE_OBJECT:
        get_contest(cid)
        return one_object.write_one(request, user, "groups", gid)
    return one(_groups(cid), gid, "group")


def _organizations(cid: str) -> list[JSON]:
    get_contest(cid)
    return organizations_json()


@endpoint("GET", "POST")
def organizations(request: HttpRequest, user: User | None, cid: str) -> HttpResponse | list[JSON]:
    if request.method == "POST":
        return people.post_organization(request, user, get_contest(cid))
    return filtered(_organizations(cid), request.GET)


@endpoint("GET", "PUT", "DELETE")
def organization(
    request: HttpRequest, user: User | None, cid: str, oid: str
) -> HttpResponse | JSON:
    if request.method in one_object.ONE_OBJECT:
        get_contest(cid)
        return one_object.write_one(request, user, "organizations", oid)
    return one(_organizations(cid), oid, "organization")


def _teams(cid: str) -> list[JSON]:
    contest = get_contest(cid)
    categories = categories_of(contest)
    return [team_json(t, categories.get(t.pk)) for t in teams_of(contest).order_by("pk")]


@endpoint("GET", "POST")
def teams(request: HttpRequest, user: User | None, cid: str) -> HttpResponse | list[JSON]:
    if request.method == "POST":
        return writes.post_team(request, user, get_contest(cid))
    return filtered(_teams(cid), request.GET)


@endpoint("GET", "PUT", "DELETE")
def team(request: HttpRequest, user: User | None, cid: str, tid: str) -> HttpResponse | JSON:
    if request.method in one_object.ONE_OBJECT:
        get_contest(cid)
        return one_object.write_one(request, user, "teams", tid)
    return one(_teams(cid), tid, "team")


def _accounts(user: User | None, cid: str) -> list[JSON]:
    """Every account but a team account whose team is not the contest's (or has none)."""
    contest = get_contest(cid)
    if not is_jury(user):
        raise ApiError(401 if user is None else 403, "only the jury reads accounts")
    teams = teams_of(contest).values("pk")
    found = User.objects.filter(Q(team__in=teams) | (Q(team__isnull=True) & ~Q(role=Role.TEAM)))
    return [account_json(u) for u in found.order_by("pk")]


@endpoint("GET", "POST")
def accounts(request: HttpRequest, user: User | None, cid: str) -> HttpResponse | list[JSON]:
    if request.method == "POST":
        return people.post_account(request, user, get_contest(cid))
    return filtered(_accounts(user, cid), request.GET)


@endpoint("GET", "PUT", "DELETE")
def account(request: HttpRequest, user: User | None, cid: str, aid: str) -> HttpResponse | JSON:
    if request.method in one_object.ONE_OBJECT:
        get_contest(cid)
        return one_object.write_one(request, user, "accounts", aid)
    return one(_accounts(user, cid), aid, "account")


def _judgement_types(cid: str) -> list[JSON]:
    get_contest(cid)
    return judgement_types_json(ccs_judgement_types())


@endpoint()
def judgement_types(request: HttpRequest, user: User | None, cid: str) -> list[JSON]:
    return filtered(_judgement_types(cid), request.GET)


@endpoint()
def judgement_type(request: HttpRequest, user: User | None, cid: str, jtid: str) -> JSON:
    return one(_judgement_types(cid), jtid, "judgement type")
