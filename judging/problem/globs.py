"""The glob patterns of submissions.yaml (2023-07 / 2025-09, "Glob patterns").

`*` matches within one path component (never `/`); brace expansion is supported, `{a,b}` and
nested or repeated braces (`{,0,1}{0,2}`, a cartesian product); `**` and `[xyz]` are not part
of the format, so `[` is an ordinary character. Blanks around a brace alternative are dropped
(BAPCtools writes `{ 4 }`). A path is matched when it or any of its parent directories is.
"""

from __future__ import annotations

import re
from functools import lru_cache


def expand_braces(pattern: str) -> list[str]:
    """Every pattern `pattern` stands for, braces expanded left to right."""
    start = pattern.find("{")
    if start < 0:
        return [pattern]
    depth, end = 0, -1
    for i in range(start, len(pattern)):
        depth += {"{": 1, "}": -1}.get(pattern[i], 0)
        if depth == 0:
            end = i
            break
    if end < 0:  # an unclosed brace is a literal character
        return [pattern]
    head, body, tail = pattern[:start], pattern[start + 1 : end], pattern[end + 1 :]
    return [
        head + option + rest
        for option in _alternatives(body)
        for rest in expand_braces(tail)
        for option in expand_braces(option)
    ]


def _alternatives(body: str) -> list[str]:
    """`body` split at its top-level commas, each alternative stripped of blanks."""
    parts, depth, current = [], 0, ""
    for char in body:
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
            continue
        depth += {"{": 1, "}": -1}.get(char, 0)
        current += char
    return [*parts, current.strip()]


@lru_cache(maxsize=1024)
def _regexes(pattern: str) -> tuple[re.Pattern[str], ...]:
    compiled = []
    for option in expand_braces(pattern.strip().strip("/")):
        body = "[^/]*".join(re.escape(piece) for piece in option.split("*"))
        compiled.append(re.compile(body))
    return tuple(compiled)


def matches(pattern: str, path: str) -> bool:
    """Whether `pattern` matches `path` ("a/b/c") or one of its parents ("a/b", "a")."""
    parts = path.strip("/").split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    return any(rx.fullmatch(p) for rx in _regexes(pattern) for p in prefixes)
