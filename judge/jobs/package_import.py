"""The RQ job of a package import (judge/services/package_import.py starts it).

It extracts the zip within the settings' caps, reads and stores the package (test data a chunk
at a time), records progress on the import's row for the jury's page, and, when asked, judges
the package's own submissions against the problem as stored, as DOMjudge offers on upload.
"""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path
from typing import Any

from django.utils import timezone

from contest.engine import engine_kit, worker_sandbox
from contest.models import Language, Problem
from contest.services.problem_import import Progress, opened_package
from contest.testdata import engine_problem
from judge.errors import ServiceError
from judge.models import ImportState, PackageImport
from judge.services.contest_admin import import_problem
from judge.services.package_import import publish_step
from judging.cli.check_package import Outcome, Row, judge_submissions
from judging.problem.calibration import CachingCalibrator
from judging.problem.errors import PackageError
from judging.problem.runner import EngineJudge

logger = logging.getLogger(__name__)


def run_package_import(import_id: int) -> None:
    claimed = PackageImport.objects.filter(pk=import_id, state=ImportState.QUEUED).update(
        state=ImportState.RUNNING, step="starting"
    )
    if claimed != 1:
        return  # already run (a job may be delivered twice)
    job = PackageImport.objects.select_related("contest", "requested_by").get(pk=import_id)
    archive = Path(job.archive_path)
    try:
        _import(job, archive)
    except (ServiceError, PackageError) as error:
        _finish(job, ImportState.FAILED, message=getattr(error, "message", str(error)))
    except Exception as error:  # the page must say what broke, not stay "running"
        logger.exception("package import %s failed", import_id)
        _finish(job, ImportState.FAILED, message=f"internal error: {type(error).__name__}: {error}")
        raise
    finally:
        archive.unlink(missing_ok=True)


def _import(job: PackageImport, archive: Path) -> None:
    judge = _contest_judge()
    calibrator = CachingCalibrator(judge=judge)
    with opened_package(archive, _progress(job)) as root:
        problem = import_problem(
            contest=job.contest,
            letter=job.letter,
            archive=root,
            admin=job.requested_by,
            time_limit_s=job.time_limit_s,
            progress=_progress(job),
            calibrator=calibrator,
        )
        job.problem = problem
        if job.run_check:
            _check(job, problem, root, judge)
    _finish(job, ImportState.DONE)


def _contest_judge() -> EngineJudge:
    """The engine with the languages the admin enabled: the package is checked, and its time
    limit calibrated, with what will judge the teams."""
    languages = [lang.to_config() for lang in Language.objects.filter(enabled=True)]
    return EngineJudge(languages=languages, sandbox=worker_sandbox(), kit=engine_kit())


def _check(job: PackageImport, problem: Problem, root: Path, judge: EngineJudge) -> None:
    """Judge the package's submissions against the problem as the database now holds it."""
    rows: list[dict[str, Any]] = []

    def on_row(row: Row) -> None:
        rows.append(dataclasses.asdict(row))
        _step(job, f"checking the package's submissions: {len(rows)} judged")

    try:
        judge_submissions(Outcome(engine_problem(problem), None), root, judge, False, on_row)
    except PackageError as error:
        job.check_summary = f"not checked: {error}"
        return
    job.check_rows = rows
    job.check_summary = summary(rows)


def summary(rows: list[dict[str, Any]]) -> str:
    judged = [r for r in rows if r.get("agrees") is not None]
    agree = sum(1 for r in judged if r["agrees"])
    skipped = len(rows) - len(judged)
    text = f"{agree} of {len(judged)} judged submissions got what the package expects"
    return f"{text}; {skipped} not judged" if skipped else text


def _progress(job: PackageImport) -> Progress:
    return lambda step: _step(job, step)


def _step(job: PackageImport, step: str) -> None:
    # Most steps happen inside the import's transaction, where a row update would stay unseen
    # until the end: the page reads the step from Redis (progress.py), the row is the fallback.
    job.step = step[:200]
    publish_step(job.pk, job.step)
    PackageImport.objects.filter(pk=job.pk).update(step=job.step)


def _finish(job: PackageImport, state: ImportState, *, message: str = "") -> None:
    job.state = state
    job.message = message
    job.step = ""
    job.finished_at = timezone.now()
    job.save()
