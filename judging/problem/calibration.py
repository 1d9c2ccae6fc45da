"""Time limits for packages that fix none: measured from their accepted submissions, cached.

The rule is the format's (see docs/packages.md for the sources):

* 2023-07: the smallest whole multiple of limits.time_resolution (default 1 s) that is at least
  T_ac x limits.time_multipliers.ac_to_time_limit (default 2.0).
* legacy: T_ac x limits.time_multiplier (default 5), rounded to the nearest whole second and
  at least 1 s, as problemtools (the format's reference tool) does.

T_ac is the slowest test's CPU time of the slowest accepted submission, divided by that
submission's language time factor (the engine multiplies the problem's limit by the factor, so
every accepted submission keeps the margin in its own language).

Measuring means compiling and running every accepted submission on every test, which is far
too slow to repeat for each judged submission, so the result is cached by a hash of everything
that can change it: problem.yaml, data/, submissions/accepted/ and the output validator.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from judging.classification import Classification
from judging.kit import Kit
from judging.model import Problem
from judging.problem.errors import PackageError
from judging.problem.runner import EngineJudge, PackageJudge, time_factor
from judging.problem.submissions import PackageSubmission, list_submissions

CACHE_VERSION = 1  # bump when the measurement changes, so old results are not reused
HASHED_PATHS = (
    "problem.yaml",
    "data",
    "submissions/accepted",
    "output_validator",
    "output_validators",
)


@dataclass(frozen=True)
class TimingRule:
    """How the package's format turns the slowest accepted run into a time limit."""

    format: str  # "legacy" or "2023-07"
    multiplier: float  # legacy time_multiplier / 2023-07 ac_to_time_limit
    resolution: float | None = None  # 2023-07 time_resolution; None: legacy rounding

    def time_limit(self, slowest_s: float) -> float:
        exact = slowest_s * self.multiplier
        if self.resolution is None:
            return float(max(1, int(0.5 + exact)))
        # The small epsilon keeps 0.5 x 2.0 / 1.0 at 1 step despite floating-point noise.
        steps = max(1, math.ceil(exact / self.resolution - 1e-9))
        return round(steps * self.resolution, 6)

    def describe(self) -> str:
        if self.resolution is None:
            return f"x {self.multiplier:g} (legacy time_multiplier), nearest whole second, >= 1 s"
        return (
            f"x {self.multiplier:g} (ac_to_time_limit), rounded up to a multiple of "
            f"{self.resolution:g} s (time_resolution)"
        )


@dataclass(frozen=True)
class Calibration:
    time_limit_s: float
    slowest_s: float  # T_ac, already divided by the language factor
    slowest_submission: str  # e.g. "accepted/slow.py"
    rule: TimingRule
    package_hash: str
    cache_path: Path
    cache_status: str  # "hit", "miss (saved)", or "miss (not saved: ...)"

    @property
    def cache_hit(self) -> bool:
        return self.cache_status == "hit"


class Calibrator(Protocol):
    def __call__(self, directory: Path, problem: Problem, rule: TimingRule) -> Calibration: ...


def default_cache_dir() -> Path:
    """$JUIZ_CACHE_DIR/calibration, else ~/.cache/juiz/calibration (XDG_CACHE_HOME honoured)."""
    root = os.environ.get("JUIZ_CACHE_DIR")
    if root:
        return Path(root) / "calibration"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "juiz" / "calibration"


def package_hash(directory: Path) -> str:
    """SHA-256 over the names and contents of the files that decide the calibrated limit."""
    digest = hashlib.sha256(f"juiz-calibration-{CACHE_VERSION}\0".encode())
    for rel in HASHED_PATHS:
        top = directory / rel
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for path in files:
            name = path.relative_to(directory).as_posix()
            digest.update(f"{name}\0{path.stat().st_size}\0".encode())
            with path.open("rb") as handle:
                for chunk in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(chunk)
    return digest.hexdigest()


