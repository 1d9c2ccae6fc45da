"""What a judge does to one submission: validate, change, reevaluate, compare, make current.

Each change runs in one transaction with the submission row locked (two judges clicking at
once are serialised, and the second sees the first's result), records its audit entry, and
raises ServiceError with a machine-readable code when refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db import transaction

from judge.errors import ServiceError
from judge.models import (
    AuditAction,
    Judgement,
    JudgementState,
    RejudgeState,
    Submission,
    SubmissionState,
    TestRun,
)
from judge.queue import enqueue_judgement
from judge.services import audit
from judging.classification import Classification
from live import events as live_events

if TYPE_CHECKING:
    from accounts.models import User

JUDGED_STATES = (SubmissionState.PENDING, SubmissionState.FINAL)


def _locked(submission: Submission) -> Submission:
    return Submission.objects.select_for_update().get(pk=submission.pk)


def _require_judged(submission: Submission) -> None:
    if submission.state not in JUDGED_STATES:
        raise ServiceError("not_judged", "The submission has no classification yet.")


def validate(*, submission: Submission, judge: User) -> Submission:
    """Make the pending classification final."""
    with transaction.atomic():
        locked = _locked(submission)
        if locked.state != SubmissionState.PENDING:
            raise ServiceError("not_pending", "Only a pending classification can be validated.")
        before = audit.submission_state(locked)
        locked.state = SubmissionState.FINAL
        locked.save(update_fields=["state"])
        live_events.submission_validated(locked.pk)
        audit.record(
            user=judge,
            action=AuditAction.VALIDATE,
            submission=locked,
            before=before,
            after=audit.submission_state(locked),
        )
    return locked


def change(
    *, submission: Submission, judge: User, classification: Classification | str, comment: str
) -> Submission:
    """Give the submission another classification, final at once; the comment says why."""
    comment = comment.strip()
    if not comment:
        raise ServiceError("comment_required", "Changing a classification needs a comment.")
    new = _classification(classification)
    with transaction.atomic():
        locked = _locked(submission)
        _require_judged(locked)
        if locked.classification == new.value:
            raise ServiceError("unchanged", f"The classification already is {new.value}.")
        before = audit.submission_state(locked)
        locked.classification = new.value
        locked.state = SubmissionState.FINAL
        locked.save(update_fields=["classification", "state"])
        live_events.submission_changed(locked.pk)
        audit.record(
            user=judge,
            action=AuditAction.CHANGE,
            submission=locked,
            comment=comment,
            before=before,
            after=audit.submission_state(locked),
        )
    return locked


def _classification(value: Classification | str) -> Classification:
    try:
        return Classification(value)
    except ValueError:
        raise ServiceError("bad_classification", f"Unknown classification {value!r}.") from None


def reevaluate(*, submission: Submission, judge: User, rebuild: bool = False) -> Judgement:
    """Judge the submission again with the current tests, limits and compiler settings.

    The worker reuses its stored build of the same source and compiler configuration unless
    `rebuild` (judging/builds.py). The new report waits for a judge (compare, then make
    current); until then the team keeps seeing the report in force.
    """
    with transaction.atomic():
        locked = _locked(submission)
        _require_judged(locked)
        running = locked.judgements.filter(
            reason=Judgement.Reason.REEVALUATION,
            state__in=[JudgementState.QUEUED, JudgementState.JUDGING],
        )
        if running.exists():
            raise ServiceError("already_reevaluating", "A reevaluation is already under way.")
        judgement = Judgement.objects.create(
            submission=locked,
            reason=Judgement.Reason.REEVALUATION,
            requested_by=judge,
            rebuild=rebuild,
        )
        audit.record(
            user=judge,
            action=AuditAction.REEVALUATE,
            submission=locked,
            before=audit.submission_state(locked),
            after={"new_judgement": judgement.pk, "rebuild": rebuild},
        )
        enqueue_judgement(judgement.pk)
    return judgement


def make_current(
    *, submission: Submission, judgement: Judgement, judge: User, final: bool
) -> Submission:
    """Make a finished report the one in force, its classification pending or final."""
    with transaction.atomic():
        locked = _locked(submission)
        chosen = Judgement.objects.select_for_update().get(pk=judgement.pk)
        _check_choosable(locked, chosen)
        state = SubmissionState.FINAL if final else SubmissionState.PENDING
        if (locked.current_judgement_id, locked.classification, locked.state) == (
            chosen.pk,
            chosen.classification,
            state,
        ):
            raise ServiceError("unchanged", "That report is already in force with that state.")
        before = audit.submission_state(locked)
        locked.current_judgement = chosen
        locked.classification = chosen.classification
        locked.state = state
        locked.save(update_fields=["current_judgement", "classification", "state"])
        live_events.submission_changed(locked.pk, "current")
        audit.record(
            user=judge,
            action=AuditAction.MAKE_CURRENT,
            submission=locked,
            before=before,
            after=audit.submission_state(locked),
        )
    return locked


def _check_choosable(submission: Submission, judgement: Judgement) -> None:
    if judgement.submission_id != submission.pk:
        raise ServiceError("wrong_submission", "That report belongs to another submission.")
    if judgement.state != JudgementState.DONE or not judgement.classification:
        raise ServiceError("not_done", "Only a finished report can be made current.")
    item = getattr(judgement, "rejudge_item", None)
    if item is not None and item.rejudge.state != RejudgeState.APPLIED:
        # An open set decides for all its items at once; a cancelled one was discarded.
        raise ServiceError("in_rejudge_set", "That report belongs to a rejudge set: apply it.")


@dataclass(frozen=True)
class TestComparison:
    name: str
    old: TestRun | None
    new: TestRun | None

    @property
    def classification_changed(self) -> bool:
        return _value(self.old, "classification") != _value(self.new, "classification")

    @property
    def output_changed(self) -> bool:
        """Whether the team's stdout differs (compared on the stored, capped previews)."""
        return _value(self.old, "output") != _value(self.new, "output")


def _value(run: TestRun | None, name: str) -> object:
    return getattr(run, name) if run is not None else None


@dataclass(frozen=True)
class Comparison:
    old: Judgement
    new: Judgement
    tests: tuple[TestComparison, ...]

    @property
    def classification_changed(self) -> bool:
        return self.old.classification != self.new.classification

    @property
    def compile_output_changed(self) -> bool:
        return self.old.compile_output != self.new.compile_output

    @property
    def changed_tests(self) -> tuple[TestComparison, ...]:
        return tuple(t for t in self.tests if t.classification_changed or t.output_changed)

    @property
    def reports(self) -> tuple[Judgement, Judgement]:
        """Both sides, for the page to offer either as the report in force."""
        return (self.old, self.new)


def compare(old_judgement: Judgement, new_judgement: Judgement) -> Comparison:
    """Per test (matched by name, in the old report's order then the new tests): old and new
    runs, whether the classification and the output changed."""
    old_runs = {run.name: run for run in old_judgement.runs.all()}
    new_runs = {run.name: run for run in new_judgement.runs.all()}
    names = list(old_runs) + [name for name in new_runs if name not in old_runs]
    tests = tuple(TestComparison(name, old_runs.get(name), new_runs.get(name)) for name in names)
    return Comparison(old=old_judgement, new=new_judgement, tests=tests)
