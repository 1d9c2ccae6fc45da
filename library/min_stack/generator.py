"""Cases for min-stack: the minimum pushed twice and popped once, descending pushes popped one
by one (a new minimum each pop), 32-bit extremes, and random valid call sequences."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]
Step = dict[str, Any]
INT_MIN, INT_MAX = -(2**31), 2**31 - 1


def _step(method: str, *args: Any) -> Step:
    return {"method": method, "args": list(args)}


def _calls(rng: random.Random, calls: int, values: tuple[int, int]) -> list[Step]:
    """Random calls, never pop/top/getMin on an empty stack."""
    steps = [_step("constructor")]
    size = 0
    for _ in range(calls):
        method = rng.choice(("push", "push", "pop", "top", "getMin")) if size else "push"
        if method == "push":
            steps.append(_step("push", rng.randint(*values)))
            size += 1
        else:
            steps.append(_step(method))
            size -= method == "pop"
    return steps


def _script(text: str) -> list[Step]:
    """Steps from "constructor; push 2; getMin"."""
    calls = (call.split() for call in text.split(";"))
    return [_step(method, *map(int, args)) for method, *args in calls]


FIXED = {
    "duplicate-minimum": "push 2; push 1; push 1; pop; getMin; pop; getMin; top",
    "descending": "push 5; push 4; push 3; push 2; push 1" + "; getMin; pop" * 4 + "; top",
    "extremes": f"push {INT_MAX}; push {INT_MIN}; getMin; top; pop; getMin; push {INT_MIN}; "
    f"push {INT_MAX}; getMin; pop; top",
}


def cases(rng: random.Random) -> list[Case]:
    out = [{"name": name, "steps": _script("constructor; " + text)} for name, text in FIXED.items()]
    for k in range(10):
        out.append({"name": f"random-{k}", "steps": _calls(rng, rng.randint(1, 60), (-5, 5))})
    out.append({"name": "large", "steps": _calls(rng, 30_000, (INT_MIN, INT_MAX))})
    return out


def reference(case: Case) -> list[int | None]:
    """Each entry remembers the minimum of the stack up to it."""
    stack: list[tuple[int, int]] = []
    out: list[int | None] = []
    for step in case["steps"]:
        method, result = step["method"], None
        if method == "push":
            value = step["args"][0]
            stack.append((value, min(value, stack[-1][1]) if stack else value))
        elif method == "pop":
            stack.pop()
        elif method == "top":
            result = stack[-1][0]
        elif method == "getMin":
            result = stack[-1][1]
        out.append(result)
    return out


def brute(case: Case) -> list[int | None]:
    """A plain list; the minimum is searched on every call."""
    stack: list[int] = []
    out: list[int | None] = []
    for step in case["steps"]:
        method, result = step["method"], None
        if method == "push":
            stack.append(step["args"][0])
        elif method == "pop":
            del stack[-1]
        elif method == "top":
            result = stack[len(stack) - 1]
        elif method == "getMin":
            result = min(stack)
        out.append(result)
    return out
