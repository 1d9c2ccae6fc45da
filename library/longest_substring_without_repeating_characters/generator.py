"""longest-substring-without-repeating-characters: printable-ASCII strings.

Only printable ASCII is used so that every language measures length the same way (Java and
JavaScript count UTF-16 units, C++ counts bytes).
"""

from __future__ import annotations

import random
import string
from typing import Any

Case = dict[str, Any]

PRINTABLE = "".join(chr(c) for c in range(32, 127))


def _word(rng: random.Random, n: int, alphabet: str) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "one-space", "args": [" "]},
        {"name": "all-printable", "args": [PRINTABLE]},
        {"name": "all-printable-twice", "args": [PRINTABLE * 2]},
        {"name": "repeat-in-middle", "args": ["abba"]},
        {"name": "dvdf", "args": ["dvdf"]},
        {"name": "tmmzuxt", "args": ["tmmzuxt"]},
    ]
    for k in range(12):
        n = rng.randint(0, 15)
        out.append({"name": f"small-{k}", "args": [_word(rng, n, "abcd")]})
    for k in range(8):
        n = rng.randint(100, 2000)
        alphabet = rng.choice([string.ascii_lowercase, PRINTABLE, "xy"])
        out.append({"name": f"medium-{k}", "args": [_word(rng, n, alphabet)]})
    return out


def stress(rng: random.Random) -> list[Case]:
    return [{"name": "printable-200k", "args": [_word(rng, 200_000, PRINTABLE)]}]


def reference(case: Case) -> int:
    text: str = case["args"][0]
    last: dict[str, int] = {}
    start = best = 0
    for i, ch in enumerate(text):
        if last.get(ch, -1) >= start:
            start = last[ch] + 1
        last[ch] = i
        best = max(best, i - start + 1)
    return best


def brute(case: Case) -> int:
    text: str = case["args"][0]
    n = len(text)
    best = 0
    # From every start, grow the window until a character repeats.
    for i in range(n):
        seen: set[str] = set()
        for ch in text[i:]:
            if ch in seen:
                break
            seen.add(ch)
        best = max(best, len(seen))
    return best
