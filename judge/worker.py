"""The RQ worker class Juiz's workers run (settings.RQ["WORKER_CLASS"])."""

from __future__ import annotations

import logging
from typing import Any

from rq import Worker as RQWorker

from judging.workdirs import clean_stale

logger = logging.getLogger(__name__)


class Worker(RQWorker):
    """RQ's worker, which first removes the work folders of jobs killed earlier (SIGKILL, OOM,
    a machine crash): they hold teams' sources and would otherwise pile up in /tmp."""

    def bootstrap(self, *args: Any, **kwargs: Any) -> None:
        for folder in clean_stale():
            logger.info("removed the stale work folder %s", folder)
        super().bootstrap(*args, **kwargs)
