"""Child processes of `manage.py serve`: the ASGI server and the RQ workers.

Children run in their own sessions, so a Ctrl-C in the terminal reaches only `serve`, which
then stops them in order: SIGTERM (RQ: finish the current job; daphne: close), a second SIGTERM
after a grace period (RQ's cold shutdown, which kills the job's process too), SIGKILL last.
If `serve` itself is killed (SIGKILL, no chance to stop them), the kernel sends each child
SIGTERM (Linux's parent-death signal), so no worker or scheduler runs on uncontrolled.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os
import signal
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import psutil

logger = logging.getLogger(__name__)
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


@dataclass
class Child:
    name: str
    argv: Sequence[str]
    restart: bool  # restart when it dies on its own (workers) or give up (web server)
    process: subprocess.Popen[bytes] | None = None
    started_at: float = 0.0
    restarts: int = field(default=0)

    def start(self) -> None:
        self.process = subprocess.Popen(
            list(self.argv), start_new_session=True, preexec_fn=_die_with_parent
        )
        self.started_at = time.monotonic()
        logger.info("started %s (pid %s)", self.name, self.process.pid)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def signal(self, sig: int) -> None:
        if self.alive():
            assert self.process is not None
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, sig)

    def kill_tree(self) -> None:
        """SIGKILL the child and every process under it (an RQ job runs in its own process
        group, so killing the child's group alone would miss it)."""
        if self.process is None:
            return
        if self.alive():
            for process in _descendants(self.process.pid):
                process.kill()
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()


def _die_with_parent() -> None:
    """In the child, before exec: SIGTERM when the supervising process dies (Linux only)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _descendants(pid: int) -> list[psutil.Process]:
    try:
        return list(psutil.Process(pid).children(recursive=True))
    except psutil.NoSuchProcess:
        return []


class Supervisor:
    def __init__(self, children: Sequence[Child]) -> None:
        self.children = list(children)

    def start(self) -> None:
        for child in self.children:
            child.start()

    def check(self) -> str | None:
        """Restart dead workers (at most every few seconds); return the name of a dead child
        that must not be restarted (the web server), which ends `serve`."""
        for child in self.children:
            if child.alive():
                continue
            if not child.restart:
                return child.name
            if time.monotonic() - child.started_at >= 5:
                code = child.process.returncode if child.process else None
                logger.warning("%s exited (code %s); restarting it", child.name, code)
                child.restarts += 1
                child.start()
        return None

    def stop(self, grace_s: float = 10.0) -> None:
        for child in self.children:
            child.signal(signal.SIGTERM)
        self._wait(min(3.0, grace_s))
        # RQ workers wait for their job on the first signal; the second is a cold shutdown.
        for child in self.children:
            child.signal(signal.SIGTERM)
        self._wait(grace_s)
        for child in self.children:
            child.kill_tree()

    def _wait(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and any(c.alive() for c in self.children):
            time.sleep(0.1)
