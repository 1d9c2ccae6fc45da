"""clarifications.json: questions, answers and announcements of a finished contest.

Juiz sends a jury message to one team, one group or everyone, so a message to several teams or
groups is refused. A question is answered when a jury message replies to it; `x_state` keeps
Juiz's own state (e.g. answered without reply).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from accounts.models import Category, Team
from contest.models import Contest, Problem
from judge.ccs_package.errors import Collector
from judge.ccs_package.files import Doc, dump, objects
from judge.ccs_package.times import parse_time, reltime_text, time_text
from judge.models import Clarification, ClarificationState
from live import events

FILE = "clarifications.json"


@dataclass(frozen=True, slots=True)
class ClarificationSpec:
    where: str
    id: str
    from_team: str | None
    to_team: str | None
    to_group: str | None
    reply_to: str | None
    problem: str | None
    text: str
    time: datetime
    state: str | None


def read(doc: Doc | None, errors: Collector) -> list[ClarificationSpec]:
    specs = [_spec(where, obj, errors) for where, obj in objects(doc, errors)]
    found = [s for s in specs if s is not None]
    ids = {s.id for s in found}
    for spec in found:
        if spec.reply_to is not None and spec.reply_to not in ids:
            errors.fail(FILE, f"{spec.where}.reply_to_id", f"no clarification {spec.reply_to!r}")
    return found


def _spec(where: str, obj: dict[str, Any], errors: Collector) -> ClarificationSpec | None:
    ident, text = obj.get("id"), obj.get("text")
    if not isinstance(ident, str) or not ident or not isinstance(text, str):
        errors.fail(FILE, where, "needs an id and a text (strings)")
        return None
    when = errors.parsed(FILE, f"{where}.time", parse_time, obj.get("time"))
    if when is None:
        return None
    state = obj.get("x_state")
    if state is not None and state not in ClarificationState.values:
        errors.fail(FILE, f"{where}.x_state", f"{state!r} is not a Juiz clarification state")
    return ClarificationSpec(
        where=where,
        id=ident,
        from_team=_ref(obj, "from_team_id", where, errors),
        to_team=_one(obj, "to_team_ids", where, errors),
        to_group=_one(obj, "to_group_ids", where, errors),
        reply_to=_ref(obj, "reply_to_id", where, errors),
        problem=_ref(obj, "problem_id", where, errors),
        text=text,
        time=when,
        state=state,
    )


def _ref(obj: dict[str, Any], key: str, where: str, errors: Collector) -> str | None:
    value = obj.get(key)
    if value is not None and not isinstance(value, str):
        errors.fail(FILE, f"{where}.{key}", "must be an id (a string) or null")
        return None
    return value


def _one(obj: dict[str, Any], key: str, where: str, errors: Collector) -> str | None:
    value = obj.get(key)
    if value is None or value == []:
        return None
    if not isinstance(value, list) or len(value) != 1 or not isinstance(value[0], str):
        errors.fail(FILE, f"{where}.{key}", "Juiz sends a message to one team or group at most")
        return None
    return value[0]


def import_all(
    contest: Contest,
    specs: list[ClarificationSpec],
    problems: dict[str, Problem],
    errors: Collector,
) -> int:
    teams = {t.external_id or str(t.pk): t for t in Team.objects.all()}
    groups = {g.external_id or str(g.pk): g for g in Category.objects.all()}
    stored: dict[str, Clarification] = {}
    answered = {s.reply_to for s in specs if s.reply_to is not None}
    for spec in sorted(specs, key=lambda s: s.time):
        row = Clarification(contest=contest, text=spec.text, time=spec.time)
        for key, ref, table, attr in (
            ("from_team_id", spec.from_team, teams, "from_team"),
            ("to_team_ids", spec.to_team, teams, "to_team"),
            ("to_group_ids", spec.to_group, groups, "to_category"),
            ("problem_id", spec.problem, problems, "problem"),
        ):
            if ref is not None and ref not in table:
                errors.fail(FILE, f"{spec.where}.{key}", f"{ref!r} is unknown")
            setattr(row, attr, table.get(ref) if ref is not None else None)
        row.reply_to = stored.get(spec.reply_to) if spec.reply_to else None
        row.state = spec.state or _state(spec, answered)
        if errors.problems:
            continue
        row.save()
        stored[spec.id] = row
        events.clarification_changed(row.pk, _kind(row))
    return len(stored)


def _kind(row: Clarification) -> events.ClarificationKind:
    if row.from_team_id is not None:
        return "asked"
    return "answered" if row.reply_to_id is not None else "announced"


def _state(spec: ClarificationSpec, answered: set[str]) -> str:
    if spec.from_team is None:
        return ClarificationState.SENT
    return ClarificationState.ANSWERED if spec.id in answered else ClarificationState.UNANSWERED


def write(contest: Contest, folder: Path, team_id: Any, problem_id: Any) -> None:
    messages = Clarification.objects.filter(contest=contest, withdrawn_at=None)
    rows = messages.select_related("from_team", "to_team", "to_category", "problem")
    dump(
        folder / FILE, [_json(contest, m, team_id, problem_id) for m in rows.order_by("time", "id")]
    )


def _json(
    contest: Contest, message: Clarification, team_id: Any, problem_id: Any
) -> dict[str, Any]:
    group = message.to_category
    return {
        "id": str(message.pk),
        "from_team_id": team_id(message.from_team) if message.from_team else None,
        "to_team_ids": [team_id(message.to_team)] if message.to_team else None,
        "to_group_ids": [group.external_id or str(group.pk)] if group else None,
        "reply_to_id": str(message.reply_to_id) if message.reply_to_id else None,
        "problem_id": problem_id(message.problem) if message.problem else None,
        "text": message.text,
        "time": time_text(message.time),
        "contest_time": reltime_text(message.time - contest.start),
        "x_state": message.state,
    }
