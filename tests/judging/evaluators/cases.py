"""What the suite judges in each environment, and the classification each must get: the e2e
corpus's sum submissions (tests/judging/e2e_cases/sum/submissions/<evaluator>/), their
classification named by the file's stem there, and fixtures/<evaluator>/ here, programs that
tell an evaluator's environments apart (expected per environment glob)."""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

from judging.classification import Classification as C

HERE = Path(__file__).resolve().parent
SUM = HERE.parent / "e2e_cases" / "sum"
FIXTURES = HERE / "fixtures"
# Of the corpus: compile, pass, fail and crash, in every environment. The limit cases (TLE,
# MLE, OLE) stay in test_e2e.py's default environments: they take seconds each.
COMMON: dict[str, C] = {
    "ac": C.ACCEPTED,
    "wa": C.WRONG_ANSWER,
    "ce": C.COMPILE_TIME_ERROR,
    "rte": C.RUNTIME_ERROR,
}

# (evaluator, environment, corpus stem): what that environment makes of the corpus's program.
DIFFERENT: dict[tuple[str, str, str], C] = {
    # PyPy's ctypes.string_at(0) returns None instead of reading address 0 (measured here):
    # python3/rte.py does not crash on PyPy.
    ("python3", "pypy3", "rte"): C.ACCEPTED,
}


@dataclass(frozen=True)
class Specific:
    evaluator: str
    case: str
    expected: dict[str, C]  # environment glob -> classification

    def expectation(self, environment: str) -> C | None:
        return next((c for g, c in self.expected.items() if fnmatchcase(environment, g)), None)


SPECIFIC: tuple[Specific, ...] = (
    Specific("cpp", "cpp20", {"*-c++20": C.ACCEPTED, "*-c++17": C.COMPILE_TIME_ERROR}),
    Specific("python3", "match", {"python3*": C.ACCEPTED, "pypy3": C.COMPILE_TIME_ERROR}),
    # An uncaught TypeError is node's exit code 1: Mooshak's Invalid Exit Value.
    Specific("javascript", "group_by", {"node22": C.ACCEPTED, "node20": C.INVALID_EXIT_VALUE}),
    Specific("java", "record_pattern", {"java21": C.ACCEPTED, "java17": C.COMPILE_TIME_ERROR}),
    Specific("go", "atomic_int64", {"go*": C.ACCEPTED, "gccgo*": C.COMPILE_TIME_ERROR}),
    Specific("pascal", "result", {"*-delphi": C.ACCEPTED, "fpc3.2": C.COMPILE_TIME_ERROR}),
    Specific("haskell", "n_plus_k", {"*-haskell98": C.ACCEPTED, "ghc9.0": C.COMPILE_TIME_ERROR}),
)


def expected(evaluator: str, environment: str) -> list[tuple[Path, C]]:
    """(source file, classification) of every program judged in the evaluator's environment."""
    cases = [
        (
            _one(SUM / "submissions" / evaluator, stem),
            DIFFERENT.get((evaluator, environment, stem), c),
        )
        for stem, c in COMMON.items()
    ]
    for specific in SPECIFIC:
        wanted = specific.expectation(environment)
        if specific.evaluator == evaluator and wanted is not None:
            cases.append((_one(FIXTURES / evaluator, specific.case), wanted))
    return cases


def _one(folder: Path, stem: str) -> Path:
    (path,) = folder.glob(f"{stem}.*")
    return path
