"""What each endpoint shows an audience right now, by (type, id): the REST views themselves are
asked, so the feed can never say something the endpoints do not (docs/api.md, "Event feed")."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from django.http import HttpRequest, QueryDict

from accounts.models import Role, User
from api.http import JSON, ApiError
from api.views import awards, clarifications, config, live
from contest.models import Contest
from judge.models import Judgement, TestRun

# The feed's types in the order a snapshot lists them: what an object refers to comes first.
# Not accounts: the spec's conformance script (check-api.sh -C) takes them to be outside the
# feed, and reports an account's event as an error; clients read the endpoint.
CONFIG_TYPES = (
    "contest",
    "judgement-types",
    "languages",
    "groups",
    "organizations",
    "teams",
    "problems",
    "state",
)
# What a team sees of its own that others do not: recorded per team (Audience.TEAM).
TEAM_TYPES = ("submissions", "judgements", "runs", "clarifications")
TYPES = (*CONFIG_TYPES, *TEAM_TYPES, "awards")
# The endpoints whose objects belong to one submission: a change of a submission (or of its
# judging) is compared on its own objects only, not the whole contest's.
SUBMISSION_TYPES = ("submissions", "judgements", "runs")
SINGLETONS = ("state",)  # one object without an id: its notifications have a null id

_VIEWS: Mapping[str, Callable[..., Any]] = {
    "contest": config.contest,
    "state": config.state,
    "judgement-types": config.judgement_types,
    "languages": config.languages,
    "groups": config.groups,
    "organizations": config.organizations,
    "teams": config.teams,
    "problems": config.problems,
    "submissions": live.submissions,
    "judgements": live.judgements,
    "runs": live.runs_list,
    "clarifications": clarifications.clarifications,
    "awards": awards.awards,
}


def viewer(audience: str, team_id: int | None = None) -> User | None:
    """A stand-in (never saved) for whoever reads as this audience: the views only ask its
    role and team."""
    if audience == "jury":
        return User(role=Role.JUDGE)
    if audience == "team":
        return User(role=Role.TEAM, team_id=team_id)
    return None


def _request() -> HttpRequest:
    request = HttpRequest()
    request.method = "GET"
    request.GET = QueryDict()  # no filter, no strict: every object, extensions included
    return request


def current(kind: str, contest_key: str, user: User | None) -> dict[str, JSON]:
    """The objects of one endpoint as `user` sees them, by id ("" for state)."""
    view = inspect.unwrap(_VIEWS[kind])  # past @endpoint: the JSON, not a response
    try:
        result = view(_request(), user, cid=contest_key)
    except ApiError as error:
        if error.status in (401, 403, 404):
            return {}  # not visible to this audience (e.g. a private board's awards)
        raise
    if kind == "state":
        return {"": result}
    if kind == "contest":
        return {str(result["id"]): result}
    return {str(obj["id"]): obj for obj in result}


def of_submission(
    kind: str, contest: Contest, user: User | None, submission: int
) -> dict[str, JSON]:
    """The objects of one submission that endpoint `kind` shows `user` right now, by id."""
    return {str(obj["id"]): obj for obj in live.of_submission(kind, user, contest, submission)}


def ids_of_submission(kind: str, submission: int) -> list[str]:
    """Every id of the submission's objects of endpoint `kind` that any audience may have been
    shown: the feed's last word on each is what the comparison starts from."""
    if kind == "submissions":
        return [str(submission)]
    judgements = Judgement.objects.filter(submission_id=submission).values_list("pk", flat=True)
    if kind == "judgements":
        return [str(pk) for pk in judgements]
    runs = TestRun.objects.filter(judgement_id__in=judgements).values_list("pk", flat=True)
    return [str(pk) for pk in runs]
