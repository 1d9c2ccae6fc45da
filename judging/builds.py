"""Builds reused across reevaluations and rejudges: a worker's disk cache of compile results
(docs/judging.md, "Builds reused across judgings").

A build is keyed by the hash of everything that can change what the compiler makes of a
submission (`build_key`): the laid-out source files (names, contents, the executable bit; the
problem's included files are laid out with them), the compile command as run (with its flags)
and its environment, the language's whole configuration, the compiler's identity (its binary's path
and stat, and the output of the language's version command), what the compiler is shown
(mounts, fingerprinted by their files' sizes and times), the compile limits and the sandbox.
Any difference is another key, so a build is never used under another configuration.

An entry is `<root>/<key[:2]>/<key>/` holding `build/` (the exported work directory) and
`meta.json` (the CompileReport and the sandbox's notices). It is written under a temporary name
and renamed into place, so a reader sees a whole entry or none; a compile error is stored too
(the same source gets the same compile report). Outcomes that depend on the machine's load or
state (time or memory limit, a signal) are not stored. When the cache outgrows its bound the
least recently used entries go (eviction renames an entry away before deleting it).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from judging.languages.base import LanguageConfig
from judging.report import CompileReport
from judging.sandbox.base import Limits, Mount, RunResult

KEY_FORMAT = "juiz-build-1"  # bump when what goes into a key or an entry changes
DEFAULT_MAX_BYTES = 2 * 1024 * 1024 * 1024
EVICT_EVERY = 16  # stores between two size checks (a check walks the whole cache)
VERSION_TIMEOUT_S = 30


@dataclass(frozen=True)
class BuildCache:
    """Where a worker keeps its builds. reuse=False is the jury's "rebuild": compile afresh
    (and store the new build over the old)."""

    root: Path
    reuse: bool = True
    max_bytes: int = DEFAULT_MAX_BYTES


@dataclass(frozen=True)
class CompileSetup:
    """Everything of one compilation that goes into its key, besides the sources."""

    language: LanguageConfig
    argv: Sequence[str]
    env: Mapping[str, str]
    # The template's values fill the version command only: the compiler gets them through argv,
    # and a reused build's runs take the judgement's own (so a new memory limit, one of the
    # values, is no rebuild).
    values: Mapping[str, str]
    warnings_are_errors: bool
    program: str | None
    mounts: Sequence[Mount]
    limits: Limits
    sandbox: str


@dataclass(frozen=True)
class StoredBuild:
    report: CompileReport
    warnings: tuple[str, ...]


def build_key(setup: CompileSetup, source_dir: Path) -> str:
    digest = hashlib.sha256(KEY_FORMAT.encode())
    config = {k: v for k, v in asdict(setup.language).items() if k != "enabled"}
    parts = {
        "language": config,
        "argv": list(setup.argv),
        "env": dict(sorted(setup.env.items())),
        "warnings_are_errors": setup.warnings_are_errors,
        "program": setup.program,
        "limits": asdict(setup.limits),
        "sandbox": setup.sandbox,
        "compiler": toolchain_identity(setup.language, setup.argv, setup.values),
        "mounts": [[str(m.host), m.inside, m.writable, mount_stats(m.host)] for m in setup.mounts],
    }
    digest.update(json.dumps(parts, sort_keys=True, default=str).encode())
    digest.update(tree_digest(source_dir).encode())
    return digest.hexdigest()


def tree_digest(directory: Path) -> str:
    """The hash of a directory's files: relative names, executable bits and contents."""
    digest = hashlib.sha256()
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        executable = os.stat(path).st_mode & 0o100
        name = path.relative_to(directory).as_posix()
        digest.update(f"{len(name)}:{name}:{bool(executable)}:".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


_mounts: dict[Path, tuple[float, list[tuple[str, int, int]]]] = {}
MOUNT_RECHECK_S = 30.0


def mount_stats(directory: Path) -> list[tuple[str, int, int]]:
    """tree_stats of a mount, walked again at most every MOUNT_RECHECK_S in a process: every
    compile is shown the kit's node_modules (700 files, tens of ms to walk), which changes
    only when setup installs the tools again."""
    now = time.monotonic()
    seen = _mounts.get(directory)
    if seen is None or now - seen[0] > MOUNT_RECHECK_S:
        seen = (now, tree_stats(directory))
        _mounts[directory] = seen
    return seen[1]


def tree_stats(directory: Path) -> list[tuple[str, int, int]]:
    """A toolchain directory's fingerprint: each file's name, size and mtime (hashing its
    contents, e.g. the whole of node_modules, on every compile would cost more than it saves)."""
    if directory.is_file():
        st = directory.stat()
        return [("", st.st_size, st.st_mtime_ns)]
    found = []
    for root, _dirs, files in os.walk(directory):
        for name in files:
            path = Path(root, name)
            st = path.lstat()
            found.append((path.relative_to(directory).as_posix(), st.st_size, st.st_mtime_ns))
    return sorted(found)


_versions: dict[tuple[object, ...], str] = {}


def toolchain_identity(
    language: LanguageConfig, argv: Sequence[str], values: Mapping[str, str]
) -> dict[str, object]:
    """The compiler's binary (resolved on the host, whose /usr the box sees) with its stat,
    and the version command's output, run once per binary state (a reinstalled compiler has
    another stat, so it is asked again)."""
    command = _version_command(language, argv, values)
    binaries = [_binary_stat(argv[0]), _binary_stat(command[0])]
    cache_key = (tuple(command), *(tuple(b) for b in binaries))
    version = _versions.get(cache_key)
    if version is None:
        version, stable = _run_version(command)
        if stable:
            _versions[cache_key] = version
    return {"binaries": binaries, "version": version}


def _version_command(
    language: LanguageConfig, argv: Sequence[str], values: Mapping[str, str]
) -> list[str]:
    if language.version_command:
        try:
            return shlex.split(language.version_command.format_map(dict(values)))
        except (KeyError, ValueError, IndexError):
            pass
    return [argv[0], "--version"]


def _binary_stat(name: str) -> list[object]:
    found = shutil.which(name)
    if found is None:
        return [name, "absent"]
    real = os.path.realpath(found)
    st = os.stat(real)
    return [real, st.st_size, st.st_mtime_ns, st.st_ino]


def _run_version(command: Sequence[str]) -> tuple[str, bool]:
    """The version command's output and exit code; (reason, False) when it could not run."""
    try:
        done = subprocess.run(
            list(command),
            capture_output=True,
            timeout=VERSION_TIMEOUT_S,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as error:
        return f"unavailable: {type(error).__name__}", not isinstance(
            error, subprocess.TimeoutExpired
        )
    output = (done.stdout + done.stderr).decode("utf-8", errors="replace")
    return f"{done.returncode}\n{output}", True


def reproducible(result: RunResult) -> bool:
    """Whether the compile's outcome is the source's own, not the machine's of the moment."""
    limit_hit = result.cpu_limit_hit or result.wall_limit_hit or result.memory_limit_hit
    return not (limit_hit or result.output_limit_hit or result.signal is not None)


def entry_dir(cache: BuildCache, key: str) -> Path:
    return cache.root / key[:2] / key


def fetch(cache: BuildCache, key: str, target: Path) -> StoredBuild | None:
    """Copy a stored build into `target` (a fresh directory); None when there is none (or it
    went while being copied: another worker evicted it)."""
    entry = entry_dir(cache, key)
    meta = entry / "meta.json"
    try:
        data = json.loads(meta.read_text())
        shutil.copytree(entry / "build", target, dirs_exist_ok=True)
        os.utime(meta)  # recently used: eviction keeps it
    except (OSError, ValueError):
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True, exist_ok=True)
        return None
    report = CompileReport(**data["report"])
    return StoredBuild(replace(report, build_reused=True), tuple(data["warnings"]))


def store(
    cache: BuildCache, key: str, build_dir: Path, report: CompileReport, warnings: Iterable[str]
) -> None:
    """Store a build under its key: written aside, then renamed into place (a rebuild's entry
    replaces the old one)."""
    entry = entry_dir(cache, key)
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".tmp-", dir=cache.root))
    except OSError:
        return  # no room or no right to store: the build was judged anyway
    try:
        shutil.copytree(build_dir, staging / "build")
        size = sum(p.stat().st_size for p in (staging / "build").rglob("*") if p.is_file())
        meta = {"report": asdict(report), "warnings": list(warnings), "bytes": size}
        (staging / "meta.json").write_text(json.dumps(meta))
        _discard(entry, cache.root)
        os.rename(staging, entry)
    except OSError:
        # Another worker renamed its own entry in first (same key, same build), or the disk
        # is full: the build was judged anyway, only not kept.
        shutil.rmtree(staging, ignore_errors=True)
    with contextlib.suppress(OSError):
        _maybe_evict(cache)


