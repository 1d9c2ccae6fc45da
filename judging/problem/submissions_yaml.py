"""`submissions/submissions.yaml` (2023-07 / 2025-09, "Example submissions").

Top-level keys are submission globs (relative to submissions/); each maps to metadata
(`language`, `entrypoint`, ...) and requirements (`permitted`, `required`, `message`,
`use_for_time_limit`), the requirements possibly under test-group globs (`sample`,
`secret/group1`, `secret/*-hard`). A key that is exactly a folder's name replaces that
folder's default requirements key by key; any other matching key adds requirements.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from judging.problem.errors import PackageError
from judging.problem.expectations import ALL, Rule, ScoreRule
from judging.problem.globs import matches
from judging.problem.yamlfile import read_mapping

REQUIREMENT_KEYS = ("permitted", "required", "message", "use_for_time_limit", "score")
METADATA_KEYS = ("language", "entrypoint", "authors", "model_solution")
_LOWER = frozenset({"AC", "WA", "RTE"})


@dataclass(frozen=True)
class Entry:
    """One top-level key of submissions.yaml."""

    glob: str
    rules: tuple[Rule, ...] = ()  # the whole-submission rule first, if any
    language: str = ""
    entrypoint: str = ""
    scores: tuple[ScoreRule, ...] = ()  # `score` requirements (scoring problems only)


@dataclass(frozen=True)
class SubmissionsYaml:
    entries: tuple[Entry, ...] = ()

    def folder_override(self, folder: str) -> Entry | None:
        return next((e for e in self.entries if e.glob.strip("/") == folder), None)

    def matching(self, rel: str, folder: str) -> list[Entry]:
        """Entries that add to the submission at `rel` (not the folder's own override)."""
        return [e for e in self.entries if e.glob.strip("/") != folder and matches(e.glob, rel)]


@dataclass
class _Parsed:
    rules: list[Rule] = field(default_factory=list)
    scores: list[ScoreRule] = field(default_factory=list)


def read_submissions_yaml(directory: Path) -> SubmissionsYaml:
    path = directory / "submissions" / "submissions.yaml"
    if not path.is_file():
        return SubmissionsYaml()
    data = read_mapping(path, "submissions/submissions.yaml")
    return SubmissionsYaml(tuple(_entry(str(k), v) for k, v in data.items()))


def _entry(glob: str, value: Any) -> Entry:
    where = f"submissions.yaml: {glob}"
    if value is None:
        return Entry(glob)
    if not isinstance(value, dict):
        raise PackageError(f"{where}: expected a mapping")
    parsed = _Parsed()
    top = _rule("", value, where, parsed)
    if top is not None:
        parsed.rules.insert(0, top)
    for key, sub in value.items():
        if key in REQUIREMENT_KEYS or key in METADATA_KEYS:
            continue
        if not isinstance(sub, dict):
            raise PackageError(f"{where}: {key}: unknown key (a test group needs a mapping)")
        rule = _rule(str(key), sub, f"{where}: {key}", parsed)
        if rule is not None:
            parsed.rules.append(rule)
    return Entry(
        glob,
        tuple(parsed.rules),
        language=str(value.get("language") or ""),
        entrypoint=str(value.get("entrypoint") or ""),
        scores=tuple(parsed.scores),
    )


def _rule(tests: str, value: dict[str, Any], where: str, parsed: _Parsed) -> Rule | None:
    if "score" in value:
        parsed.scores.append(_score(tests, value["score"], f"{where}: score"))
    if not any(k in value for k in ("permitted", "required", "message", "use_for_time_limit")):
        return None
    use = _use_for_time_limit(value.get("use_for_time_limit"), where)
    permitted = _verdicts(value.get("permitted"), f"{where}: permitted")
    required = _verdicts(value.get("required"), f"{where}: required")
    # "lower" is a permitted: [AC, WA, RTE] constraint, "upper" a required: [TLE] one.
    if use == "lower" and permitted is None:
        permitted = _LOWER
    if use == "upper" and required is None:
        required = frozenset({"TLE"})
    message = value.get("message")
    return Rule(
        tests=tests,
        permitted=ALL if permitted is None else permitted,
        required=ALL if required is None else required,
        time_limit=use,
        message=str(message) if message is not None else "",
    )


def override(default: Rule, entry: Entry) -> tuple[Rule, ...]:
    """The folder's default rule with the keys `entry` (a folder-name key) gives replacing it."""
    if not entry.rules or entry.rules[0].tests:
        return (default, *entry.rules)
    given = entry.rules[0]
    merged = replace(
        default,
        permitted=given.permitted if given.permitted != ALL else default.permitted,
        required=given.required if given.required != ALL else default.required,
        time_limit=given.time_limit or default.time_limit,
        message=given.message or default.message,
    )
    return (merged, *entry.rules[1:])


def _score(group: str, value: Any, where: str) -> ScoreRule:
    """`score`: a number, or a list of two (an inclusive range), for the submission or for a
    test group's aggregated score (not for its tests one by one)."""
    items = value if isinstance(value, list) else [value, value]
    numbers = [v for v in items if isinstance(v, int | float) and not isinstance(v, bool)]
    if len(items) != 2 or len(numbers) != 2 or numbers[0] > numbers[1]:
        raise PackageError(f"{where}: expected a number or a list [low, high], got {value!r}")
    return ScoreRule(group=group, low=float(numbers[0]), high=float(numbers[1]))


def _verdicts(value: Any, where: str) -> frozenset[str] | None:
    if value is None:
        return None
    items = value if isinstance(value, list) else [value]
    codes = frozenset(str(v).strip().upper() for v in items)
    unknown = codes - ALL
    if unknown:
        raise PackageError(f"{where}: unknown verdicts {sorted(unknown)} (AC, WA, TLE, RTE)")
    return codes


def _use_for_time_limit(value: Any, where: str) -> str:
    if value is None or value is True:
        return ""
    if value is False:
        return "false"
    if value in ("lower", "upper"):
        return str(value)
    raise PackageError(f"{where}: use_for_time_limit must be true, false, lower or upper")
