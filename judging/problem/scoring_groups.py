"""The test groups of a scoring package and how each is scored (GroupSpec, judging/scoring.py).

Two sets of keys, in the group configuration files (testdata.yaml, test_group.yaml):

  2025-09  `max_score` (an integer or `unbounded`; 100 in secret, unbounded in a group),
           `score_aggregation` (pass-fail, sum, min; sum in secret, pass-fail in a group),
           `require_pass`. The 2023-07 drafts wrote `scoring: {score, aggregation}` for the
           first two. Groups are the directories of data/secret with a configuration file;
           they hold tests, not groups.
  legacy   `accept_score`, `reject_score` (1 and 0), `range` ("A B", -inf +inf),
           `grader_flags` (the default grader's sum, avg, min, max; sum), `on_reject` (break,
           continue; break), inherited key by key from the nearest ancestor that sets it.
           Every directory of data/secret is a group. Juiz reads accept_score as DOMjudge does:
           the points of a group whose tests are all accepted (its tests pass together: the
           group's own tests combine by min), not, as problemtools does, the points of each
           test; problemtools' verdict modes (first_error, ignore_sample...) do not apply, the
           classification being Mooshak's.

A 2023-07 package that uses only legacy keys (problemtools' drafts do) is read by the legacy
rules. Samples are never scored.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judging.constants import Constants
from judging.model import GroupSpec
from judging.problem.errors import PackageError
from judging.problem.testdata import GROUP_CONFIG_FILES
from judging.problem.yamlfile import read_mapping

LEGACY_KEYS = ("accept_score", "reject_score", "range", "grader_flags", "on_reject")
NEW_KEYS = ("max_score", "score_aggregation", "scoring", "require_pass")
_GRADER_MODES = ("sum", "avg", "min", "max")
_AGGREGATIONS = ("pass-fail", "sum", "min")


@dataclass(frozen=True)
class _Config:
    path: Path
    name: str  # "secret", "secret/group1"
    values: dict[str, Any]
    shown: str


def read_groups(package: Path, fmt: str, constants: Constants = ()) -> tuple[GroupSpec, ...]:
    """secret and its groups, parents first, in the format's order."""
    secret = package / "data" / "secret"
    if not secret.is_dir():
        raise PackageError("a scoring problem needs data/secret/ (only secret is scored)")
    configs = _configs(package, fmt, constants)
    legacy = fmt == "legacy" or _uses_only_legacy_keys(configs)
    if legacy:
        return _legacy_groups(package, configs)
    return _new_groups(secret, configs)


def _configs(package: Path, fmt: str, constants: Constants) -> dict[str, _Config]:
    found: dict[str, _Config] = {}
    data = package / "data"
    for directory in [data, data / "sample", *_directories(data / "secret")]:
        for file_name in GROUP_CONFIG_FILES[fmt]:
            path = directory / file_name
            if path.is_file():
                name = directory.relative_to(data).as_posix() if directory != data else ""
                shown = f"data/{name}/{file_name}" if name else f"data/{file_name}"
                found[name] = _Config(path, name, read_mapping(path, shown, constants), shown)
                break
    return found


def _directories(secret: Path) -> list[Path]:
    """secret and every directory below it that can be a group, in the format's order."""
    found = [secret]
    for path in sorted(secret.iterdir()):
        if path.is_dir() and "." not in path.name and not path.name.startswith("-"):
            found += _directories(path)
    return found


def _uses_only_legacy_keys(configs: dict[str, _Config]) -> bool:
    keys = {k for c in configs.values() for k in c.values}
    return bool(keys & set(LEGACY_KEYS)) and not keys & set(NEW_KEYS)


# -- legacy ---------------------------------------------------------------------------------


def _legacy_groups(package: Path, configs: dict[str, _Config]) -> tuple[GroupSpec, ...]:
    groups = []
    data = package / "data"
    for directory in _directories(data / "secret"):
        name = directory.relative_to(data).as_posix()
        groups.append(_legacy_group(name, configs))
    return tuple(groups)


def _legacy_group(name: str, configs: dict[str, _Config]) -> GroupSpec:
    def inherited(key: str) -> tuple[Any, str] | None:
        path = name
        while True:
            config = configs.get(path)
            if config is not None and key in config.values:
                return config.values[key], config.shown
            if not path:
                return None
            path = path.rpartition("/")[0]

    accept = _number(inherited("accept_score"), "accept_score", 1.0)
    reject = _number(inherited("reject_score"), "reject_score", 0.0)
    low, high = _range(inherited("range"))
    return GroupSpec(
        name=name,
        aggregation=_grader_mode(inherited("grader_flags")),
        max_score=high,
        accept_score=accept,
        reject_score=reject,
        min_score=low,
        on_reject=_on_reject(inherited("on_reject")),
        tests_aggregation="min",
        rules="legacy",
    )


