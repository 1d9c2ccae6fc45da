"""`python -m judging.sandbox COMMAND`: preparing a judge host's cgroups (docs/sandbox.md).

python -m judging.sandbox cgroup-status
    The backend this worker would use (v1, v2, none) and, when not v2, why not.
python -m judging.sandbox prepare-cgroups [--user USER] [--path DIR]
    Once, as root, on a cgroup v2 host: DIR (default /sys/fs/cgroup/juiz-judge) with the
    memory and pids controllers for its children, its leaf juiz-worker/ for the worker,
    owned by USER when given (a worker that is not root). Start the worker inside it:
    echo $$ > DIR/juiz-worker/cgroup.procs; exec <worker command>
"""

from __future__ import annotations

import argparse
import os
import pwd
import sys
from pathlib import Path

from judging.sandbox import cgroup_backends, cgroups, cgroups2
from judging.sandbox.base import SandboxError

DEFAULT_DIR = "juiz-judge"
# The files a delegatee must own (cgroup-v2.rst, "Delegation Containment").
DELEGATED_FILES = ("cgroup.procs", "cgroup.subtree_control", "cgroup.threads")


def status() -> int:
    try:
        backend = cgroup_backends.detect()
    except SandboxError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"cgroup backend: {backend}")
    if backend != "v2":
        print(f"cgroup v2: {cgroups2.why_unusable() or 'usable'}")
    if backend == "none":
        print(f"warning: {cgroup_backends.NO_CGROUP_WARNING}")
    return 0


def _enable_down_to(mount: Path, directory: Path) -> None:
    """Gives every cgroup from the root down to `directory` the controllers it needs."""
    for ancestor in [*reversed(directory.parents), directory]:
        if ancestor == mount or mount in ancestor.parents:
            ancestor.mkdir(exist_ok=True)
            cgroups2._enable(ancestor)


def _chown(directory: Path, uid: int, gid: int) -> None:
    os.chown(directory, uid, gid)
    for name in DELEGATED_FILES:
        os.chown(directory / name, uid, gid)


def prepare(path: str | None, user: str | None) -> int:
    mount = cgroups2.mount_point()
    if cgroups.usable():
        print("cgroup v1 host: nothing to prepare (a root worker makes its session cgroups)")
        return 0
    if mount is None or mount != Path("/sys/fs/cgroup"):
        print("no cgroup v2 hierarchy on /sys/fs/cgroup and no usable cgroup v1: the sandbox "
              "falls back to rlimits (docs/sandbox.md)", file=sys.stderr)  # fmt: skip
        return 1
    if os.geteuid() != 0:
        print("prepare-cgroups must run as root", file=sys.stderr)
        return 1
    base = Path(path) if path else mount / DEFAULT_DIR
    try:
        owner = pwd.getpwnam(user) if user else None
        _enable_down_to(mount, base.parent)
        base.mkdir(exist_ok=True)
        parent = cgroups2.prepare(base)
        leaf = base / cgroups2.WORKER_LEAF
        leaf.mkdir(exist_ok=True)
        if owner is not None:
            for directory in (base, parent, leaf):
                _chown(directory, owner.pw_uid, owner.pw_gid)
    except (OSError, KeyError) as exc:
        print(f"prepare-cgroups failed: {exc}", file=sys.stderr)
        return 1
    print(f"ready: {parent} (memory, pids). Start the worker in {leaf}:")
    print(f"  echo $$ > {leaf}/cgroup.procs; exec <worker command>")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m judging.sandbox", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("cgroup-status", help="the cgroup backend of this host")
    prep = commands.add_parser("prepare-cgroups", help="delegate a cgroup v2 subtree (root)")
    prep.add_argument("--user", help="owner of the subtree (a worker that is not root)")
    prep.add_argument("--path", help=f"the subtree (default /sys/fs/cgroup/{DEFAULT_DIR})")
    args = parser.parse_args(argv)
    if args.command == "cgroup-status":
        return status()
    return prepare(args.path, args.user)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
