"""contest.yaml / contest.json: the contest object (JSON_Format.md, "Contest").

Juiz's own settings that decide its scoreboard and judging travel in the extension object
`x_juiz` (SETTINGS), so that a package Juiz wrote imports back to the same board; another
system's package leaves them at Juiz's defaults.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypeVar

from contest.models import Contest, ScoreBoard
from judge.ccs_package.errors import Collector
from judge.ccs_package.files import Doc
from judge.ccs_package.times import parse_reltime, parse_time, reltime_text, time_text

T = TypeVar("T")
SHORT_NAME = re.compile(r"^[A-Za-z0-9_-]{1,50}$")  # Contest.short_name is a slug
SETTINGS: dict[str, type] = {
    "score_board": str,
    "compile_errors_count": bool,
    "pending_counts_on_scoreboard": bool,
    "multiple_accepts": bool,
    "run_all_tests": bool,
    "team_feedback": str,
    "public_scoreboard": bool,
    "balloons_during_freeze": bool,
}


@dataclass(frozen=True, slots=True)
class ContestSpec:
    short_name: str
    name: str
    start: datetime
    duration: timedelta
    freeze: timedelta | None
    thaw: datetime | None
    penalty_minutes: int
    settings: dict[str, Any] = field(default_factory=dict)

    def fields(self) -> dict[str, Any]:
        """Contest's fields, for creating or updating one."""
        end = self.start + self.duration
        return {
            "name": self.name,
            "start": self.start,
            "end": end,
            "freeze_start": end - self.freeze if self.freeze else None,
            "unfrozen_at": self.thaw,
            "penalty_minutes": self.penalty_minutes,
            **self.settings,
        }


def read(doc: Doc | None, errors: Collector, short_name: str | None) -> ContestSpec | None:
    """`short_name` replaces the package's id (importing a contest under another name)."""
    if doc is None:
        errors.fail("contest.yaml", "(file)", "the package has no contest.yaml or contest.json")
        return None
    name, data = doc
    if not isinstance(data, dict):
        errors.fail(name, "(file)", "must be one object")
        return None
    reader = _Reader(name, data, errors)
    ident = short_name or reader.text("id")
    if ident and not SHORT_NAME.match(ident):
        errors.fail(name, "id", f"{ident!r}: Juiz's contest names are letters, digits, - and _")
    duration = reader.reltime("duration", required=True)
    if duration is not None and duration <= timedelta(0):
        errors.fail(name, "duration", "must be positive")
    spec = ContestSpec(
        short_name=ident,
        name=reader.text("name") or ident,
        start=reader.time("start_time"),
        duration=duration or timedelta(hours=1),  # a stand-in only when refused already
        freeze=reader.reltime("scoreboard_freeze_duration"),
        thaw=reader.time("scoreboard_thaw_time", required=False),
        penalty_minutes=reader.penalty(),
        settings=reader.settings(),
    )
    if spec.freeze is not None and not timedelta(0) <= spec.freeze <= spec.duration:
        errors.fail(name, "scoreboard_freeze_duration", "must be between 0 and the duration")
    return spec


class _Reader:
    def __init__(self, file: str, data: dict[str, Any], errors: Collector) -> None:
        self.file, self.data, self.errors = file, data, errors

    def text(self, key: str) -> str:
        value = self.data.get(key)
        if value is None or isinstance(value, (dict, list)):
            if value is not None or key == "id":
                self.errors.fail(self.file, key, "is required" if value is None else "a string")
            return ""
        return str(value).strip()

    def time(self, key: str, *, required: bool = True) -> Any:
        if required and self.data.get(key) is None:
            self.errors.fail(self.file, key, "Juiz needs the contest's start time")
        return self._parsed(key, parse_time)

    def reltime(self, key: str, *, required: bool = False) -> timedelta | None:
        if required and self.data.get(key) is None:
            self.errors.fail(self.file, key, "is required")
        return self._parsed(key, parse_reltime)

    def _parsed(self, key: str, parse: Callable[[Any], T]) -> T | None:
        value = self.data.get(key)
        return None if value is None else self.errors.parsed(self.file, key, parse, value)

    def penalty(self) -> int:
        """A RELTIME, or (the spec's YAML example, and older packages) whole minutes."""
        value = self.data.get("penalty_time", 20)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        delta = self.reltime("penalty_time")
        if delta is None or delta < timedelta(0) or delta % timedelta(minutes=1):
            self.errors.fail(self.file, "penalty_time", "Juiz counts penalties in whole minutes")
            return 20
        return delta // timedelta(minutes=1)

    def settings(self) -> dict[str, Any]:
        extension = self.data.get("x_juiz") or {}
        if not isinstance(extension, dict):
            self.errors.fail(self.file, "x_juiz", "must be an object")
            return {}
        found = {}
        for key, value in extension.items():
            kind = SETTINGS.get(key)
            if kind is None or not isinstance(value, kind):
                self.errors.fail(self.file, f"x_juiz.{key}", "is not a Juiz setting of that type")
                continue
            found[key] = value
        board = found.get("score_board", "")
        if board not in ScoreBoard.values:
            self.errors.fail(self.file, "x_juiz.score_board", f"{board!r} is no score board")
        return found


def write(contest: Contest) -> dict[str, Any]:
    freeze = contest.end - contest.freeze_start if contest.freeze_start else None
    return {
        "id": contest.short_name,
        "name": contest.name,
        "formal_name": contest.name,
        "start_time": time_text(contest.start),
        "duration": reltime_text(contest.end - contest.start),
        "scoreboard_freeze_duration": reltime_text(freeze) if freeze is not None else None,
        "scoreboard_thaw_time": time_text(contest.unfrozen_at) if contest.unfrozen_at else None,
        "scoreboard_type": "score" if contest.score_board else "pass-fail",
        "penalty_time": reltime_text(timedelta(minutes=contest.penalty_minutes)),
        "x_juiz": {key: getattr(contest, key) for key in SETTINGS},
    }
