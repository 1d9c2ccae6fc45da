"""Isolation for untrusted programs. See base.py for the interface every sandbox implements
and docs/sandbox.md for the design.

    sandbox = make_sandbox()
    with sandbox.session(SessionSpec(seed_dir=...)) as box:
        result = box.run(RunRequest(argv=["./main"], limits=..., stdin=..., stdout=...))
"""

from __future__ import annotations

import os
import shutil

from judging.sandbox.base import (
    Limits,
    Mount,
    RunRequest,
    RunResult,
    Sandbox,
    SandboxError,
    Session,
    SessionSpec,
)

__all__ = [
    "Limits",
    "Mount",
    "RunRequest",
    "RunResult",
    "Sandbox",
    "SandboxError",
    "SandboxUnavailable",
    "Session",
    "SessionSpec",
    "make_sandbox",
]

UNSAFE_ENV = "JUIZ_UNSAFE_SANDBOX"
BWRAP_ENV = "JUIZ_BWRAP"


class SandboxUnavailable(SandboxError):
    """No safe sandbox can be built on this machine (and the unsafe one was not asked for)."""


def make_sandbox() -> Sandbox:
    """The sandbox of this worker: bubblewrap, or the unsafe one when JUIZ_UNSAFE_SANDBOX=1.

    Raises SandboxUnavailable when bubblewrap is missing.
    """
    if os.environ.get(UNSAFE_ENV) == "1":
        from judging.sandbox.unsafe import UnsafeSandbox

        return UnsafeSandbox()
    bwrap = os.environ.get(BWRAP_ENV) or shutil.which("bwrap") or "/usr/bin/bwrap"
    if not os.access(bwrap, os.X_OK):
        raise SandboxUnavailable(
            "bubblewrap (bwrap) is not installed: install the Debian package `bubblewrap` "
            f"(apt-get install bubblewrap). For development only, {UNSAFE_ENV}=1 runs "
            "submissions WITHOUT isolation."
        )
    from judging.sandbox.bwrap import BwrapSandbox

    try:
        return BwrapSandbox(bwrap=bwrap)
    except SandboxError as exc:
        raise SandboxUnavailable(str(exc)) from exc
