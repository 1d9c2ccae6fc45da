"""check-package over every package of ../shared/conformance/ (five public sets of Kattis/ICPC
packages with their own expected verdicts; its README says where each comes from).

Per package: it is read (or Juiz says plainly why it cannot judge it yet), nothing crashes,
every submission Juiz can judge gets what the package expects of it, and the host is as it
was: DOMjudge's `hello` holds fork bombs, disk fillers and network probes, judged here only
through the real sandbox (bubblewrap), so no process of a judgement and no session cgroup may
be left behind. The agreement table of a whole run is `python -m judging check-corpus
../shared/conformance` (docs/packages.md).
"""

from __future__ import annotations

import os
from pathlib import Path

import psutil
import pytest

from judging.problem.calibration import CachingCalibrator
from judging.problem.corpus import check_one, packages_of
from judging.problem.runner import EngineJudge
from judging.problem.submissions import read_submissions
from judging.problem.testdata import NO_TEST_DATA

pytestmark = [pytest.mark.sandbox, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / ".." / "shared" / "conformance"
PACKAGES = list(packages_of(CORPUS)) if CORPUS.is_dir() else []


def test_the_corpus_is_there() -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"the conformance corpus is absent: expected it in {CORPUS.resolve()}")
    sets = {name for name, _ in PACKAGES}
    assert {"bapctools-test", "domjudge", "ppf-examples", "problemtools-examples"} <= sets
    assert len(PACKAGES) >= 25


# Disagreements still open (issue 11 stays open for them). They are the test's record, never the
# judge's: Juiz judges these files by its general rules and gets another verdict. Each says why.
# The test fails if any other submission disagrees, and if one of these starts to agree (then
# delete its line).
KNOWN_DISAGREEMENTS = {
    "domjudge/hello": {
        "wrong_answer/test-permissions.c": "reads a file only DOMjudge's judgehosts have",
        "time_limit_exceeded/test-fill-stdout.pas": "Free Pascal stops with runtime error 101 "
        "when a write past the output limit fails; DOMjudge discards the excess behind a pipe, "
        "so the write succeeds and the program runs into the time limit",
    },
    # Scoring: the points agree; the classification is Mooshak's, the worst test's.
    "domjudge-scoring/fibonacci": {
        "wrong_answer/fibonacci-wrong.py": "WA on secret/basic/2 but TLE (or RTE) on "
        "secret/extreme: DOMjudge gives the first failing test's result, Juiz the worst",
        "partial/fibonacci-recursive.py": "Python's RecursionError on secret/extreme (Invalid "
        "Exit Value, worse than the TLE of the others) where DOMjudge's Python ran out of time",
    },
    # Multi-pass: the other eight submissions agree, pass by pass.
    "domjudge/hangman": {
        "time_limit_exceeded/run_frequency": "its words.py is 143 KiB: Program Size Exceeded "
        "under the code limit Juiz grants a package that sets none (the format's typical "
        "system default, 128 KiB); DOMjudge's default is 256 KiB",
    },
    "problemtools-examples/different": {
        "slow_accepted/different_slow.py": "problemtools runs Python 3 as PyPy3; on CPython its "
        "10^8 loop steps per line are too slow for any safety margin",
    },
}


# Packages Juiz refuses, with the start of its message: a package with nothing Juiz could judge
# by any rule the format states. The test fails if another package is refused, or one of these
# is read (then delete its line).
KNOWN_REFUSALS = {
    # The format's own submit-answer example has no data/ at all (nothing to check an answer
    # against) and programs for submissions where the format wants the answers; upstream calls
    # submit-answer underspecified (Kattis/problem-package-format#578).
    "ppf-examples/submit_answer": "no data/ directory",
    # The format's multi-pass example is the same skeleton: no data/ and no submissions (its
    # README says it uses the default validator, which never asks for a next pass).
    "ppf-examples/multipass": "no data/ directory",
    # The format's interactive example is the same skeleton: problem.yaml, a statement and a
    # submissions.yaml with no submission and no data/ (nothing to run the interactor on).
    "ppf-examples/interactive": "no data/ directory",
}
# The scoring packages (docs/judging.md, "Scoring problems").
SCORING = {"addone", "fibonacci", "knapsack", "largestsum", "scoring", "oddecho"}
# The interactive packages (docs/judging.md, "Interactive problems"): every submission judged.
INTERACTIVE = {
    "problemtools-examples/guess",
    "domjudge/boolfind",
    "bapctools-test/boolfind",
    "bapctools-test/guess",
    "bapctools-test/pseudointeraction",
}


def _cache_dir() -> Path:
    """Results are kept per package and engine source under the var dir (judging/problem/
    corpus.py): a run with an unchanged engine judges nothing again."""
    return Path(os.environ.get("JUIZ_VAR_DIR", str(REPO / "var"))) / "conformance"


@pytest.fixture(scope="module")
def calibrator(tmp_path_factory: pytest.TempPathFactory) -> CachingCalibrator:
    # A fresh calibration cache: the limits are measured on this machine, in this run.
    return CachingCalibrator(EngineJudge.default(), cache_dir=tmp_path_factory.mktemp("cal"))


def _session_cgroups() -> list[Path]:
    from judging.sandbox.cgroups import _own_paths, _v1_mounts

    own = _own_paths()
    found: list[Path] = []
    for controller, mount in _v1_mounts().items():
        parent = mount / own.get(controller, "/").lstrip("/") / "juiz"
        found += parent.glob(f"s-{os.getpid()}-*")
    return found


@pytest.mark.parametrize(("set_name", "package"), PACKAGES, ids=lambda p: str(p).split("/")[-1])
def test_every_judgeable_submission_gets_what_its_package_expects(
    set_name: str, package: Path, calibrator: CachingCalibrator
) -> None:
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    result = check_one(set_name, package, calibrator, _cache_dir())
    assert result.crash == "", result.crash
    refusal = KNOWN_REFUSALS.get(f"{set_name}/{package.name}", "")
    if refusal:
        assert result.refused.startswith(refusal), "read now: delete it from KNOWN_REFUSALS"
        # Its submissions are counted, not left out: each one not judged, and why.
        assert len(result.rows) == len(read_submissions(package).submissions)
        assert {r.not_judged for r in result.rows} <= {NO_TEST_DATA}
    else:
        assert result.refused == "", f"{set_name}/{package.name} refused: {result.refused}"
    known = KNOWN_DISAGREEMENTS.get(f"{set_name}/{package.name}", {})
    wrong = [
        f"{r.submission}: expected {r.expected} ({r.source}), got {r.verdict}: {r.reason}"
        for r in result.disagreements
        if r.submission not in known
    ]
    assert wrong == []
    disagreeing = {r.submission for r in result.disagreements}
    assert sorted(set(known) - disagreeing) == [], "these agree now: delete them from the list"
    for row in result.rows:  # what is not judged says why
        assert row.agrees is not None or row.not_judged, row
    if f"{set_name}/{package.name}" in INTERACTIVE:  # judged; what is not says another reason
        assert any(r.agrees is not None for r in result.rows), result.rows
        assert not any("interactive" in r.not_judged for r in result.rows), result.rows
    if package.name in SCORING:  # every submission of a scoring package is judged, with points
        assert all(r.agrees is not None and r.score is not None for r in result.rows), result.rows
    stray = [p for p in psutil.Process().children(recursive=True) if p.pid not in before]
    assert stray == [], "processes of the judgements still running"
    assert _session_cgroups() == [], "sandbox session cgroups left behind"
