"""Cases for encode-and-decode-strings: no strings, empty strings, strings made of the
delimiters a codec might pick (#, digits, commas, escapes), non-ASCII and astral characters,
control characters, long strings."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]
# Characters an encoding is likely to use as a separator or escape, and some that are not ASCII.
TRICKY = "#:,;|/\\\"' 0123456789\t\n\r%$@"
WIDE = "éßñ€日本語😀𝄞"


def _string(rng: random.Random, longest: int, alphabet: str) -> str:
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, longest)))


def cases(rng: random.Random) -> list[Case]:
    lists: list[tuple[str, list[str]]] = [
        ("no-strings", []),
        ("one-empty-string", [""]),
        ("empty-strings", ["", "", ""]),
        ("delimiters", ["#", "3#abc", "a,b", "\\", "\\#", "::", "0", "12#"]),
        ("length-prefix-lookalike", ["4#ab", "#4#", "10#"]),
        ("non-ascii", ["héllo", "日本語", "emoji 😀", "𝄞", "€"]),
        ("control-characters", ["\t", "a\nb", "\r\n", "\x01\x1f", " "]),
        ("long-strings", [_string(rng, 10_000, "ab#") for _ in range(3)]),
        ("many-strings", [_string(rng, 3, TRICKY) for _ in range(2000)]),
    ]
    for k in range(10):
        alphabet = "abc" + TRICKY + WIDE
        lists.append(
            (f"random-{k}", [_string(rng, 12, alphabet) for _ in range(rng.randint(1, 12))])
        )
    return [{"name": name, "data": data} for name, data in lists]


def reference(case: Case) -> list[str]:
    """The list comes back as it went in."""
    return list(case["data"])


def brute(case: Case) -> list[str]:
    """A codec of its own: backslash escapes, each string ended by an unescaped comma."""
    encoded = "".join(s.replace("\\", "\\\\").replace(",", "\\,") + "," for s in case["data"])
    out: list[str] = []
    current: list[str] = []
    escaped = False
    for char in encoded:
        if escaped:
            current.append(char)
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == ",":
            out.append("".join(current))
            current = []
        else:
            current.append(char)
    return out
