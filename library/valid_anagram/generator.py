"""valid-anagram: shuffled copies, near misses and unrelated lowercase words."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

Case = dict[str, Any]

LOWER = "abcdefghijklmnopqrstuvwxyz"


def _word(rng: random.Random, n: int, alphabet: str) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _shuffled(rng: random.Random, word: str) -> str:
    letters = list(word)
    rng.shuffle(letters)
    return "".join(letters)


def _near_miss(rng: random.Random, word: str) -> str:
    # Same length, one letter changed: counts differ in exactly two letters.
    letters = list(_shuffled(rng, word))
    i = rng.randrange(len(letters))
    letters[i] = rng.choice([c for c in LOWER if c != letters[i]])
    return "".join(letters)


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "single-equal", "args": ["z", "z"]},
        {"name": "single-different", "args": ["a", "b"]},
        {"name": "same-letters-different-counts", "args": ["aab", "abb"]},
        {"name": "prefix", "args": ["abc", "abcc"]},
    ]
    for k in range(20):
        n = rng.randint(1, 60) if k < 14 else rng.randint(1000, 5000)
        alphabet = rng.choice(["ab", "abc", LOWER])
        word = _word(rng, n, alphabet)
        kind = k % 3
        if kind == 0:
            other = _shuffled(rng, word)
        elif kind == 1:
            other = _near_miss(rng, word)
        else:
            other = _word(rng, rng.randint(1, n + 2), alphabet)
        out.append({"name": f"random-{k}", "args": [word, other]})
    return out


def reference(case: Case) -> bool:
    first, second = case["args"]
    if len(first) != len(second):
        return False
    counts = [0] * 26
    for a, b in zip(first, second, strict=True):
        counts[ord(a) - 97] += 1
        counts[ord(b) - 97] -= 1
    return not any(counts)


def brute(case: Case) -> bool:
    first, second = case["args"]
    return sorted(first) == sorted(second) and Counter(first) == Counter(second)
