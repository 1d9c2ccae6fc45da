"""A scoring problem's test groups between the engine's GroupSpec and the database's TestGroup
rows: the package import and the jury store them, engine_problem() reads them back."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from contest.models import Problem, TestGroup
from judging.model import GroupSpec


def group_rows(problem: Problem, groups: Sequence[GroupSpec]) -> list[TestGroup]:
    """The unsaved rows of `groups`, in their order."""
    return [
        TestGroup(
            problem=problem,
            order=order,
            name=group.name,
            aggregation=group.aggregation,
            max_score=group.max_score,
            accept_score=group.accept_score,
            reject_score=group.reject_score,
            min_score=group.min_score,
            on_reject=group.on_reject,
            require_pass=list(group.require_pass),
            tests_aggregation=group.tests_aggregation or "",
            rules=group.rules,
        )
        for order, group in enumerate(groups, start=1)
    ]


def replace_groups(problem: Problem, groups: Sequence[GroupSpec]) -> None:
    """Store `groups` as the problem's, in place of those it had (inside the caller's
    transaction)."""
    TestGroup.objects.filter(problem=problem).delete()
    TestGroup.objects.bulk_create(group_rows(problem, groups))


def group_specs(rows: Iterable[TestGroup]) -> tuple[GroupSpec, ...]:
    return tuple(
        GroupSpec(
            name=row.name,
            aggregation=row.aggregation,
            max_score=row.max_score,
            accept_score=row.accept_score,
            reject_score=row.reject_score,
            min_score=row.min_score,
            on_reject=row.on_reject,
            require_pass=tuple(row.require_pass),
            tests_aggregation=row.tests_aggregation or None,
            rules=row.rules,
        )
        for row in rows
    )
