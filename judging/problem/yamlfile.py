"""Reading the YAML files of a package (problem.yaml, testdata.yaml, test_group.yaml, <test>.yaml).

Every failure becomes a PackageError naming the file, so a typo in a package is a message for
its author, not a traceback.
"""

from __future__ import annotations

import math
import shlex
from pathlib import Path
from typing import Any

import yaml

from judging.constants import Constants, substitute
from judging.problem.errors import PackageError


def read_mapping(path: Path, shown_as: str, constants: Constants = ()) -> dict[str, Any]:
    """The YAML mapping in `path` ({} for an empty file), its `constants` substituted first;
    `shown_as` names it in messages."""
    try:
        text = substitute(path.read_bytes(), constants).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PackageError(f"{shown_as}: not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise PackageError(f"{shown_as}: cannot be read ({exc.strerror})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise PackageError(f"{shown_as}: invalid YAML: {_one_line(exc)}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise PackageError(f"{shown_as}: expected a mapping of keys, got {_kind(data)}")
    return data


def words(value: Any, shown_as: str) -> tuple[str, ...]:
    """Arguments given either as one string (legacy: split like a shell) or a list of strings."""
    if value is None:
        return ()
    if isinstance(value, str):
        try:
            return tuple(shlex.split(value))
        except ValueError as exc:
            raise PackageError(f"{shown_as}: cannot split {value!r}: {exc}") from None
    if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
        return tuple(str(v) for v in value)
    raise PackageError(f"{shown_as}: expected a string or a list of strings, got {_kind(value)}")


def positive_number(value: Any, shown_as: str) -> float:
    # bool is an int in Python; `time_limit: yes` is a mistake, not 1 second.
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value <= 0
    ):
        raise PackageError(f"{shown_as}: expected a positive number, got {value!r}")
    return float(value)


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "a list"
    return "a string" if isinstance(value, str) else type(value).__name__


def _one_line(exc: yaml.YAMLError) -> str:
    return " ".join(str(exc).split())
