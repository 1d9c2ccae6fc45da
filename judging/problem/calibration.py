"""Time limits for packages that fix none: measured from their lower-bound submissions, cached.

The rule is the format's (see docs/packages.md for the sources):

* 2023-07 / 2025-09 ("Problem timing", "Timelimit inference"): the smallest whole multiple of
  limits.time_resolution (default 1 s) that is at least T x
  limits.time_multipliers.ac_to_time_limit (default 2.0), T being the slowest run of the
  submissions that bound the limit from below: every submission with a rule that never permits
  TLE (accepted/, wrong_answer/, run_time_error/ by default, or use_for_time_limit: lower), on
  the tests that rule covers, unless use_for_time_limit: false.
* legacy: T_ac x limits.time_multiplier (default 5), rounded to the nearest whole second and
  at least 1 s, as problemtools (the format's reference tool) does; T_ac comes from the
  submissions expected to be accepted on every test.

The safety margin of the other side (2023-07 time_limit_to_tle, default 1.5; legacy
time_safety_margin, default 2) is `safety_margin()`: check-package judges problemtools'
slow_accepted submissions with it.

Times are CPU times divided by the submission's language time factor (the engine multiplies
the problem's limit by the factor, so each submission keeps the margin in its own language).
Submissions that cannot be measured are skipped and said so: disabled ones, those whose
language is not installed, BAPCtools'
deliberately misplaced `.bad.` ones, and those that do not meet their own expectation under the
generous ceiling. Only when none remains is calibration a package error.

Measuring means compiling and running those submissions on every test, far too slow to repeat
for each judged submission, so the result is cached by a hash of everything that can change
it: problem.yaml, data/, submissions/ and the output validator.
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

from judging.kit import Kit
from judging.model import Problem
from judging.problem.errors import PackageError
from judging.problem.references import Measured, measure_all
from judging.problem.runner import EngineJudge, PackageJudge
from judging.problem.yamlfile import read_mapping

CACHE_VERSION = 2  # bump when the measurement changes, so old results are not reused
HASHED_PATHS = (
    "problem.yaml",
    "data",
    "submissions",
    "output_validator",
    "output_validators",
    "juiz.yaml",  # its stages and model solution change what the submissions get
    "juiz",
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
    used: tuple[tuple[str, float], ...] = ()  # (submission, its T in seconds)
    skipped: tuple[tuple[str, str], ...] = ()  # (submission, why it was not measured)

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
        measured = _read_cache(path)
        status = "hit"
        if measured is None:
            measured = self._measure(directory, problem, rule)
            status = _write_cache(path, rule, measured)
        slowest_s, submission = max((t, name) for name, t in measured.used)
        self.last = Calibration(
            rule.time_limit(slowest_s),
            slowest_s,
            submission,
            rule,
            digest,
            path,
            status,
            used=measured.used,
            skipped=measured.skipped,
        )
        return self.last

    @property
    def judge(self) -> PackageJudge:
        """The judge used to measure, the real engine unless one was given (made on first use:
        a cache hit needs no sandbox)."""
        if self._judge is None:
            self._judge = EngineJudge.default(self._kit)
        return self._judge

    def _measure(self, directory: Path, problem: Problem, rule: TimingRule) -> Measured:
        trial = replace(problem, time_limit_s=self.ceiling_s, time_limit_source="calibrating")
        measured = measure_all(self.judge, directory, trial, legacy=rule.format == "legacy")
        if not measured.used:
            skipped = "; ".join(f"{name}: {why}" for name, why in measured.skipped)
            raise PackageError(
                "the package fixes no time limit and no usable accepted submission remains to "
                "calibrate it from"
                + (f" (skipped: {skipped})" if skipped else " (submissions/accepted/ is empty)")
                + "; give one, or a time limit"
            )
        return measured


def safety_margin(directory: Path) -> tuple[float, str]:
    """The format's margin above the time limit, and what it is called: 2023-07
    time_multipliers.time_limit_to_tle (default 1.5), legacy time_safety_margin (default 2)."""
    path = directory / "problem.yaml"
    config = read_mapping(path, "problem.yaml") if path.is_file() else {}
    limits = config.get("limits") if isinstance(config.get("limits"), dict) else {}
    assert isinstance(limits, dict)
    if str(config.get("problem_format_version", "legacy")).startswith("legacy"):
        value, name = limits.get("time_safety_margin", 2.0), "time_safety_margin"
    else:
        multipliers = limits.get("time_multipliers")
        found = multipliers.get("time_limit_to_tle") if isinstance(multipliers, dict) else None
        value, name = (1.5 if found is None else found), "time_limit_to_tle"
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 1:
        raise PackageError(f"problem.yaml: {name} must be a number of at least 1, got {value!r}")
    return float(value), name


def _read_cache(path: Path) -> Measured | None:
    """The cached measurement, or None when absent or unreadable.

    The rule is not part of the record: it comes from problem.yaml, which is in the hash.
    """
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION:
        return None
    try:
        used = tuple((str(n), float(t)) for n, t in data["used"])
        skipped = tuple((str(n), str(w)) for n, w in data["skipped"])
    except (KeyError, TypeError, ValueError):
        return None
    return Measured(used, skipped) if used else None


def _write_cache(path: Path, rule: TimingRule, measured: Measured) -> str:
    slowest_s, submission = max((t, name) for name, t in measured.used)
    record = {
        "version": CACHE_VERSION,
        "slowest_s": slowest_s,
        "slowest_submission": submission,
        "time_limit_s": rule.time_limit(slowest_s),  # for people reading the file
        "rule": rule.describe(),
        "used": [list(u) for u in measured.used],
        "skipped": [list(s) for s in measured.skipped],
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
