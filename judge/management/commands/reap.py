"""manage.py reap: queue again judgements lost with their worker (once, or every N seconds)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from judge.reaper import ReaperLoop, reap


class Command(BaseCommand):
    help = "Queue again judgements stuck in 'judging' past the deadline (worker lost)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--deadline",
            type=float,
            default=None,
            help="Seconds of judging after which a judgement is presumed lost "
            "(default: settings.JUIZ_JUDGING_DEADLINE_S).",
        )
        parser.add_argument(
            "--every",
            type=float,
            default=None,
            help="Keep running, sweeping every this many seconds.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["every"] is None:
            self._report(reap(deadline_s=options["deadline"]), options["verbosity"])
            return
        loop = ReaperLoop(interval_s=options["every"], deadline_s=options["deadline"])
        while True:
            reaped, delay = loop.round()
            if reaped is not None:
                self._report(reaped, options["verbosity"])
            time.sleep(delay)

    def _report(self, reaped: list[int], verbosity: int) -> None:
        if reaped or verbosity > 1:
            self.stdout.write(f"queued again: {', '.join(map(str, reaped)) or 'none'}")
            self.stdout.flush()
