"""What the team's page of a function problem shows: per language the editor mode, starter
and whether it is judged; the signatures; the visible cases; the custom-input hint."""

from __future__ import annotations

import json
from typing import Any

from django.urls import reverse

from contest.models import Problem
from contest.testdata import function_problem
from judge.selectors.coverage import LanguageStatus, language_statuses
from judging.functions.casefile import FunctionProblem
from judging.functions.starters import Manifest, signature, starter

# CodeMirror 5 modes (static/vendor/codemirror/mode/) of the harness languages.
EDITOR_MODES = {
    "python3": "python",
    "java": "text/x-java",
    "javascript": "javascript",
    "typescript": "text/typescript",
    "cpp": "text/x-c++src",
}
PREVIEW_CAP = 400
# What one line of custom input is, per kind (judging/functions/custom.py reads it).
# How the page names the kinds and the coverage states to teams; the jury's words
# (judge.models.CoverageState) say how the reference fared, which is none of the team's business.
KIND_WORDS = {
    "function": "Write a function",
    "sequence": "Write a class (its methods are called in turn)",
    "roundtrip": "Write an encoder and a decoder",
}
TEAM_LABELS = {
    "verified": "open for submissions",
    "pending": "not open yet: being checked by the jury",
    "failed": "not open: the jury is working on it",
}
NOT_ACCEPTED = "not accepted in this contest"
CUSTOM_HINTS = {
    "function": "one JSON array of arguments per line",
    "sequence": 'one JSON array of calls per line: [["constructor", [args]], ["get", [args]], …]',
    "roundtrip": "one JSON array [data] per line",
}


def page_context(problem: Problem) -> dict[str, Any]:
    loaded = function_problem(problem)
    statuses = language_statuses(problem)
    editor = {
        "languages": [
            {
                "id": s.language_id,
                "name": s.name,
                "judged": s.judged,
                "label": _team_label(s),
                "mode": EDITOR_MODES[s.language_id],
                "starter": _starter(loaded.manifest, s.language_id),
            }
            for s in statuses
            if s.enabled
        ],
        "problem": problem.letter,
        "draftKey": f"juiz:draft:editor:{problem.contest_id}:{problem.pk}:",  # + language
        "runUrl": reverse("team:function_run", args=[problem.letter]),
        "submitUrl": reverse("team:function_submit", args=[problem.letter]),
    }
    signatures = [
        {"name": s.name, "code": _signature(loaded.manifest, s.language_id)} for s in statuses
    ]
    context: dict[str, Any] = {
        "problem": problem,
        "statuses": statuses,
        "signatures": signatures,
        "samples": _samples(loaded),
        "editor": editor,
        "kind": loaded.kind,
        "kind_words": KIND_WORDS[loaded.kind],
        "coverage": [(s, _team_label(s)) for s in statuses],
        "custom_hint": CUSTOM_HINTS[loaded.kind],
        "custom_example": _custom_example(loaded),
    }
    return context


def _team_label(status: LanguageStatus) -> str:
    return TEAM_LABELS[status.state] if status.enabled else NOT_ACCEPTED


def _preview(value: Any) -> str:
    text = json.dumps(value, separators=(",", ":"))
    return text if len(text) <= PREVIEW_CAP else text[:PREVIEW_CAP] + "…"


def _samples(loaded: FunctionProblem) -> list[dict[str, str]]:
    """The visible cases, as the team types custom inputs (one JSON array per line)."""
    return [
        {
            "name": case.name,
            "input": _preview(case.input_value()),
            "expected": _preview(case.expected) if case.has_expected else "",
        }
        for case in loaded.cases
        if not case.hidden
    ]


def _custom_example(loaded: FunctionProblem) -> str:
    """The first visible case written as a custom input line (the placeholder)."""
    case = next((c for c in loaded.cases if not c.hidden), None)
    if case is None:
        return ""
    value = [case.input_value()] if loaded.kind == "roundtrip" else case.input_value()
    return _preview(value)


def _starter(manifest: Manifest, language_id: str) -> str:
    try:
        return starter(manifest, language_id)
    except LookupError:  # no starter for that language (yet): an empty editor
        return ""


def _signature(manifest: Manifest, language_id: str) -> str:
    try:
        return signature(manifest, language_id)
    except LookupError:
        return "(not available)"
