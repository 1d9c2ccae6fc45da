""" "Run" of a function problem (docs/functions.md, "Modes"): the visible cases plus custom
inputs typed by the team, on a worker's sandbox, with the reference computing the expected
values of custom inputs. Nothing is recorded in the database: the job's result lives in Redis
for a few minutes, readable only by the team that asked.
"""

from __future__ import annotations

import json
from typing import Any

from redis.exceptions import RedisError

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.errors import ServiceError
from judge.models import CoverageState, LanguageCoverage
from judge.queue import enqueue_run, fetch_run, runs_in_flight
from judge.selectors.coverage import HARNESS_LANGUAGES, refusal

MAX_CUSTOM_LINES = 20
MAX_CUSTOM_BYTES = 64 * 1024
# The reference that computes custom inputs' expected values: Python starts fastest.
REFERENCE_PREFERENCE = ("python3", "javascript", "cpp", "java", "typescript")
# Runs jump the judging queue, so one team may not fill it: a Run waits for the previous ones.
MAX_RUNS_IN_FLIGHT = 2


def parse_custom_input(text: str, manifest: dict[str, Any] | None = None) -> list[list[Any]]:
    """One JSON array of arguments per non-blank line; for plain function problems each line
    is also checked against the argument types, so a typo is a message, not a crash."""
    if len(text.encode("utf-8")) > MAX_CUSTOM_BYTES:
        raise ServiceError("custom_too_large", "The custom input is larger than 64 KiB.")
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if len(lines) > MAX_CUSTOM_LINES:
        raise ServiceError("custom_too_many", f"At most {MAX_CUSTOM_LINES} custom inputs.")
    return [_one_input(n, line, manifest) for n, line in lines]


def _one_input(number: int, line: str, manifest: dict[str, Any] | None) -> list[Any]:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as error:
        raise ServiceError("custom_not_json", f"Custom input line {number}: {error.msg}.") from None
    if not isinstance(value, list):
        raise ServiceError(
            "custom_not_array",
            f"Custom input line {number}: write the arguments as one JSON array, e.g. [[1,2],3].",
        )
    problem = _type_problem(value, manifest)
    if problem is not None:
        raise ServiceError("custom_bad_args", f"Custom input line {number}: {problem}")
    return value


def _type_problem(args: list[Any], manifest: dict[str, Any] | None) -> str | None:
    if manifest is None or manifest.get("kind") != "function":
        return None  # sequences and codecs: the engine checks their shape
    from judging.functions.casefile import arg_types
    from judging.functions.types import check_args

    return check_args(arg_types(manifest), args)


def request_run(
    *,
    user: User,
    contest: Contest,
    problem: Problem,
    language: Language,
    source: str,
    custom_args: list[list[Any]],
) -> str:
    """Queue a Run; returns the job id the page polls. Raises ServiceError."""
    _check(user, contest, problem, language, source)
    team_id = user.team_id
    assert team_id is not None  # _check
    payload = {
        "problem_id": problem.pk,
        "language_id": language.id,
        "source": source,
        "custom_args": custom_args,
        "reference_language_id": _reference_language(problem),
        "team_id": team_id,
        "user_id": user.pk,
    }
    try:
        if runs_in_flight(team_id) >= MAX_RUNS_IN_FLIGHT:
            raise ServiceError("too_many_runs", "Wait for your previous runs to finish.")
        return enqueue_run(payload)
    except RedisError:
        raise ServiceError("queue_down", "The judge is not reachable; try again.") from None


def _check(user: User, contest: Contest, problem: Problem, language: Language, source: str) -> None:
    if not contest.is_running():
        raise ServiceError("contest_not_running", "The contest is not running.")
    if user.team_id is None:
        raise ServiceError("no_team", "Only members of a team can run code.")
    if problem.contest_id != contest.pk or not problem.is_function:
        raise ServiceError("unknown_problem", "That is not a function problem of this contest.")
    if not language.enabled:
        raise ServiceError("language_disabled", f"{language.name} is not accepted.")
    reason = refusal(problem, language)
    if reason is not None:
        raise ServiceError("language_not_judged", reason)
    if not source.strip():
        raise ServiceError("empty", "The program is empty.")
    if len(source.encode("utf-8")) > problem.source_size_kib * 1024:
        raise ServiceError("too_large", f"The program is over {problem.source_size_kib} KiB.")


def _reference_language(problem: Problem) -> str | None:
    verified = set(
        LanguageCoverage.objects.filter(
            problem=problem,
            case_file_sha=problem.case_file_id or "",
            state=CoverageState.VERIFIED,
            language_id__in=HARNESS_LANGUAGES,
        ).values_list("language_id", flat=True)
    )
    return next((lang for lang in REFERENCE_PREFERENCE if lang in verified), None)


def run_status(user: User, job_id: str) -> dict[str, Any] | None:
    """{"status": queued|running|done|error, "result": ...}; None when the job is unknown or
    belongs to another team (indistinguishable, so job ids reveal nothing)."""
    job = fetch_run(job_id) if job_id.startswith("run-") else None
    if job is None or user.team_id is None or job.meta.get("team_id") != user.team_id:
        return None
    status = job.get_status(refresh=False)
    if status == "finished":
        return {"status": "done", "result": job.return_value()}
    if status in ("failed", "stopped", "canceled"):
        return {"status": "error", "error": "The run failed on the judge; try again."}
    return {"status": "running" if status == "started" else "queued"}
