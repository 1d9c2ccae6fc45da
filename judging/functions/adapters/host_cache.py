"""Parts of a harness compiled once on the host and copied into every submission's build (the
C++ runtime, the Java harness's classes). They are cached per user in a private directory and
keyed by everything that changes what the compiler makes of them: their sources, the flags and
the compiler's version."""

from __future__ import annotations

import hashlib
import os
import stat
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path


class HarnessBuildError(RuntimeError):
    """A harness part did not compile on the host: our installation's fault, never the team's."""


def private_dir(directory: Path) -> Path:
    """`directory`, made if missing, refused unless only this user can write to it: a file
    planted there would run in every submission."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = directory.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o022:
        raise HarnessBuildError(f"{directory} is not a private directory of this user")
    return directory


def version_key(compiler: Sequence[str], flags: Iterable[str], sources: Iterable[Path]) -> str:
    """Changes with any source (its name and contents), the flags or the compiler's version
    output (`compiler` is the command that prints it)."""
    digest = hashlib.sha256(" ".join(flags).encode())
    try:
        digest.update(subprocess.run(list(compiler), capture_output=True, check=True).stdout)
    except (OSError, subprocess.CalledProcessError) as error:
        raise HarnessBuildError(f"{compiler[0]} is not usable on this host: {error}") from None
    for path in sources:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:24]
