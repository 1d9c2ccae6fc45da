"""Rejudge sets: judge many submissions again, look at what changed, then apply or cancel.

The new judgements run on the lower-priority `rejudging` queue, so a live contest's new
submissions go first. Nothing teams see changes until the set is applied: the item keeps the
report in force (`old_judgement`) next to the new one, and `apply` makes the new reports
current in one transaction. Cancelling marks the new judgements cancelled (a worker that is
still judging one then drops its result, see judge.jobs.judging._still_ours).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from judge.errors import ServiceError
from judge.models import (
    ApplyRule,
    AuditAction,
    AuditEntry,
    Judgement,
    JudgementState,
    RejudgeItem,
    RejudgeSet,
    RejudgeState,
    Submission,
    SubmissionState,
)
from judge.queue import REJUDGING_QUEUE, enqueue_judgement
from judge.selectors import rejudge as selectors
from judge.services import audit
from judge.services.jury import JUDGED_STATES
from live import events as live_events

if TYPE_CHECKING:
    from accounts.models import User
    from contest.models import Contest


@dataclass(frozen=True)
class Selection:
    """Which submissions to judge again; empty fields do not restrict."""

    problem_ids: tuple[int, ...] = ()
    language_ids: tuple[str, ...] = ()
    team_ids: tuple[int, ...] = ()
    classifications: tuple[str, ...] = ()
    submission_ids: tuple[int, ...] = ()
    since: datetime | None = None
    until: datetime | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["since"] = self.since.isoformat() if self.since else None
        data["until"] = self.until.isoformat() if self.until else None
        return {
            key: list(value) if isinstance(value, tuple) else value for key, value in data.items()
        }


def select(contest: Contest, selection: Selection) -> QuerySet[Submission]:
    """The judged submissions of the contest that the selection names (oldest first)."""
    found = Submission.objects.filter(contest=contest, state__in=JUDGED_STATES)
    filters: dict[str, Any] = {
        "problem_id__in": selection.problem_ids,
        "language_id__in": selection.language_ids,
        "team_id__in": selection.team_ids,
        "classification__in": selection.classifications,
        "pk__in": selection.submission_ids,
    }
    found = found.filter(**{key: value for key, value in filters.items() if value})
    if selection.since is not None:
        found = found.filter(submitted_at__gte=selection.since)
    if selection.until is not None:
        found = found.filter(submitted_at__lt=selection.until)
    return found.order_by("submitted_at", "id")


def create(
    *,
    contest: Contest,
    judge: User,
    selection: Selection,
    reason: str = "",
    apply_rule: ApplyRule = ApplyRule.KEEP,
    auto_apply: bool = False,
    rebuild: bool = False,
) -> RejudgeSet:
    """Make a rejudge set of the selected submissions and queue their new judgements.

    A submission already in an open set is left out (two sets would race to apply). Workers
    reuse their stored builds unless `rebuild` (judging/builds.py).
    """
    with transaction.atomic():
        chosen, busy = _free_submissions(contest, selection)
        rejudge = RejudgeSet.objects.create(
            contest=contest,
            created_by=judge,
            reason=reason,
            selection=selection.to_json(),
            apply_rule=apply_rule,
            auto_apply=auto_apply,
        )
        judgements = [_add_item(rejudge, submission, judge, rebuild) for submission in chosen]
        audit.record(
            user=judge,
            action=AuditAction.REJUDGE_CREATE,
            contest=contest,
            target=f"rejudge set {rejudge.pk}",
            comment=reason,
            after=_created_summary(rejudge, chosen, busy) | {"rebuild": rebuild},
        )
        for judgement in judgements:
            enqueue_judgement(judgement.pk, queue_name=REJUDGING_QUEUE)
        live_events.rejudge_progress(contest.pk, rejudge.pk, 0, len(judgements))
    return rejudge


def _free_submissions(contest: Contest, selection: Selection) -> tuple[list[Submission], set[int]]:
    """The selected submissions (locked) not in an open set, and the ids of those that are."""
    submissions = list(select(contest, selection).select_for_update())
    busy = set(
        RejudgeItem.objects.filter(
            rejudge__state=RejudgeState.JUDGING, submission__in=submissions
        ).values_list("submission_id", flat=True)
    )
    chosen = [s for s in submissions if s.pk not in busy]
    if not chosen:
        raise ServiceError("empty_selection", _empty_message(len(busy)))
    return chosen, busy


def _empty_message(busy: int) -> str:
    if busy:
        return f"All {busy} selected submission(s) are already in an open rejudge set."
    return "No judged submission matches the selection."


def _add_item(rejudge: RejudgeSet, submission: Submission, judge: User, rebuild: bool) -> Judgement:
    judgement = Judgement.objects.create(
        submission=submission, reason=Judgement.Reason.REJUDGE, requested_by=judge, rebuild=rebuild
    )
    RejudgeItem.objects.create(
        rejudge=rejudge,
        submission=submission,
        old_judgement_id=submission.current_judgement_id,
        new_judgement=judgement,
        old_classification=submission.classification,
        old_state=submission.state,
    )
    return judgement


def _created_summary(
    rejudge: RejudgeSet, chosen: Sequence[Submission], busy: set[int]
) -> dict[str, Any]:
    return {
        "rejudge": rejudge.pk,
        "selection": rejudge.selection,
        "apply_rule": rejudge.apply_rule,
        "auto_apply": rejudge.auto_apply,
        "submissions": [s.pk for s in chosen],
        "left_out_in_open_sets": sorted(busy),
    }


def apply(
    *,
    rejudge: RejudgeSet,
    judge: User | None,
    rule: ApplyRule | None = None,
    comment: str = "",
    replace_overrides: Collection[int] = (),
) -> RejudgeSet:
    """Make every new report of the set current (items whose judgement failed keep the old
    one), the state decided by the rule; refused while judgements are still running.

    A submission whose verdict is a judge's decision (selectors.is_override) keeps it, unless
    its id is in `replace_overrides`: the applying judge picked it, and the log says so.
    """
    with transaction.atomic():
        locked = _locked_open(rejudge)
        items = selectors.items_of(locked)
        if not all(selectors.is_finished(item.new_judgement) for item in items):
            raise ServiceError("rejudge_unfinished", "Some submissions are still being judged.")
        kept, replaced = _split_overrides(items, set(replace_overrides))
        rule = ApplyRule(rule or locked.apply_rule)
        chosen = [item for item in items if item.submission_id not in kept]
        entries = [e for item in chosen if (e := _apply_item(item, rule, judge, replaced))]
        AuditEntry.objects.bulk_create(entries)
        _close(locked, RejudgeState.APPLIED, judge, rule=rule)
        live_events.rejudge_changed(locked.pk)
        audit.record(
            user=judge,
            action=AuditAction.REJUDGE_APPLY,
            contest=locked.contest,
            target=f"rejudge set {locked.pk}",
            comment=comment,
            after={
                "rule": rule.value,
                "applied": [e.submission_id for e in entries],
                "overrides_kept": sorted(kept),
                "overrides_replaced": sorted(replaced),
            },
        )
    return locked


def _split_overrides(items: Sequence[RejudgeItem], wanted: set[int]) -> tuple[set[int], set[int]]:
    """(kept, replaced): the overrides the set leaves alone and those the judge picked.

    The submissions are locked first: a judge changing one right now waits for us, or we see
    the change.
    """
    ids = [item.submission_id for item in items]
    # FOR UPDATE OF the submissions only: the report is a nullable outer join.
    locked = Submission.objects.select_for_update(of=("self",)).filter(pk__in=ids)
    current = locked.select_related("current_judgement")
    overrides = {s.pk for s in current if selectors.is_override(s)}
    if wanted - overrides:
        strays = ", ".join(str(i) for i in sorted(wanted - overrides))
        raise ServiceError(
            "not_an_override", f"Not a judge's decision in this set: submission(s) {strays}."
        )
    return overrides - wanted, wanted


def _locked_open(rejudge: RejudgeSet) -> RejudgeSet:
    locked = RejudgeSet.objects.select_for_update().select_related("contest").get(pk=rejudge.pk)
    if not locked.is_open:
        raise ServiceError("rejudge_closed", f"The rejudge set was already {locked.state}.")
    return locked


def _apply_item(
    item: RejudgeItem, rule: ApplyRule, judge: User | None, replaced: set[int]
) -> AuditEntry | None:
    new = item.new_judgement
    if new.state != JudgementState.DONE:
        return None
    submission = Submission.objects.select_for_update().get(pk=item.submission_id)
    note = " (replaces a judge's decision, picked by the applying judge)"
    before = audit.submission_state(submission)
    submission.state = _state_after(rule, submission, new.classification)
    submission.current_judgement = new
    submission.classification = new.classification
    submission.save(update_fields=["current_judgement", "classification", "state"])
    live_events.submission_changed(submission.pk)
    return AuditEntry(
        user=judge,
        action=AuditAction.REJUDGE_APPLY,
        contest_id=submission.contest_id,
        submission=submission,
        target=f"submission {submission.pk}",
        comment=f"rejudge set {item.rejudge_id}" + (note if submission.pk in replaced else ""),
        before=before,
        after=audit.submission_state(submission),
    )


def _state_after(rule: ApplyRule, submission: Submission, new_classification: str) -> str:
    if rule == ApplyRule.PENDING:
        return SubmissionState.PENDING
    if rule == ApplyRule.FINAL_IF_UNCHANGED:
        unchanged = submission.classification == new_classification
        return SubmissionState.FINAL if unchanged else SubmissionState.PENDING
    return submission.state


def _close(
    rejudge: RejudgeSet, state: RejudgeState, user: User | None, rule: ApplyRule | None = None
) -> None:
    rejudge.state = state
    rejudge.closed_at = timezone.now()
    rejudge.closed_by = user
    if rule is not None:
        rejudge.apply_rule = rule
    rejudge.save(update_fields=["state", "closed_at", "closed_by", "apply_rule"])


def cancel(*, rejudge: RejudgeSet, judge: User, comment: str = "") -> RejudgeSet:
    """Discard the set: its new judgements are marked cancelled; teams never saw them."""
    with transaction.atomic():
        locked = _locked_open(rejudge)
        ids = list(locked.items.values_list("new_judgement_id", flat=True))
        Judgement.objects.filter(pk__in=ids).update(state=JudgementState.CANCELLED)
        _close(locked, RejudgeState.CANCELLED, judge)
        live_events.rejudge_changed(locked.pk)
        audit.record(
            user=judge,
            action=AuditAction.REJUDGE_CANCEL,
            contest=locked.contest,
            target=f"rejudge set {locked.pk}",
            comment=comment,
            after={"cancelled_judgements": ids},
        )
    return locked


def judgement_finished(judgement: Judgement) -> None:
    """Called by the worker (inside its transaction) when a rejudge judgement is stored."""
    item = RejudgeItem.objects.filter(new_judgement_id=judgement.pk).first()
    if item is None:
        return
    # Lock the set after our own item is written: of two workers finishing the last two items
    # at once, the second to get the lock sees both done (see docs/jury.md).
    rejudge = RejudgeSet.objects.select_for_update().get(pk=item.rejudge_id)
    if rejudge.state == RejudgeState.CANCELLED:
        Judgement.objects.filter(pk=judgement.pk).update(state=JudgementState.CANCELLED)
        return
    if rejudge.is_open and rejudge.auto_apply and _nothing_changed(rejudge):
        apply(rejudge=rejudge, judge=None, comment="applied automatically: nothing changed")


def _nothing_changed(rejudge: RejudgeSet) -> bool:
    items = selectors.items_of(rejudge)
    return all(
        item.new_judgement.state == JudgementState.DONE
        and item.new_judgement.classification == item.old_classification
        for item in items
    )