class CachingCalibrator:
    """Calibrates through a PackageJudge (the real engine by default) and caches the result.

    `last` keeps the latest Calibration so a caller (check-package) can say where the limit
    came from and whether the cache answered.
    """

    def __init__(
        self,
        judge: PackageJudge | None = None,
        *,
        kit: Kit | None = None,
        cache_dir: Path | None = None,
        ceiling_s: float = 10.0,
    ) -> None:
        self._judge = judge
        self._kit = kit  # for the real engine's TypeScript, when no judge is given
        self.cache_dir = cache_dir if cache_dir is not None else default_cache_dir()
        self.ceiling_s = ceiling_s  # the limit accepted submissions run under while measured
        self.last: Calibration | None = None

    def __call__(self, directory: Path, problem: Problem, rule: TimingRule) -> Calibration:
        digest = package_hash(directory)
        path = self.cache_dir / f"{digest}.json"
        cached = _read_cache(path)
        if cached is not None:
            slowest_s, submission = cached
            status = "hit"
        else:
            slowest_s, submission = self._measure(directory, problem)
            status = _write_cache(path, rule, slowest_s, submission)
        self.last = Calibration(
            rule.time_limit(slowest_s), slowest_s, submission, rule, digest, path, status
        )
        return self.last

    @property
    def judge(self) -> PackageJudge:
        """The judge used to measure, the real engine unless one was given (made on first use:
        a cache hit needs no sandbox)."""
        if self._judge is None:
            self._judge = EngineJudge.default(self._kit)
        return self._judge

    def _measure(self, directory: Path, problem: Problem) -> tuple[float, str]:
        judge = self.judge
        trial = replace(problem, time_limit_s=self.ceiling_s, time_limit_source="calibrating")
        timings = [(_slowest_run(judge, sub, trial), sub.name) for sub in _accepted(directory)]
        if not timings:
            raise PackageError(
                "the package fixes no time limit and has no accepted submission to calibrate "
                "it from (submissions/accepted/); give one, or a time limit"
            )
        return max(timings)


def _accepted(directory: Path) -> list[PackageSubmission]:
    return [s for s in list_submissions(directory) if s.folder == "accepted"]


def _slowest_run(judge: PackageJudge, submission: PackageSubmission, trial: Problem) -> float:
    source = submission.single_file
    if source is None:
        raise PackageError(f"calibration: {submission.name} has several files (not supported)")
    report = judge.judge(source, trial, run_all_tests=True)
    if report.classification is not Classification.ACCEPTED:
        why = f" ({report.reason})" if report.reason else ""
        raise PackageError(
            f"calibration: accepted submission {submission.name} got "
            f"{report.classification.value}{why} with a {trial.time_limit_s:g} s limit"
        )
    slowest_ms = max((t.cpu_ms for t in report.tests), default=0)
    return slowest_ms / 1000 / time_factor(judge, source)


def _read_cache(path: Path) -> tuple[float, str] | None:
    """The cached (T_ac, submission), or None when absent or unreadable.

    The rule is not part of the record: it comes from problem.yaml, which is in the hash.
    """
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION:
        return None
    slowest, submission = data.get("slowest_s"), data.get("slowest_submission")
    if not isinstance(slowest, (int, float)) or not isinstance(submission, str):
        return None
    return float(slowest), submission


def _write_cache(path: Path, rule: TimingRule, slowest_s: float, submission: str) -> str:
    record = {
        "version": CACHE_VERSION,
        "slowest_s": slowest_s,
        "slowest_submission": submission,
        "time_limit_s": rule.time_limit(slowest_s),  # for people reading the file
        "rule": rule.describe(),
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Written aside and renamed, so a concurrent reader never sees half a file.
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(record, handle, indent=2)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError as exc:
        return f"miss (not saved: {exc.strerror or exc})"
    return "miss (saved)"
