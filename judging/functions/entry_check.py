"""Does a source define what a function problem asks for? A lexical check, made before a
submission is accepted (docs/functions.md, "Submitting the wrong kind of program").

A stdin/stdout program sent to a function problem would compile, run the harness, and end in
a Runtime Error for the first case and Evaluation Skipped for the rest: a verdict that says
nothing of the mistake, and a penalty. So the submission is refused instead when the source
shows none of the names the harness would look for (the entry-point resolution of the
contract) where a definition can stand:

- Python: `def NAME` or `class NAME`, or `NAME =` at the start of a line;
- Java, C++: `NAME(` (a method or function), or `class NAME` (C++ also `struct NAME`);
- JavaScript, TypeScript: `function NAME`, `class NAME`, `NAME =`, `NAME:` or `NAME(`.

It is lexical on purpose: no parser per language. A name in a comment or a string counts as
found (the harness then says what is missing, as before); a definition the patterns miss would
be refused, so the patterns are loose. Only a source without any of the names is refused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_NAMES_KEYS = {
    "python3": ("python", "python3"),
    "java": ("java",),
    "javascript": ("javascript",),
    "typescript": ("typescript",),
    "cpp": ("cpp",),
}
_FUNCTION = {
    "python3": r"\b(?:def|class)\s+{name}\b|^[ \t]*{name}\s*=",
    "java": r"\b{name}\s*\(|\b(?:class|interface|record)\s+{name}\b",
    "cpp": r"\b{name}\s*\(|\b(?:class|struct)\s+{name}\b",
    "javascript": r"\b(?:function\*?|class)\s+{name}\b|\b{name}\s*(?:[=:(]|\?\s*\()",
}
_FUNCTION["typescript"] = _FUNCTION["javascript"]
_CLASS = {
    "python3": r"\bclass\s+{name}\b|^[ \t]*{name}\s*=",
    "java": r"\b(?:class|record)\s+{name}\b",
    "cpp": r"\b(?:class|struct)\s+{name}\b",
    "javascript": r"\bclass\s+{name}\b|\b{name}\s*=",
}
_CLASS["typescript"] = _CLASS["javascript"]


def wanted(manifest: Mapping[str, Any], language_id: str) -> tuple[str, tuple[str, ...]]:
    """("function" or "class", the names a harness in `language_id` would accept)."""
    names = manifest.get("names", {})
    override = next((names[k] for k in _NAMES_KEYS.get(language_id, ()) if k in names), None)
    if manifest.get("kind") == "function":
        entry = str(manifest["entry"])
        found = [override, entry, _snake_case(entry), _camel_case(entry)]
        return "function", tuple(dict.fromkeys(n for n in found if n))
    return "class", tuple(dict.fromkeys(n for n in (override, str(manifest["class"])) if n))


def missing_definition(
    manifest: Mapping[str, Any], language_id: str, source: bytes
) -> tuple[str, str] | None:
    """What to tell the team, ("function", "twoSum") or ("class", "LRUCache"), when `source`
    defines none of the accepted names, else None. A language without a harness is not
    checked here."""
    if language_id not in _FUNCTION:
        return None
    what, names = wanted(manifest, language_id)
    patterns = (_FUNCTION if what == "function" else _CLASS)[language_id]
    text = source.decode("utf-8", errors="replace")
    for name in names:
        if re.search(patterns.format(name=re.escape(name)), text, re.MULTILINE):
            return None
    return what, names[0]


def _snake_case(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def _camel_case(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)
