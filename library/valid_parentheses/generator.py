"""valid-parentheses: balanced strings of ()[]{} and their corruptions."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]

PAIRS = ["()", "[]", "{}"]


def _balanced(rng: random.Random, pairs: int) -> str:
    # Walk left to right: open while pairs remain, close when the stack allows, at random.
    out: list[str] = []
    stack: list[str] = []
    remaining = pairs
    while remaining or stack:
        if remaining and (not stack or rng.random() < 0.55):
            pair = rng.choice(PAIRS)
            out.append(pair[0])
            stack.append(pair[1])
            remaining -= 1
        else:
            out.append(stack.pop())
    return "".join(out)


def _corrupt(rng: random.Random, text: str) -> str:
    letters = list(text)
    i = rng.randrange(len(letters))
    choice = rng.randrange(3)
    if choice == 0:
        letters[i] = rng.choice([c for c in "()[]{}" if c != letters[i]])
    elif choice == 1:
        del letters[i]
    else:
        j = rng.randrange(len(letters))
        letters[i], letters[j] = letters[j], letters[i]
    return "".join(letters)


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "only-open", "args": ["((("]},
        {"name": "only-close", "args": ["]"]},
        {"name": "closed-before-open", "args": [")("]},
        {"name": "deep-nesting", "args": ["({[" * 3000 + "]})" * 3000]},
        {"name": "deep-unbalanced", "args": ["(" * 5000 + ")" * 4999]},
    ]
    for k in range(24):
        pairs = rng.randint(1, 8) if k < 16 else rng.randint(500, 5000)
        text = _balanced(rng, pairs)
        if k % 2:
            text = _corrupt(rng, text)
        out.append({"name": f"random-{k}", "args": [text]})
    for k in range(6):
        noise = "".join(rng.choice("()[]{}") for _ in range(rng.randint(1, 12)))
        out.append({"name": f"noise-{k}", "args": [noise]})
    return out


def reference(case: Case) -> bool:
    text: str = case["args"][0]
    closing = {")": "(", "]": "[", "}": "{"}
    stack: list[str] = []
    for ch in text:
        if ch in closing:
            if not stack or stack.pop() != closing[ch]:
                return False
        else:
            stack.append(ch)
    return not stack


def brute(case: Case) -> bool:
    # Erase innermost pairs until none is left: what remains is empty only if balanced.
    text: str = case["args"][0]
    while True:
        shorter = text.replace("()", "").replace("[]", "").replace("{}", "")
        if shorter == text:
            return text == ""
        text = shorter
