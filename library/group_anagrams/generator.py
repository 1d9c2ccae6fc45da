"""group-anagrams: words over small alphabets so that anagram groups are common."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

Case = dict[str, Any]


def _words(rng: random.Random, count: int, length: int, alphabet: str) -> list[str]:
    # Draw a few "roots" and shuffle them, plus unrelated words and repeats.
    roots = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, length))) for _ in range(4)]
    out: list[str] = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.6:
            letters = list(rng.choice(roots))
            rng.shuffle(letters)
            out.append("".join(letters))
        elif roll < 0.7 and out:
            out.append(rng.choice(out))
        else:
            out.append("".join(rng.choice(alphabet) for _ in range(rng.randint(0, length))))
    return out


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "two-empty", "args": [["", ""]]},
        {"name": "same-letters-different-counts", "args": [["aab", "abb", "bab", "aba"]]},
        {"name": "no-anagrams", "args": [["abc", "abd", "abe"]]},
        {"name": "repeated-word", "args": [["x", "x", "x"]]},
    ]
    for k in range(16):
        count = rng.randint(1, 12)
        out.append(
            {"name": f"small-{k}", "args": [_words(rng, count, 4, rng.choice(["ab", "abc"]))]}
        )
    for k in range(6):
        count = rng.randint(200, 1500)
        alphabet = rng.choice(["abcde", "abcdefghijklmnopqrstuvwxyz"])
        out.append({"name": f"medium-{k}", "args": [_words(rng, count, 12, alphabet)]})
    return out


def reference(case: Case) -> list[list[str]]:
    groups: dict[str, list[str]] = {}
    for word in case["args"][0]:
        groups.setdefault("".join(sorted(word)), []).append(word)
    return list(groups.values())


def brute(case: Case) -> list[list[str]]:
    # Compare each word's letter counts with the first word of every group found so far.
    groups: list[tuple[Counter[str], list[str]]] = []
    for word in case["args"][0]:
        counts = Counter(word)
        for key, members in groups:
            if key == counts:
                members.append(word)
                break
        else:
            groups.append((counts, [word]))
    return [members for _, members in groups]
