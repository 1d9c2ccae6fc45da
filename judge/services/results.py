"""Storing an engine report and making it the verdict in force.

The judging job calls `store_report` then `on_judgement_done` inside one transaction, so a
report is never half stored and the team never sees a classification without its report.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from judge.models import Judgement, JudgementState, Submission, SubmissionState, TestRun
from judging.classification import Classification
from judging.report import Report, TestReport
from live import events as live_events

OUTPUT_CAP = 4096  # characters of team stdout / stderr kept per test run
COMPILE_OUTPUT_CAP = 64 * 1024


def _cap(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "\n[... truncated]"


def _test_run(judgement: Judgement, order: int, test: TestReport) -> TestRun:
    return TestRun(
        judgement=judgement,
        order=order,
        name=test.name,
        classification=test.classification.value,
        cpu_ms=test.cpu_ms,
        wall_ms=test.wall_ms,
        memory_kib=test.memory_kib,
        exit_code=test.exit_code,
        signal=test.signal,
        checker_message=_cap(test.checker_message, OUTPUT_CAP),
        output=_cap(test.output_preview, OUTPUT_CAP),
        stderr=_cap(test.stderr_preview, OUTPUT_CAP),
        sample=test.sample,
        input_preview=_cap(test.input_preview, OUTPUT_CAP),
        expected_preview=_cap(test.expected_preview, OUTPUT_CAP),
        got_preview=_cap(test.got_preview, OUTPUT_CAP),
    )


def store_report(judgement: Judgement, report: Report) -> None:
    """Write the report (TestRun rows, JSON, compile output) and mark the judgement done."""
    with transaction.atomic():
        judgement.runs.all().delete()  # a retried judgement starts from a clean slate
        TestRun.objects.bulk_create(
            [_test_run(judgement, i, t) for i, t in enumerate(report.tests, start=1)]
        )
        judgement.report = report.to_dict()
        judgement.classification = report.classification.value
        judgement.compile_output = (
            _cap(report.compile.output, COMPILE_OUTPUT_CAP) if (report.compile) else ""
        )
        judgement.reason_text = report.reason
        judgement.score = report.score  # a scoring problem's points; None for pass-fail
        judgement.state = JudgementState.DONE
        judgement.finished_at = timezone.now()
        judgement.tests_done = sum(
            1 for t in report.tests if t.classification is not Classification.EVALUATION_SKIPPED
        )
        judgement.tests_total = max(judgement.tests_total, len(report.tests))
        judgement.save()
        notify(judgement)


def on_judgement_done(judgement: Judgement) -> None:
    """Decide what a finished judgement changes for the submission."""
    if judgement.reason == Judgement.Reason.SUBMISSION:
        _publish_first_report(judgement)
    else:
        _on_jury_judgement_done(judgement)


def _publish_first_report(judgement: Judgement) -> None:
    """The automatic judgement of a new submission becomes the report in force: pending until
    a judge validates it, or final at once for an Accepted when the contest says so."""
    with transaction.atomic():
        submission = (
            Submission.objects.select_for_update()
            .select_related("contest")
            .get(pk=judgement.submission_id)
        )
        if submission.state == SubmissionState.FINAL:
            # A judge already decided (e.g. by hand while it was queued): keep their verdict.
            if submission.current_judgement_id is None:
                submission.current_judgement = judgement
                submission.save(update_fields=["current_judgement"])
            return
        accepted = judgement.classification == Classification.ACCEPTED.value
        final = accepted and submission.contest.auto_validate_accepted
        submission.current_judgement = judgement
        submission.classification = judgement.classification
        submission.state = SubmissionState.FINAL if final else SubmissionState.PENDING
        submission.save(update_fields=["current_judgement", "classification", "state"])


# ---------------------------------------------------------------------------------------------
# JURY BRANCH -- reevaluations and rejudges (Judgement.Reason.REEVALUATION / REJUDGE).
# Owned by the jury workflow (judge/services/jury.py, rejudge.py).
# Contract: a judgement a judge asked for must NOT change what the team sees (classification,
# state, current_judgement) by itself. A reevaluation waits on the submission's jury page until
# a judge makes it current (jury.make_current); a rejudge item waits for its set to be applied,
# which may happen here when the set applies itself once judged and nothing changed.
# ---------------------------------------------------------------------------------------------
def _on_jury_judgement_done(judgement: Judgement) -> None:
    if judgement.reason == Judgement.Reason.REJUDGE:
        # Imported here so this branch stays the jury's one edit point in this module.
        from judge.services import rejudge

        rejudge.judgement_finished(judgement)


def record_failure(judgement: Judgement, reason: str, *, will_retry: bool) -> None:
    """An infrastructure failure: never a verdict against the team.

    The judgement stays FAILED with Requires Reevaluation and the reason. While it will be
    retried a new submission shows as queued again; once retries are exhausted it becomes the
    pending report (Requires Reevaluation) so the jury sees it and reevaluates it.
    """
    with transaction.atomic():
        Judgement.objects.filter(pk=judgement.pk).update(
            state=JudgementState.FAILED,
            classification=Classification.REQUIRES_REEVALUATION.value,
            reason_text=_cap(reason, COMPILE_OUTPUT_CAP),
            finished_at=timezone.now(),
        )
        if judgement.reason == Judgement.Reason.SUBMISSION:
            _submission_after_failure(judgement, will_retry=will_retry)
        notify(judgement)


def _submission_after_failure(judgement: Judgement, *, will_retry: bool) -> None:
    pending = Submission.objects.filter(
        pk=judgement.submission_id, state__in=[SubmissionState.QUEUED, SubmissionState.JUDGING]
    )
    if will_retry:
        pending.update(state=SubmissionState.QUEUED)
    else:
        pending.update(
            state=SubmissionState.PENDING,
            classification=Classification.REQUIRES_REEVALUATION.value,
            current_judgement_id=judgement.pk,
        )


def notify(judgement: Judgement) -> None:
    """Announce a change of the judgement (claimed, progress, done, failed) after the commit."""
    live_events.judgement_changed(judgement.pk)
