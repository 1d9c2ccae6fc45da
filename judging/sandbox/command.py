"""The command line that starts one box: launcher options, then bwrap, then the supervisor."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from judging.sandbox.base import SessionSpec
from judging.sandbox.files import open_up_seed, system_entries, visible_to_others

BOX_UID = 65534
SUPERVISOR_INSIDE = "/.juiz/supervisor"
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32")


@dataclass
class Binds:
    """Host paths bwrap must bind. As root, bwrap runs as the box user and cannot reach a path
    under, say, /root: such paths are first bound by the launcher (still root) onto a private
    staging tmpfs, in a mount namespace of its own, and bwrap binds them from there."""

    stage: Path | None  # None: bwrap runs as ourselves and can reach everything we can
    launcher_args: list[str] = field(default_factory=list)

    def source(self, host: Path) -> str:
        if self.stage is None or visible_to_others(host):
            return str(host)
        name = f"b{len(self.launcher_args) // 3}"
        self.launcher_args += ["--bind", str(host), name]
        return str(self.stage / name)


@dataclass(frozen=True)
class BoxFiles:
    supervisor: Path
    passwd: Path
    group: Path


def _system_args() -> list[str]:
    args: list[str] = []
    for directory in SYSTEM_DIRS:
        if os.path.islink(directory):
            args += ["--symlink", os.readlink(directory), directory]
        elif os.path.isdir(directory):
            args += ["--ro-bind", directory, directory]
    for entry in system_entries():
        args += ["--ro-bind", str(entry), str(entry)]
    return args


def _tmpfs(path: str, size: int, mode: str) -> list[str]:
    return ["--perms", mode, "--size", str(size), "--tmpfs", path]


def _box_args(spec: SessionSpec, binds: Binds, files: BoxFiles) -> list[str]:
    tmp_size = spec.tmp_size_bytes or spec.workdir_size_bytes
    args = [
        *_system_args(),
        *("--ro-bind", binds.source(files.passwd), "/etc/passwd"),
        *("--ro-bind", binds.source(files.group), "/etc/group"),
        *("--proc", "/proc", "--dev", "/dev"),
        *_tmpfs("/dev/shm", tmp_size, "1777"),
        *_tmpfs("/tmp", tmp_size, "1777"),
        *_tmpfs(spec.workdir, spec.workdir_size_bytes, "0755"),
    ]
    if spec.seed_dir is not None:
        for entry in open_up_seed(spec.seed_dir):
            args += ["--ro-bind", binds.source(entry), f"{spec.workdir}/{entry.name}"]
    if not spec.workdir_writable:
        args += ["--remount-ro", spec.workdir]  # the seeds in it are read-only binds already
    for mount in spec.mounts:
        flag = "--bind" if mount.writable else "--ro-bind"
        args += [flag, binds.source(mount.host), mount.inside]
    args += ["--ro-bind", binds.source(files.supervisor), SUPERVISOR_INSIDE]
    # Only the tmpfs mounts stay writable: bwrap's root and its /dev would outlive runs.
    args += ["--remount-ro", "/dev", "--remount-ro", "/"]
    return args


def bwrap_command(
    bwrap: str, spec: SessionSpec, binds: Binds, files: BoxFiles, sock_fd: int, info_fd: int
) -> list[str]:
    namespaces = [
        "--unshare-user", "--disable-userns", "--unshare-pid", "--unshare-ipc", "--unshare-net",
        "--unshare-uts", "--unshare-cgroup-try", "--hostname", "juiz",
        "--uid", str(BOX_UID), "--gid", str(BOX_UID), "--cap-drop", "ALL",
        "--die-with-parent", "--new-session", "--as-pid-1", "--info-fd", str(info_fd),
    ]  # fmt: skip
    serve = [SUPERVISOR_INSIDE, "serve", str(sock_fd), spec.workdir, "/tmp", "/dev/shm"]
    return [
        bwrap,
        *namespaces,
        *_box_args(spec, binds, files),
        *("--chdir", spec.workdir, "--clearenv", "--"),
        *serve,
    ]


def launcher_command(
    supervisor: Path, binds: Binds, cgroup_procs: list[Path], as_root: bool
) -> list[str]:
    args = [str(supervisor), "launch"]
    for procs in cgroup_procs:
        args += ["--cgroup", str(procs)]
    if as_root:
        args += ["--oom-adj", "-1000"]
    if binds.stage is not None:
        args += ["--stage", str(binds.stage), *binds.launcher_args]
    if as_root:
        args += ["--uid", str(BOX_UID), "--gid", str(BOX_UID)]
    return [*args, "--"]
