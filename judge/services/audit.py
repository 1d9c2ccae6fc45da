"""The audit log: every jury action, recorded in the transaction that makes the change.

Recording inside the same transaction means there is never a change without its entry, nor an
entry for a change that was rolled back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db import models, transaction
from django.db.models import QuerySet

from judge.models import AuditAction, AuditEntry, Submission

if TYPE_CHECKING:
    from accounts.models import User
    from contest.models import Contest


def record(
    *,
    user: User | None,
    action: AuditAction,
    contest: Contest | None = None,
    submission: Submission | None = None,
    target: str = "",
    comment: str = "",
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
) -> AuditEntry:
    contest_id: int | None = contest.pk if contest else None
    if submission is not None:
        target = target or f"submission {submission.pk}"
        contest_id = contest_id or submission.contest_id
    return AuditEntry.objects.create(
        user=user,
        action=action,
        contest_id=contest_id,
        submission=submission,
        target=target,
        comment=comment,
        before=dict(before or {}),
        after=dict(after or {}),
    )


def submission_state(submission: Submission) -> dict[str, Any]:
    """What teams see of a submission: the before/after of most jury actions."""
    return {
        "state": submission.state,
        "classification": submission.classification,
        "judgement": submission.current_judgement_id,
    }


def field_values(instance: models.Model, fields: Iterable[str]) -> dict[str, Any]:
    """JSON-safe values of some fields of a model instance."""
    values: dict[str, Any] = {}
    for name in fields:
        value = getattr(instance, name)
        values[name] = value if isinstance(value, str | int | float | bool | None) else str(value)
    return values


def update_fields(
    instance: models.Model,
    changes: Mapping[str, Any],
    *,
    user: User,
    action: AuditAction,
    target: str,
    contest: Contest | None = None,
) -> dict[str, tuple[Any, Any]]:
    """Save the changed fields of a locked instance with an audit entry of before and after.

    Returns {field: (before, after)} of the fields that really changed (nothing is recorded
    when nothing changed).
    """
    before = field_values(instance, changes)
    for name, value in changes.items():
        setattr(instance, name, value)
    after = field_values(instance, changes)
    changed = [name for name in changes if before[name] != after[name]]
    if changed:
        with transaction.atomic():
            instance.save(update_fields=changed)
            record(
                user=user,
                action=action,
                contest=contest,
                target=target,
                before={name: before[name] for name in changed},
                after={name: after[name] for name in changed},
            )
    return {name: (before[name], after[name]) for name in changed}


@dataclass(frozen=True)
class AuditQuery:
    user_id: int | None = None
    action: str = ""
    submission_id: int | None = None
    since: datetime | None = None
    until: datetime | None = None


def search(query: AuditQuery) -> QuerySet[AuditEntry]:
    entries = AuditEntry.objects.select_related("user", "contest")
    if query.user_id is not None:
        entries = entries.filter(user_id=query.user_id)
    if query.action:
        entries = entries.filter(action=query.action)
    if query.submission_id is not None:
        entries = entries.filter(submission_id=query.submission_id)
    if query.since is not None:
        entries = entries.filter(at__gte=query.since)
    if query.until is not None:
        entries = entries.filter(at__lt=query.until)
    return entries
