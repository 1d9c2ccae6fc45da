"""Starting a package import: the upload is kept on disk and a worker imports it.

The request only saves the file and queues the job (judge/jobs/package_import.py), so a large
package or a long calibration never holds a web process; the jury's import page follows the
job's progress.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import uuid
from pathlib import Path
from typing import TYPE_CHECKING

import django_rq
from django.conf import settings
from django.db import transaction
from redis.exceptions import RedisError

from judge.errors import ServiceError
from judge.models import ImportState, PackageImport

if TYPE_CHECKING:
    from accounts.models import User
    from contest.models import Contest

logger = logging.getLogger(__name__)

IMPORT_QUEUE = "default"
IMPORT_JOB = "judge.jobs.package_import.run_package_import"
IMPORT_TIMEOUT_S = 3600  # calibrating and checking a package judges all its submissions


def upload_dir() -> Path:
    return Path(settings.VAR_DIR) / "imports"


def max_upload_bytes() -> int:
    """A zip is never larger than what it may extract to (stored entries are not smaller)."""
    return int(settings.JUIZ_PACKAGE_MAX_MIB) * 1024**2


def start_import(
    *,
    contest: Contest,
    letter: str,
    upload: Path,
    name: str,
    admin: User,
    run_check: bool,
    time_limit_s: float | None = None,
) -> PackageImport:
    """Move the uploaded zip `upload` aside for the worker and queue its import."""
    letter = letter.strip().upper()
    if not letter.isascii() or not letter.isalnum():
        raise ServiceError("bad_letter", "a problem letter is letters and digits, e.g. A or B2")
    if upload.stat().st_size > max_upload_bytes():
        raise ServiceError(
            "too_large",
            f"the package is {upload.stat().st_size / 1024**2:.1f} MiB; the limit is "
            f"{settings.JUIZ_PACKAGE_MAX_MIB} MiB (JUIZ_PACKAGE_MAX_MIB)",
        )
    kept = upload_dir() / f"{uuid.uuid4().hex}.zip"
    kept.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(upload, kept)
    with transaction.atomic():
        job = PackageImport.objects.create(
            contest=contest,
            letter=letter,
            archive_name=name[:255],
            archive_path=str(kept),
            run_check=run_check,
            time_limit_s=time_limit_s,
            requested_by=admin,
        )
        transaction.on_commit(lambda: _enqueue(job.pk))
    return job


def _enqueue(import_id: int) -> None:
    try:
        django_rq.get_queue(IMPORT_QUEUE).enqueue(
            IMPORT_JOB, import_id, job_timeout=IMPORT_TIMEOUT_S
        )
    except RedisError:
        # Nothing will run it: say so on the page rather than leave it "queued" for ever.
        logger.exception("package import %s: not queued", import_id)
        PackageImport.objects.filter(pk=import_id).update(
            state=ImportState.FAILED,
            message="the job queue (Redis) is unreachable; upload the package again later",
        )


def _step_key(import_id: int) -> str:
    return f"juiz:package-import:{import_id}:step"


def publish_step(import_id: int, step: str) -> None:
    """Tell the import page what the job is doing (seen at once, even inside a transaction)."""
    # Progress is a courtesy: without Redis the import goes on and the page shows the row's step.
    with contextlib.suppress(RedisError):
        django_rq.get_connection(IMPORT_QUEUE).set(_step_key(import_id), step, ex=IMPORT_TIMEOUT_S)


def current_step(job: PackageImport) -> str:
    """What the job is doing now, as told by publish_step; the row's step when Redis is not."""
    if job.finished:
        return ""
    try:
        value = django_rq.get_connection(IMPORT_QUEUE).get(_step_key(job.pk))
    except RedisError:
        value = None
    return value.decode() if isinstance(value, bytes) else (value or job.step)
