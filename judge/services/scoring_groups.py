"""Test groups with points for a problem authored in the web app (the jury's problem page).

The jury writes one group per line, `<folder> <points>`, a folder of the problem's secret test
names ("secret/small 30" holds secret/small/1, secret/small/2 ...). Each group is worth its
points when every one of its tests is accepted, as a 2025-09 package's `pass-fail` group with
that `max_score`; the problem's score is their sum (docs/judging.md, "Scoring problems"). An
empty list makes the problem pass-fail again. Every secret test must be in exactly one group,
so no test counts for nothing; samples are never scored. Verdicts do not change by themselves:
the jury rejudges, as after a change of test data.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.db import transaction

from contest.models import Problem
from contest.test_groups import group_specs, replace_groups
from judge.errors import ServiceError
from judge.models import AuditAction
from judge.services import audit
from judging.model import GroupSpec

if TYPE_CHECKING:
    from accounts.models import User

MAX_GROUPS = 50


def set_groups(*, problem: Problem, admin: User, text: str) -> tuple[GroupSpec, ...]:
    """Parse `text`, check it against the problem's tests, store the groups and the type."""
    if problem.is_function:
        raise ServiceError("not_scorable", "A function problem has no test groups.")
    with transaction.atomic():
        locked = Problem.objects.select_for_update().get(pk=problem.pk)
        tests = list(locked.tests.filter(sample=False).values_list("name", flat=True))
        groups = groups_of(parse(text), tests)
        before = _shown(locked)
        replace_groups(locked, groups)
        # The other types stay: a submit-answer or interactive problem may be scored too.
        others = [t for t in locked.types if t not in ("scoring", "pass-fail")]
        locked.types = sorted(["scoring" if groups else "pass-fail", *others])
        locked.save(update_fields=["types"])
        audit.record(
            user=admin,
            action=AuditAction.PROBLEM_CHANGE,
            contest=locked.contest,
            target=f"problem {locked.letter}: test groups",
            before=before,
            after=_shown(locked),
        )
    return groups


def parse(text: str) -> list[tuple[str, float]]:
    """(folder, points) per line; blank lines and `#` comments are skipped."""
    found: list[tuple[str, float]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) != 2:
            raise ServiceError(
                "bad_groups", f"Line {number}: write a folder and its points, e.g. secret/small 30."
            )
        found.append((words[0].strip("/"), _points(words[1], number)))
    if len(found) > MAX_GROUPS:
        raise ServiceError("bad_groups", f"At most {MAX_GROUPS} groups.")
    return found


def _points(word: str, number: int) -> float:
    try:
        points = float(word)
    except ValueError:
        points = math.nan
    if not math.isfinite(points) or points <= 0:
        raise ServiceError("bad_groups", f"Line {number}: points must be a positive number.")
    return points


def groups_of(lines: Sequence[tuple[str, float]], tests: Sequence[str]) -> tuple[GroupSpec, ...]:
    """secret (the sum) and one pass-fail group per line, checked against the secret tests."""
    if not lines:
        return ()
    names = [name for name, _ in lines]
    for name in names:
        if not name.startswith("secret/") or name.count("/") != 1 or names.count(name) > 1:
            raise ServiceError(
                "bad_groups",
                f"{name!r}: a group is a folder right under secret/ (secret/<name>), named once.",
            )
        if not any(t.startswith(f"{name}/") for t in tests):
            raise ServiceError("bad_groups", f"No secret test is in {name}/.")
    loose = [t for t in tests if not any(t.startswith(f"{n}/") for n in names)]
    if loose:
        shown = ", ".join(loose[:5]) + (" ..." if len(loose) > 5 else "")
        raise ServiceError(
            "bad_groups",
            f"These tests are in no group: {shown}. A scoring problem's tests are named "
            "secret/<group>/<test>: upload a zip with that layout.",
        )
    total = sum(points for _, points in lines)
    root = GroupSpec(name="secret", aggregation="sum", max_score=total)
    return (
        root,
        *(GroupSpec(name=n, aggregation="pass-fail", max_score=p) for n, p in lines),
    )


def text_of(problem: Problem) -> str:
    """The form's text for the problem's groups (a package's too, when they have this shape)."""
    groups = group_specs(problem.test_groups.order_by("order"))
    return "\n".join(f"{g.name} {g.max_score:g}" for g in groups[1:] if g.max_score is not None)


def _shown(problem: Problem) -> dict[str, object]:
    return {"types": list(problem.types), "groups": text_of(problem)}
