"""Temporary work folders that a killed process does not leave behind for good.

A job killed with SIGKILL never runs its `finally`, so its folder (holding the team's source
and the compiled program) stays in the temporary directory. Each folder gets a sibling lock
file held with flock() while the folder is in use: the kernel drops the lock when its process
dies, however it dies, so `clean_stale()` (run when a worker starts) removes exactly the
folders nobody holds, whatever the pid numbers do after a reboot or a pid wrap.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

PREFIXES = ("juiz-grade-", "juiz-unsafe-", "juiz-selftest-")
LOCK_SUFFIX = ".lock"
# A folder is created a moment before its lock: one younger than this without a lock may be a
# live one in that moment (and one from before locks existed is older anyway).
UNLOCKED_GRACE_S = 60.0


class WorkFolder:
    """A folder in the temporary directory, locked while this object holds it."""

    def __init__(self, prefix: str) -> None:
        self.path = Path(tempfile.mkdtemp(prefix=prefix))
        self._lock_fd: int | None = _hold(_lock_path(self.path))

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        _lock_path(self.path).unlink(missing_ok=True)
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None


@contextlib.contextmanager
def work_folder(prefix: str) -> Iterator[Path]:
    folder = WorkFolder(prefix)
    try:
        yield folder.path
    finally:
        folder.remove()


def clean_stale(root: Path | None = None, *, now: float | None = None) -> list[Path]:
    """Remove the work folders (and their locks) that no live process holds; return them."""
    root = root or Path(tempfile.gettempdir())
    removed = []
    for folder in stale_folders(root, now=now):
        shutil.rmtree(folder, ignore_errors=True)
        _lock_path(folder).unlink(missing_ok=True)
        removed.append(folder)
    removed += _orphan_locks(root)
    return removed


def stale_folders(root: Path | None = None, *, now: float | None = None) -> list[Path]:
    """The work folders no live process holds."""
    root = root or Path(tempfile.gettempdir())
    now = time.time() if now is None else now
    found = []
    for entry in sorted(root.iterdir()):
        if not entry.name.startswith(PREFIXES) or entry.name.endswith(LOCK_SUFFIX):
            continue
        with contextlib.suppress(FileNotFoundError):
            if entry.is_dir() and not _in_use(entry, now):
                found.append(entry)
    return found


def _lock_path(folder: Path) -> Path:
    return folder.with_name(folder.name + LOCK_SUFFIX)


def _hold(lock: Path) -> int:
    fd = os.open(lock, os.O_CREAT | os.O_WRONLY | os.O_CLOEXEC, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd


def _in_use(folder: Path, now: float) -> bool:
    lock = _lock_path(folder)
    try:
        fd = os.open(lock, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return now - folder.stat().st_mtime < UNLOCKED_GRACE_S
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing drops the lock we may have taken
    return False


def _orphan_locks(root: Path) -> list[Path]:
    """Lock files whose folder is gone (a process killed between the two removals)."""
    removed = []
    for lock in root.glob("juiz-*" + LOCK_SUFFIX):
        folder = lock.with_name(lock.name.removesuffix(LOCK_SUFFIX))
        if lock.name.startswith(PREFIXES) and not folder.exists():
            with contextlib.suppress(BlockingIOError, FileNotFoundError):
                fd = os.open(lock, os.O_RDONLY | os.O_CLOEXEC)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    lock.unlink()
                    removed.append(lock)
                finally:
                    os.close(fd)
    return removed
