"""check-package over a corpus of packages (sets of packages, each a folder of problem
folders, as ../shared/conformance/ is) and the agreement table per set.

A package that Juiz refuses (a PackageError) is reported with its message, and each of its
submissions as not judged, with the refusal's short reason (PackageError.short: "no test
data" for a package without data/secret/), so the table counts them; anything else that
escapes is a crash, reported with its traceback, never raised: one broken package must not
hide the others' results.

Judging a corpus takes minutes (DOMjudge's hello alone has 144 programs, 14 of them running to
the time limit), so a package's result can be cached (`cache_dir`): the key is a SHA-256 over
the package's files and the engine's own source (judging/**/*.py and the installed languages),
so a change to either judges again, and a cached result is one the same code would give.
Crashes and judge errors are never cached.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from judging.problem.calibration import CachingCalibrator
from judging.problem.checking import Outcome, Row, check_package, judge_submissions
from judging.problem.errors import PackageError

CACHE_VERSION = 2  # 2: a refused package's submissions are rows
REFUSED = "the package is refused"
ENGINE = Path(__file__).resolve().parents[1]  # judging/


@dataclass
class PackageResult:
    set: str
    package: str
    rows: list[Row] = field(default_factory=list)
    refused: str = ""  # the PackageError's message
    unjudgeable: str = ""  # the kind of problem Juiz cannot judge yet
    crash: str = ""  # a traceback
    seconds: float = 0.0
    cached: bool = False

    @property
    def disagreements(self) -> list[Row]:
        return [r for r in self.rows if r.ok is False]


@dataclass
class SetSummary:
    name: str
    packages: int = 0
    submissions: int = 0
    judged: int = 0
    agree: int = 0
    cannot: Counter[str] = field(default_factory=Counter)
    refused: list[str] = field(default_factory=list)  # "package: message"


def packages_of(root: Path) -> Iterator[tuple[str, Path]]:
    """(set name, package folder) for every folder with a problem.yaml, two levels down."""
    for problem_yaml in sorted(root.glob("*/*/problem.yaml")):
        yield problem_yaml.parent.parent.name, problem_yaml.parent


def check_one(
    set_name: str, package: Path, calibrator: CachingCalibrator, cache_dir: Path | None = None
) -> PackageResult:
    """check-package on one package, from the cache when it has this package and engine."""
    key = result_key(package, calibrator) if cache_dir is not None else ""
    if cache_dir is not None:
        cached = _read(cache_dir / f"{key}.json")
        if cached is not None:
            return cached
    result = _check(set_name, package, calibrator)
    if (
        cache_dir is not None
        and not result.crash
        and not any(r.infrastructure for r in result.rows)
    ):
        _write(cache_dir / f"{key}.json", result)
    return result


def _check(set_name: str, package: Path, calibrator: CachingCalibrator) -> PackageResult:
    import time

    result = PackageResult(set_name, package.name)
    started = time.monotonic()
    try:
        outcome: Outcome = check_package(package, calibrator)
        result.rows, result.unjudgeable = outcome.rows, outcome.unjudgeable
    except PackageError as exc:
        result.refused = str(exc)
        result.rows = _unjudged(package, calibrator, exc.short or REFUSED)
    except Exception:  # a crash is a result here, so the other packages still run
        result.crash = traceback.format_exc()
    result.seconds = round(time.monotonic() - started, 1)
    return result


def _unjudged(package: Path, calibrator: CachingCalibrator, why: str) -> list[Row]:
    """A refused package's submissions, each a row that says why it was not judged: the
    table counts them, rather than leave them out."""
    nothing = Outcome(None, None, unjudgeable=why)
    try:
        return judge_submissions(nothing, package, calibrator.judge, False, lambda row: None).rows
    except PackageError:  # its submissions cannot even be listed (a bad submissions.yaml)
        return []


def result_key(package: Path, calibrator: CachingCalibrator) -> str:
    digest = hashlib.sha256(f"juiz-corpus-{CACHE_VERSION}\0{calibrator.ceiling_s}\0".encode())
    _hash_tree(digest, package)
    _hash_tree(digest, ENGINE, suffix=".py")
    languages = getattr(calibrator.judge, "languages", ())
    digest.update(repr(sorted(repr(lang) for lang in languages)).encode())
    return digest.hexdigest()


def _hash_tree(digest: Any, root: Path, suffix: str = "") -> None:
    for path in sorted(p for p in root.rglob("*") if p.is_file() and p.name.endswith(suffix)):
        if "__pycache__" in path.parts:
            continue
        digest.update(f"{path.relative_to(root).as_posix()}\0".encode())
        digest.update(path.read_bytes())


def _read(path: Path) -> PackageResult | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        rows = [Row(**r) for r in data.pop("rows")]
        result = PackageResult(**data, rows=rows)
    except (OSError, ValueError, TypeError, KeyError):
        return None
    result.cached = True
    return result


def _write(path: Path, result: PackageResult) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(asdict(result), handle)
        os.replace(tmp, path)  # renamed into place: a concurrent reader never sees half a file
    except OSError:
        pass  # no cache is only slower


def check_corpus(
    root: Path,
    calibrator: CachingCalibrator,
    on_package: Callable[[PackageResult], None] = lambda result: None,
    cache_dir: Path | None = None,
) -> list[PackageResult]:
    results = []
    for set_name, package in packages_of(root):
        result = check_one(set_name, package, calibrator, cache_dir)
        results.append(result)
        on_package(result)
    return results


def summarise(results: list[PackageResult]) -> list[SetSummary]:
    sets: dict[str, SetSummary] = {}
    for result in results:
        summary = sets.setdefault(result.set, SetSummary(result.set))
        summary.packages += 1
        if result.refused or result.crash:
            why = result.refused or "CRASH"
            summary.refused.append(f"{result.package}: {why.splitlines()[-1]}")
        for row in result.rows:
            summary.submissions += 1
            if row.not_judged:
                summary.cannot[row.not_judged.split(" (")[0]] += 1
            else:
                summary.judged += 1
                summary.agree += row.ok is True
    return list(sets.values())


def table(summaries: list[SetSummary]) -> str:
    lines = [
        "| set | packages | submissions | judged | agree | cannot judge (reasons) "
        "| packages refused |",
        "|---|---|---|---|---|---|---|",
    ]
    for s in summaries:
        reasons = ", ".join(f"{why}: {n}" for why, n in s.cannot.most_common()) or "-"
        refused = "; ".join(s.refused) or "-"
        lines.append(
            f"| {s.name} | {s.packages} | {s.submissions} | {s.judged} | {s.agree} "
            f"| {reasons} | {refused} |"
        )
    return "\n".join(lines)
