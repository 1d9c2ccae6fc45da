"""Configuration objects: contest, problems, languages, groups, teams, judgement types, state."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, timedelta

from accounts.models import Category, Role, Team, User
from api.countdown import shown_start
from api.formats import abstime, abstime_or_none, reltime
from api.http import JSON
from api.judgement_types import JudgementType
from api.organizations import team_organization_id
from contest.models import Contest, Language, Problem

CONFIG_PROPERTIES: dict[str, tuple[str, ...]] = {
    "contest": (
        "id",
        "name",
        "formal_name",
        "start_time",
        "countdown_pause_time",
        "duration",
        "scoreboard_freeze_duration",
        "scoreboard_thaw_time",
        "scoreboard_type",
        "penalty_time",
    ),
    "judgement-types": ("id", "name", "penalty", "solved", "x_mooshak"),
    "languages": ("id", "name", "entry_point_required", "extensions", "compiler", "runner"),
    "problems": (
        "id",
        "label",
        "name",
        "ordinal",
        "rgb",
        "color",
        "time_limit",
        "memory_limit",
        "output_limit",
        "code_limit",
        "test_data_count",
    ),
    "groups": ("id", "name", "type"),
    "organizations": ("id", "name", "formal_name", "country"),
    "teams": ("id", "name", "label", "display_name", "organization_id", "group_ids"),
    "accounts": ("id", "username", "name", "type", "team_id"),
    "state": ("started", "frozen", "ended", "thawed", "finalized", "end_of_updates"),
}

_HEX_COLOUR = re.compile(r"^#[0-9A-Fa-f]{3}([0-9A-Fa-f]{3})?$")


def scoreboard_type(contest: Contest) -> str:
    """ "score" when the contest shows a score board (its scoring problems' points)."""
    return "score" if contest.score_board else "pass-fail"


def contest_json(contest: Contest) -> JSON:
    """A start an admin cleared (api.countdown) is null, with the paused countdown's time."""
    freeze = contest.end - contest.freeze_start if contest.freeze_start else None
    defined, paused = shown_start(contest)
    found: JSON = {
        "id": contest.short_name,
        "name": contest.name,
        "formal_name": contest.name,
        "start_time": abstime(contest.start) if defined else None,
        "countdown_pause_time": reltime(paused) if paused is not None else None,
        "duration": reltime(contest.end - contest.start),
        "scoreboard_freeze_duration": reltime(freeze) if freeze is not None else None,
        "scoreboard_thaw_time": abstime_or_none(contest.unfrozen_at),
        "scoreboard_type": scoreboard_type(contest),
        "penalty_time": reltime(timedelta(minutes=contest.penalty_minutes)),
    }
    if contest.score_board:  # the schema refuses penalty_time on a score contest
        del found["penalty_time"]
    return found


def state_json(contest: Contest, now: datetime) -> JSON:
    """Only what has happened by `now`: `thawed` when the jury lifted the freeze,
    `finalized` when an admin declared the results final (Contest.finalized_at, never before
    the end). `end_of_updates` stays null: a jury may still rejudge after finalizing."""
    frozen = contest.freeze_start if contest.freeze_start and contest.freeze_start <= now else None
    ended = contest.end <= now
    return {
        "started": abstime(contest.start) if contest.start <= now else None,
        "frozen": abstime_or_none(frozen),
        "ended": abstime(contest.end) if ended else None,
        "thawed": abstime_or_none(_past(contest.unfrozen_at, now)) if frozen else None,
        "finalized": abstime_or_none(_past(contest.finalized_at, now)) if ended else None,
        "end_of_updates": None,
    }


def _past(when: datetime | None, now: datetime) -> datetime | None:
    return when if when is not None and when <= now else None


def _colour(problem: Problem) -> tuple[str | None, str | None]:
    """(rgb, colour name): the admin enters one CSS colour, either a hex triplet or a name."""
    value = problem.color.strip()
    if not value:
        return None, None
    return (value, None) if _HEX_COLOUR.match(value) else (None, value)


def problem_json(
    problem: Problem, ordinal: int, test_count: int, max_score: float | None = None
) -> JSON:
    """`max_score` only for a contest whose scoreboard_type is "score" (the spec's rule)."""
    rgb, colour = _colour(problem)
    found: JSON = {
        "id": str(problem.pk),
        "label": problem.letter,
        "name": problem.name,
        "ordinal": ordinal,
        "rgb": rgb,
        "color": colour,
        "time_limit": round(problem.time_limit_s, 3),
        "memory_limit": problem.memory_mb,
        "output_limit": -(-problem.output_kib // 1024),  # MiB, rounded up
        "code_limit": problem.source_size_kib,
        "test_data_count": test_count,
    }
    if max_score is not None:
        found["max_score"] = max_score
    return found


def _command(template: str, version: str, version_command: str) -> JSON | None:
    """An informational Command object from one of our command templates."""
    command, _, args = template.strip().partition(" ")
    if not command:
        return None
    return {
        "command": command,
        "args": args.strip().replace("{source}", "{files}"),
        "version": version or None,
        "version_command": version_command or None,
    }


def _version_of_runner(language: Language) -> bool:
    """Our one version command belongs to the runner when it runs the runner's program
    (java -version) or nothing is compiled; else to the compiler (gcc --version)."""
    program = language.version_command.strip().partition(" ")[0]
    runs_runner = bool(program) and language.run_command.strip().startswith(program)
    return runs_runner or not language.compile_command.strip()


def language_json(language: Language) -> JSON:
    """Entry points are never required: a submission is one file and the engine derives the
    rest (Java's class from the source), so entry_point_name is not given either."""
    version = (language.version.strip(), language.version_command.strip())
    on_runner = _version_of_runner(language)
    compiler = _command(language.compile_command, *(("", "") if on_runner else version))
    return {
        "id": language.id,
        "name": language.name,
        "entry_point_required": False,
        "extensions": list(dict.fromkeys(language.extension_list)),
        "compiler": compiler,
        "runner": _command(language.run_command, *(version if on_runner else ("", ""))),
    }


def group_json(category: Category) -> JSON:
    return {"id": str(category.pk), "name": category.name, "type": None}


def team_json(team: Team, category_id: int | None) -> JSON:
    """`category_id`: the team's group in the contest (contest.selectors.categories_of)."""
    return {
        "id": str(team.pk),
        "name": team.name,
        "label": str(team.pk),
        "display_name": team.name,
        "organization_id": team_organization_id(team),
        "group_ids": [str(category_id)] if category_id else [],
    }


# The spec's account types for Juiz's roles (a runner carries balloons and printouts: staff).
ACCOUNT_TYPES: dict[str, str] = {
    Role.TEAM: "team",
    Role.JUDGE: "judge",
    Role.ADMIN: "admin",
    Role.RUNNER: "staff",
}


def account_json(user: User) -> JSON:
    """Never a password (Juiz keeps only its hash). A superuser is an admin whatever its role.
    A team account without a team breaks the spec's "team_id required iff team": the view
    (api.views.config.accounts) lists team accounts only with a team of the contest."""
    return {
        "id": str(user.pk),
        "username": user.username,
        "name": user.get_full_name() or user.username,
        "type": "admin" if user.is_admin else ACCOUNT_TYPES[user.role],
        "team_id": str(user.team_id) if user.team_id is not None else None,
    }


def judgement_type_json(judgement_type: JudgementType) -> JSON:
    """`x_mooshak`: the Mooshak classifications a judgement of this type may have."""
    return {
        "id": judgement_type.id,
        "name": judgement_type.name,
        "penalty": judgement_type.penalty,
        "solved": judgement_type.solved,
        "x_mooshak": [c.value for c in judgement_type.mooshak],
    }


def judgement_types_json(judgement_types: Iterable[JudgementType]) -> list[JSON]:
    return [judgement_type_json(t) for t in judgement_types]
