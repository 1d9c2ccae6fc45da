"""Juiz's extension to the Contest API: per problem, the languages it is judged in.

Function problems are judged only in the languages their reference solution passed in
(docs/functions.md, "Reference verification"); stdin/stdout problems in every enabled
language, or those of them its package allows (problem.yaml `languages`). The CCS problem
object is closed (the spec's schema forbids extra properties), so this is a separate endpoint,
not announced by `access` (it is no CCS endpoint type):

    GET /api/contests/<cid>/problem-languages
    [{"problem_id": "7", "label": "F", "kind": "function",
      "languages": {"python3": "judged", "java": "verifying", "typescript": "not-judged"},
      "judged": ["python3"]}, ...]
"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils import timezone

from accounts.models import User
from api import selectors
from api.filters import filtered
from api.http import JSON, endpoint, get_contest
from contest.models import Problem
from contest.selectors import languages_of
from judge.models import CoverageState
from judge.selectors.coverage import language_statuses

API_STATES = {
    CoverageState.VERIFIED: "judged",
    CoverageState.PENDING: "verifying",
    CoverageState.FAILED: "not-judged",
}


def problem_languages_json(problem: Problem, enabled: list[str]) -> JSON:
    if problem.is_function:
        states = {
            s.language_id: API_STATES[CoverageState(s.state)]
            for s in language_statuses(problem)
            if s.enabled
        }
    else:
        allowed = problem.languages
        states = dict.fromkeys(
            [lang for lang in enabled if allowed is None or lang in allowed], "judged"
        )
    return {
        "problem_id": str(problem.pk),
        "label": problem.letter,
        "kind": problem.kind,
        "languages": states,
        "judged": [lang for lang, state in states.items() if state == "judged"],
    }


@endpoint()
def problem_languages(request: HttpRequest, user: User | None, cid: str) -> list[JSON]:
    contest = get_contest(cid)
    rows = selectors.problems(user, contest, timezone.now())
    enabled = list(languages_of(contest).values_list("id", flat=True))
    return filtered([problem_languages_json(p, enabled) for p, _, _ in rows], request.GET)
