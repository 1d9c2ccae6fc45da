"""Host-side file handling: what a box may see (seeds, extra mounts) and what it hands back."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from judging.sandbox.base import SandboxError

# Read-only /etc entries toolchains need (globs; missing ones are skipped). Deliberately not
# passwd/shadow/group of the host: the box gets a minimal passwd and group of its own.
ETC_ENTRIES: tuple[str, ...] = (
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "alternatives",
    "localtime",
    "nsswitch.conf",
    "java-*-openjdk",
    "fpc.cfg",
    "fpc-*.cfg",
    "python3*",
)
# Other system directories toolchains reach through symbolic links from /usr.
SYSTEM_EXTRAS: tuple[str, ...] = ("/var/lib/ghc",)

PASSWD = "root:x:0:0:root:/root:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:{home}:/bin/sh\n"
GROUP = "root:x:0:\nnogroup:x:65534:\n"
EXPORT_LIMIT_BYTES = 1 << 30


def system_entries() -> list[Path]:
    """The /etc entries and system extras present on this machine (bound read-only)."""
    found: list[Path] = []
    for pattern in ETC_ENTRIES:
        found.extend(sorted(Path("/etc").glob(pattern)))
    found.extend(Path(extra) for extra in SYSTEM_EXTRAS)
    return [p for p in found if p.exists()]


def visible_to_others(path: Path) -> bool:
    """Whether an unprivileged stranger can reach `path` (every ancestor searchable by others).

    The bwrap of a root worker runs as the box user, so binds from elsewhere (e.g. under
    /root) go through the launcher's private staging mount instead.
    """
    try:
        for ancestor in [*reversed(path.parents), path]:
            mode = os.stat(ancestor).st_mode
            if stat.S_ISDIR(mode) and not mode & stat.S_IXOTH:
                return False
        return bool(os.stat(path).st_mode & stat.S_IROTH)
    except OSError:
        return False


def open_up_seed(seed_dir: Path) -> list[Path]:
    """The seed's top-level entries, after making them readable by the box user.

    Files get o+r (and o+x when the owner may execute them), directories o+rx, so a seed written
    with a strict umask still works for the unprivileged box user. The box sees them read-only.
    """
    if not seed_dir.is_dir():
        raise SandboxError(f"seed directory {seed_dir} does not exist")
    for root, dirs, files in os.walk(seed_dir):
        for name in [*dirs, *files]:
            _add_other_read(Path(root) / name)
    return sorted(seed_dir.iterdir())


def _add_other_read(path: Path) -> None:
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        raise SandboxError(f"seed {path} is a symbolic link (not allowed in a box)")
    extra = stat.S_IROTH
    if stat.S_ISDIR(st.st_mode) or st.st_mode & stat.S_IXUSR:
        extra |= stat.S_IXOTH
    if st.st_mode & extra != extra:
        os.chmod(path, stat.S_IMODE(st.st_mode) | extra)


def export_tree(source: Path, target: Path) -> None:
    """Copy a box's workdir out: regular files and directories only, never following links.

    The tree was written by untrusted code, so symbolic links (which would resolve against the
    host's root here), devices, sockets and fifos are skipped, and the total size is capped.
    """
    target.mkdir(parents=True, exist_ok=True)
    budget = EXPORT_LIMIT_BYTES
    for dirpath, dirnames, filenames, dirfd in os.fwalk(source, follow_symlinks=False):
        relative = Path(dirpath).relative_to(source)
        for name in dirnames:
            (target / relative / name).mkdir(exist_ok=True)
        for name in filenames:
            budget -= _copy_regular(dirfd, name, target / relative / name, budget)
            if budget < 0:
                raise SandboxError(f"workdir of the box is larger than {EXPORT_LIMIT_BYTES} bytes")


def _copy_regular(dirfd: int, name: str, dest: Path, budget: int) -> int:
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=dirfd)
    except OSError:
        return 0  # a symbolic link (ELOOP) or something we may not open: not exported
    with os.fdopen(fd, "rb") as src:
        st = os.fstat(src.fileno())
        if not stat.S_ISREG(st.st_mode):
            return 0
        data = src.read(budget + 1)
    mode = 0o755 if st.st_mode & stat.S_IXUSR else 0o644
    with open(os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode), "wb") as out:
        out.write(data)
    os.chmod(dest, mode)
    return len(data)
