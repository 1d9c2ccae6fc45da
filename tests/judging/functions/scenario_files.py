"""The conformance scenarios (tests/judging/functions/scenarios/) and their solutions.

A scenario is a built case file whose cases may carry `"want": "pass" | "fail"`, how the case
must come out for the scenario's main solution. casefile.py refuses unknown case keys, so
`want` is taken out here before the case file is checked.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from judging.functions import casefile
from judging.functions.casefile import FunctionProblem

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE / "scenarios"
SOLUTIONS = HERE / "solutions"
LANGUAGES = ("python3", "java", "javascript", "typescript", "cpp")
EXTENSIONS = {"python3": "py", "java": "java", "javascript": "js", "typescript": "ts", "cpp": "cpp"}


def raw(name: str) -> dict[str, Any]:
    data = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def load(name: str) -> tuple[FunctionProblem, dict[str, str]]:
    """The scenario's problem, and the `want` of each case that has one, by case name."""
    data = raw(name)
    wants = {c["name"]: c.pop("want") for c in data["cases"] if "want" in c}
    return casefile.parse(data), wants


def solution(language: str, stem: str) -> Path:
    return SOLUTIONS / language / f"{stem}.{EXTENSIONS[language]}"