def _number(found: tuple[Any, str] | None, key: str, default: float) -> float:
    if found is None:
        return default
    value, shown = found
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PackageError(f"{shown}: {key} must be a number, got {value!r}")
    return float(value)


def _range(found: tuple[Any, str] | None) -> tuple[float | None, float | None]:
    if found is None:
        return None, None
    value, shown = found
    words = str(value).split()
    try:
        low, high = (float(w) for w in words)
    except ValueError:
        raise PackageError(f"{shown}: range must be two numbers, got {value!r}") from None
    if low > high:
        raise PackageError(f"{shown}: range {value!r} ends before it starts")
    return (None if math.isinf(low) else low), (None if math.isinf(high) else high)


def _grader_mode(found: tuple[Any, str] | None) -> str:
    """The default grader's scoring mode: the last of sum, avg, min, max in grader_flags."""
    if found is None:
        return "sum"
    value, shown = found
    if not isinstance(value, str):
        raise PackageError(f"{shown}: grader_flags must be a string")
    modes = [w for w in value.split() if w in _GRADER_MODES]
    return modes[-1] if modes else "sum"


def _on_reject(found: tuple[Any, str] | None) -> str:
    if found is None:
        return "break"
    value, shown = found
    if value not in ("break", "continue"):
        raise PackageError(f"{shown}: on_reject must be break or continue, got {value!r}")
    return str(value)


# -- 2025-09 --------------------------------------------------------------------------------


def _new_groups(secret: Path, configs: dict[str, _Config]) -> tuple[GroupSpec, ...]:
    if "sample" in configs and any(k in configs["sample"].values for k in NEW_KEYS):
        raise PackageError(f"{configs['sample'].shown}: scoring keys are not permitted in sample")
    root = _new_group("secret", configs.get("secret"), secret=True)
    names = [
        f"secret/{p.name}"
        for p in sorted(secret.iterdir())
        if p.is_dir() and f"secret/{p.name}" in configs
    ]
    groups = [_new_group(name, configs[name], secret=False) for name in names]
    for group in groups:
        _check_group(group, root, names, configs[group.name])
    for required in root.require_pass:
        if required != "sample":
            raise PackageError("data/secret: require_pass may only name sample")
    return (root, *groups)


def _new_group(name: str, config: _Config | None, *, secret: bool) -> GroupSpec:
    values = dict(config.values) if config else {}
    shown = config.shown if config else f"data/{name}"
    draft = values.get("scoring") or {}
    if not isinstance(draft, dict):
        raise PackageError(f"{shown}: scoring must be a mapping")
    maximum = values.get("max_score", draft.get("score", 100 if secret else "unbounded"))
    aggregation = values.get(
        "score_aggregation", draft.get("aggregation", "sum" if secret else "pass-fail")
    )
    if aggregation not in _AGGREGATIONS:
        raise PackageError(f"{shown}: score_aggregation must be pass-fail, sum or min")
    return GroupSpec(
        name=name,
        aggregation=str(aggregation),
        max_score=_max_score(maximum, shown),
        require_pass=_names(values.get("require_pass"), shown),
    )


def _max_score(value: Any, shown: str) -> float | None:
    if value == "unbounded":
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise PackageError(f"{shown}: max_score must be a non-negative integer or unbounded")
    return float(value)


def _names(value: Any, shown: str) -> tuple[str, ...]:
    if value is None:
        return ()
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise PackageError(f"{shown}: require_pass must be a group name or a list of them")
    return tuple(items)


def _check_group(group: GroupSpec, root: GroupSpec, names: list[str], config: _Config) -> None:
    if group.max_score is None and root.max_score is not None:
        raise PackageError(
            f"{config.shown}: max_score is needed (a group is unbounded only when secret is)"
        )
    if root.aggregation == "pass-fail" and group.aggregation != "pass-fail":
        raise PackageError(f"{config.shown}: secret is pass-fail, so must its groups be")
    for required in group.require_pass:
        if required == "sample":
            continue
        if required not in names or required >= group.name:
            raise PackageError(
                f"{config.shown}: require_pass {required!r} is not an earlier group of secret"
            )
