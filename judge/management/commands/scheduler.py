"""manage.py scheduler: move delayed RQ jobs (judging retries) to their queues when due."""

from __future__ import annotations

import signal
from types import FrameType
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from judge.scheduler import run


class Command(BaseCommand):
    help = "Run the RQ scheduler for Juiz's queues, surviving Redis restarts."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--exit-with-parent",
            action="store_true",
            help="Stop when the process that started this one is gone (serve uses it).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        stop: list[int] = []

        def request_stop(signum: int, frame: FrameType | None) -> None:
            stop.append(signum)

        signal.signal(signal.SIGTERM, request_stop)
        signal.signal(signal.SIGINT, request_stop)
        run(
            list(settings.RQ_QUEUES),
            stopping=lambda: bool(stop),
            exit_with_parent=options["exit_with_parent"],
        )
