"""Compiling supervisor.c once per machine into a cache keyed by the source's hash."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from judging.sandbox.base import SandboxError

SOURCE = Path(__file__).with_name("supervisor.c")
CFLAGS = ("-O2", "-Wall", "-Wextra", "-std=gnu11")


def cache_dir() -> Path:
    """JUIZ_CACHE_DIR, else $XDG_CACHE_HOME/juiz, else ~/.cache/juiz."""
    explicit = os.environ.get("JUIZ_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "juiz"


def source_digest() -> str:
    return hashlib.sha256(SOURCE.read_bytes() + " ".join(CFLAGS).encode()).hexdigest()[:16]


def supervisor_binary(gcc: str | None = None) -> Path:
    """The compiled supervisor, building it on first use.

    Concurrent workers may build at the same time: each compiles to its own temporary file and
    renames it into place, so a reader never sees a half-written binary.
    """
    target = cache_dir() / f"juiz-supervisor-{source_digest()}"
    if target.exists():
        return target
    compiler = gcc or shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        raise SandboxError("gcc is needed once to build the sandbox supervisor (supervisor.c)")
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".juiz-supervisor-", dir=target.parent)
    os.close(fd)
    try:
        _compile(compiler, Path(tmp))
        os.chmod(tmp, 0o755)  # executed inside the box by the unprivileged box user
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return target


def _compile(compiler: str, output: Path) -> None:
    done = subprocess.run(
        [compiler, *CFLAGS, "-o", str(output), str(SOURCE)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PATH": os.environ.get("PATH") or "/usr/local/bin:/usr/bin:/bin"},
    )
    if done.returncode != 0:
        raise SandboxError(f"cannot build the sandbox supervisor:\n{done.stderr}")
