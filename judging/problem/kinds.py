"""Which kinds of problem a package is, and those Juiz cannot judge yet.

2023-07 / 2025-09 say it in problem.yaml's `type` (a list, or words in one string:
`pass-fail interactive`); legacy packages in `type: scoring` and in `validation`'s words
(`custom interactive`, `custom score`, `custom multi-pass`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judging.problem.yamlfile import read_mapping

# What check-package says of a kind, or of kinds together, until the engine judges them.
# None at present (interactive multi-pass problems were the last, judged since by
# judging/graders/interactive.py); a kind added to the format before Juiz judges it goes here.
UNJUDGEABLE_KINDS: dict[tuple[str, ...], str] = {}
_VALIDATION_WORDS = {"interactive": "interactive", "score": "scoring", "multi-pass": "multi-pass"}


def problem_kinds(config: dict[str, Any]) -> list[str]:
    kinds = _words(config.get("type"))
    for word in _words(config.get("validation"))[1:]:
        if word in _VALIDATION_WORDS:
            kinds.append(_VALIDATION_WORDS[word])
    return kinds


def package_types(config: dict[str, Any]) -> frozenset[str]:
    """judging.model.Problem.types: the package's kinds, with pass-fail implied unless the
    problem is scoring (the format: "implied when the type does not include scoring")."""
    kinds = set(problem_kinds(config))
    if "scoring" not in kinds:
        kinds.add("pass-fail")
    return frozenset(kinds)


def unjudgeable_kind(directory: Path) -> str:
    """Why no submission of this package can be judged yet, or ""."""
    path = directory / "problem.yaml"
    if not path.is_file():
        return ""
    kinds = problem_kinds(read_mapping(path, "problem.yaml"))
    return next((why for both, why in UNJUDGEABLE_KINDS.items() if set(both) <= set(kinds)), "")


def _words(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.split()
    if isinstance(value, list):
        return [w for item in value if isinstance(item, str) for w in item.split()]
    return []
