"""Validator for course-schedule-ii: an order of all courses that takes every prerequisite
before its course, or [] exactly when no such order exists (the prerequisites have a cycle)."""

from __future__ import annotations

from typing import Any


def _has_cycle(n: int, pairs: list[list[int]]) -> bool:
    """Kahn's algorithm: the courses that never become free are on or behind a cycle."""
    after: list[list[int]] = [[] for _ in range(n)]
    waiting = [0] * n
    for course, first in pairs:
        after[first].append(course)
        waiting[course] += 1
    free = [k for k in range(n) if waiting[k] == 0]
    done = 0
    while free:
        course = free.pop()
        done += 1
        for nxt in after[course]:
            waiting[nxt] -= 1
            if waiting[nxt] == 0:
                free.append(nxt)
    return done < n


def validate(args: list[Any], got: Any) -> bool | str:
    n, pairs = args
    if not isinstance(got, list) or not all(
        isinstance(k, int) and not isinstance(k, bool) for k in got
    ):
        return "the result is not an array of course numbers"
    if _has_cycle(n, pairs):
        return True if got == [] else "the prerequisites have a cycle: the answer is []"
    if sorted(got) != list(range(n)):
        return f"not an order of all {n} courses (each exactly once)"
    position = {course: k for k, course in enumerate(got)}
    for course, first in pairs:
        if position[first] > position[course]:
            return f"course {course} is taken before its prerequisite {first}"
    return True
