"""The RQ job that judges one judgement.

Safe to run twice and safe to lose: the judgement is claimed with a conditional UPDATE (only
one run wins), and the result is stored only if the claim is still ours (same attempt number,
still "judging"), so a worker the reaper gave up on cannot overwrite a newer run.

A database restart while the job runs: progress updates that fail are skipped (the next one
reconnects), the claim and the storing of the result are retried on a fresh connection for
JUIZ_STORE_RETRY_S. If storing still fails the job raises and the judgement stays "judging"
under this (by then dead) process, so the reaper queues it again at its next sweep.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import os
import socket
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import TypeVar

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from contest.engine import engine_kit, worker_builds, worker_sandbox
from contest.models import Language
from contest.services.answers import refresh_answers
from contest.testdata import engine_problem
from judge.jobs.functions import judge_submission as judge_function_submission
from judge.jobs.progress import Throttled
from judge.jobs.style import style_of
from judge.jobs.timing import Marks, report_times
from judge.models import Judgement, JudgementState, Submission, SubmissionState
from judge.queue import JUDGING_QUEUE, REJUDGING_QUEUE, enqueue_judgement_in
from judge.resilience import describe, fresh_connections, is_transient, recover, retrying
from judge.services.results import notify, on_judgement_done, record_failure, store_report
from judge.services.style import store_style
from judging.classification import Classification
from judging.languages.base import LanguageConfig
from judging.report import Report
from judging.style import StyleReport
from judging.submission import Submission as EngineSubmission
from judging.submission import SubmissionFile as EngineFile
from live import events as live_events

logger = logging.getLogger(__name__)
T = TypeVar("T")


def worker_name() -> str:
    """host:pid of the process running the job (the reaper checks whether it still lives)."""
    return f"{socket.gethostname()}:{os.getpid()}"


def judge_judgement(judgement_id: int) -> None:
    # The event feed records the judgement's changes once, after its verdict is out.
    with live_events.feed_deferred():
        _judge(judgement_id)


def _judge(judgement_id: int) -> None:
    marks = Marks()
    marks.mark("start")
    fresh_connections()  # the worker may hold a connection a database restart broke
    attempt = _retried(f"judgement {judgement_id}: claim", lambda: _claim(judgement_id))
    if attempt is None:
        logger.info("judgement %s is not waiting to be judged; nothing to do", judgement_id)
        return
    marks.mark("claimed")
    judgement = _retried(f"judgement {judgement_id}: load", lambda: _load(judgement_id))
    marks.mark("loaded")
    try:
        report = _run_engine(judgement, attempt, marks)
    except Exception as exc:  # any failure of ours must not become a verdict
        _log_failure(judgement_id, exc)
        reason = f"{type(exc).__name__}: {exc}"
        _retried(f"judgement {judgement_id}: store", lambda: _fail(judgement, attempt, reason))
        return
    marks.mark("judged")
    _log_warnings(judgement_id, report)
    if report.classification is Classification.REQUIRES_REEVALUATION:
        reason = report.reason or "the engine could not judge it"
        _retried(f"judgement {judgement_id}: store", lambda: _fail(judgement, attempt, reason))
        return
    style = style_of(judgement.submission)  # beside the verdict, never part of it
    finish = functools.partial(_finish, judgement, attempt, report, marks, style)
    _retried(f"judgement {judgement_id}: store", finish)
    marks.mark("published")
    marks.log(judgement_id, **report_times(report))


def _log_failure(judgement_id: int, error: Exception) -> None:
    """A lost database or Redis (reading test data during a restart) is one line and a new
    connection for storing the failure; anything else gets its traceback."""
    if is_transient(error):
        recover(error)
        logger.warning("judgement %s: infrastructure failure (%s)", judgement_id, describe(error))
    else:
        logger.exception("judgement %s: infrastructure failure", judgement_id)


def _retried(what: str, action: Callable[[], T]) -> T:
    return retrying(what, action, budget_s=settings.JUIZ_STORE_RETRY_S)


def _load(judgement_id: int) -> Judgement:
    return Judgement.objects.select_related(
        "submission__problem__contest", "submission__language"
    ).get(pk=judgement_id)


def _log_warnings(judgement_id: int, report: Report) -> None:
    """Say it in the worker's log on every judgement: an unsafe sandbox's verdicts must not
    pass unnoticed by whoever runs the workers (the report keeps them for the jury too)."""
    for warning in report.warnings:
        logger.warning("judgement %s: %s", judgement_id, warning)


def _claim(judgement_id: int) -> int | None:
    """Take the judgement if it waits (queued, or failed and retried); return our attempt.
    One transaction: on SQLite, where writers take turns, a claim of two commits let the
    submitting request's event-feed pass (about 50 ms) in between them, and the worker waited
    for it (bench/pipeline.py's "claim")."""
    with transaction.atomic():
        claimed = Judgement.objects.filter(
            id=judgement_id, state__in=[JudgementState.QUEUED, JudgementState.FAILED]
        ).update(
            state=JudgementState.JUDGING,
            started_at=timezone.now(),
            finished_at=None,
            worker=worker_name(),
            attempts=F("attempts") + 1,
            tests_done=0,
        )
        if claimed != 1:
            return None
        judgement = Judgement.objects.get(pk=judgement_id)
        if judgement.reason == Judgement.Reason.SUBMISSION:
            waiting = Submission.objects.filter(
                pk=judgement.submission_id, state=SubmissionState.QUEUED
            )
            waiting.update(state=SubmissionState.JUDGING)
        notify(judgement)  # after the commit
    return judgement.attempts


def _run_engine(judgement: Judgement, attempt: int, marks: Marks) -> Report:
    from judging.engine import JudgeOptions, judge

    submission = judgement.submission
    report = functools.partial(_progress, judgement, attempt)
    progress = Throttled(marks.around("progress", report), settings.JUIZ_PROGRESS_EVERY_MS / 1000)
    if submission.problem.is_function:
        return judge_function_submission(
            submission.problem,
            submission.filename,
            bytes(submission.source),
            submission.language_id,
            progress,
            worker_builds(rebuild=judgement.rebuild),
        )
    contest = submission.problem.contest
    # Answers a model solution makes are made again first when the data changed since.
    refresh_answers(submission.problem_id)
    problem, languages = engine_problem(submission.problem), _languages(submission)
    marks.mark("data")
    return judge(
        engine_submission(submission),
        problem,
        languages,
        worker_sandbox(),
        kit=engine_kit(),
        options=JudgeOptions(run_all_tests=contest.run_all_tests),
        progress=progress,
        language_id=submission.language_id,
        entrypoint=submission.entrypoint or None,
        builds=worker_builds(rebuild=judgement.rebuild),
    )


def engine_submission(submission: Submission) -> EngineSubmission:
    """The submission's files as the engine takes them (rejudges read them here again)."""
    files = tuple(EngineFile(name, data) for name, data in submission.program_files())
    return EngineSubmission(files, PurePosixPath(submission.filename).stem)


def _languages(submission: Submission) -> list[LanguageConfig]:
    """Every configured language (validators may need one), with the submission's own language
    in its environment, enabled even if an admin disabled it after the submission was
    accepted."""
    chosen = submission.language
    configs = [lang.to_config() for lang in Language.objects.exclude(pk=chosen.pk)]
    own = chosen.to_config(submission.environment)
    return [dataclasses.replace(own, enabled=True), *configs]


def _progress(judgement: Judgement, attempt: int, done: int, total: int) -> None:
    """Progress is only shown, so a lost database must not fail the judging: skip this update
    and reconnect for the next one (and for storing the result)."""
    try:
        Judgement.objects.filter(
            pk=judgement.pk, attempts=attempt, state=JudgementState.JUDGING
        ).update(tests_done=done, tests_total=total)
    except Exception as error:
        if not is_transient(error):
            raise
        recover(error)
        logger.warning("judgement %s: progress not stored (%s)", judgement.pk, describe(error))
        return
    notify(judgement)


def _still_ours(judgement_id: int, attempt: int) -> Judgement | None:
    locked = Judgement.objects.select_for_update().get(pk=judgement_id)
    if locked.state != JudgementState.JUDGING or locked.attempts != attempt:
        logger.warning(
            "judgement %s: attempt %s was superseded; result dropped", judgement_id, attempt
        )
        return None
    return locked


def _finish(
    judgement: Judgement, attempt: int, report: Report, marks: Marks, style: StyleReport | None
) -> None:
    with transaction.atomic():
        locked = _still_ours(judgement.pk, attempt)
        if locked is None:
            return
        # Registered first, so it runs right after the commit, before the live events.
        transaction.on_commit(lambda: marks.mark("stored"))
        store_report(locked, report)
        store_style(locked, style)
        on_judgement_done(locked)


def _fail(judgement: Judgement, attempt: int, reason: str) -> None:
    will_retry = attempt <= settings.JUIZ_MAX_RETRIES
    with transaction.atomic():
        locked = _still_ours(judgement.pk, attempt)
        if locked is None:
            return
        record_failure(locked, reason, will_retry=will_retry)
        if will_retry:
            delay = retry_delay(attempt)
            queue = queue_for(locked)
            transaction.on_commit(lambda: enqueue_judgement_in(locked.pk, delay, queue_name=queue))
    logger.warning(
        "judgement %s attempt %s failed (%s); %s",
        judgement.pk,
        attempt,
        reason,
        "will retry" if will_retry else "giving up: requires reevaluation",
    )


def retry_delay(attempt: int) -> float:
    """Exponential backoff: base, 3 x base, 9 x base ... seconds."""
    return float(settings.JUIZ_RETRY_BACKOFF_S * 3 ** (attempt - 1))


def queue_for(judgement: Judgement) -> str:
    """New submissions go first; jury-requested judgements wait on their own queue."""
    if judgement.reason == Judgement.Reason.SUBMISSION:
        return JUDGING_QUEUE
    return REJUDGING_QUEUE
