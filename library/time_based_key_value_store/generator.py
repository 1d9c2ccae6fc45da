"""Cases for time-based-key-value-store: reads before the first write, at exact timestamps,
between and after writes, of unknown keys, and random mixes over a few keys."""

from __future__ import annotations

import bisect
import random
import string
from typing import Any

Case = dict[str, Any]
Step = dict[str, Any]
MAX_TIMESTAMP = 10_000_000
ALPHABET = string.ascii_lowercase + string.digits


def _step(method: str, *args: Any) -> Step:
    return {"method": method, "args": list(args)}


def _word(rng: random.Random, longest: int) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, longest)))


def _calls(rng: random.Random, calls: int, keys: list[str], gap: int) -> list[Step]:
    """Sets with strictly increasing timestamps, gets at any timestamp (also of keys never
    set)."""
    steps = [_step("constructor")]
    now = rng.randint(1, gap)
    for _ in range(calls):
        key = rng.choice(keys)
        if rng.random() < 0.5:
            steps.append(_step("set", key, _word(rng, 10), now))
            now += rng.randint(1, gap)
        else:
            steps.append(_step("get", key, rng.randint(1, min(now + gap, MAX_TIMESTAMP))))
    return steps


def _script(text: str) -> list[Step]:
    """Steps from "constructor; set foo bar 1; get foo 3" (the timestamp is the last word)."""
    calls = (call.split() for call in text.split(";"))
    return [
        _step(method, *args[:-1], int(args[-1])) if args else _step(method)
        for method, *args in calls
    ]


FIXED = {
    "leetcode": "set foo bar 1; get foo 1; get foo 3; set foo bar2 4; get foo 4; get foo 5",
    "edges": f"get a 5; set a x 5; get a 4; get a 5; get b 5; set b y 10; set a z 20; get a 19; "
    f"get a {MAX_TIMESTAMP}; get b 9",
}


def cases(rng: random.Random) -> list[Case]:
    out = [{"name": name, "steps": _script("constructor; " + text)} for name, text in FIXED.items()]
    for k in range(10):
        keys = [_word(rng, 3) for _ in range(rng.randint(1, 4))]
        out.append({"name": f"random-{k}", "steps": _calls(rng, rng.randint(1, 50), keys, 5)})
    keys = [_word(rng, 20) for _ in range(50)]
    out.append({"name": "large", "steps": _calls(rng, 10_000, keys, 800)})
    return out


def reference(case: Case) -> list[str | None]:
    """Per key, the timestamps in order (sets come in increasing time): binary search."""
    times: dict[str, list[int]] = {}
    values: dict[str, list[str]] = {}
    out: list[str | None] = []
    for step in case["steps"]:
        method, args = step["method"], step["args"]
        result = None
        if method == "set":
            times.setdefault(args[0], []).append(args[2])
            values.setdefault(args[0], []).append(args[1])
        elif method == "get":
            k = bisect.bisect_right(times.get(args[0], []), args[1])
            result = values[args[0]][k - 1] if k else ""
        out.append(result)
    return out


def brute(case: Case) -> list[str | None]:
    """Every set remembered; a get takes the latest one of its key not after its time."""
    history: list[tuple[str, str, int]] = []
    out: list[str | None] = []
    for step in case["steps"]:
        method, args = step["method"], step["args"]
        result = None
        if method == "set":
            history.append((args[0], args[1], args[2]))
        elif method == "get":
            matching = [(t, v) for key, v, t in history if key == args[0] and t <= args[1]]
            result = max(matching)[1] if matching else ""
        out.append(result)
    return out