def _discard(entry: Path, root: Path) -> None:
    """Take an entry away: renamed first, so no reader ever copies half of a deleted one."""
    if not entry.exists():
        return
    trash = Path(tempfile.mkdtemp(prefix=".trash-", dir=root))
    with contextlib.suppress(OSError):  # someone else took it away first
        os.rename(entry, trash / "entry")
    shutil.rmtree(trash, ignore_errors=True)


_stores = 0


def _maybe_evict(cache: BuildCache) -> None:
    global _stores
    _stores += 1
    if _stores % EVICT_EVERY == 1:
        evict(cache)


def evict(cache: BuildCache) -> int:
    """Delete the least recently used entries until the cache is within its bound; returns
    how many went."""
    entries = []
    for meta in cache.root.glob("??/*/meta.json"):
        try:
            size = int(json.loads(meta.read_text())["bytes"])
            entries.append((meta.stat().st_mtime, size, meta.parent))
        except (OSError, ValueError, KeyError):
            continue
    total = sum(size for _, size, _ in entries)
    removed = 0
    for _, size, entry in sorted(entries):
        if total <= cache.max_bytes:
            break
        _discard(entry, cache.root)
        total -= size
        removed += 1
    _sweep_staging(cache.root)
    return removed


def _sweep_staging(root: Path, older_than_s: float = 3600) -> None:
    """Temporary directories of workers killed mid-store."""
    now = time.time()
    for path in root.glob(".t*-*"):
        try:
            if now - path.stat().st_mtime > older_than_s:
                shutil.rmtree(path, ignore_errors=True)
        except OSError:
            continue
