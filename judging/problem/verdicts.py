"""Verdict codes in which packages state what their submissions must get, and Juiz's
classifications translated into them.

The 2023-07 / 2025-09 format speaks of four verdicts per test case (`AC`, `WA`, `TLE`, `RTE`);
DOMjudge's `@EXPECTED_RESULTS@:` names whole-submission results (`CORRECT`, `WRONG-ANSWER`,
`COMPILER-ERROR`, ...). Juiz judges with Mooshak's finer classifications, so each maps to one
code: Presentation Error is a rejected output (WA); Invalid Exit Value is a non-zero exit, which
the ICPC calls a run-time error (RTE).

Per test, Memory Limit Exceeded and Output Limit Exceeded count as RTE: the format has no
verdict of its own for them and problemtools reports them as run-time errors. For the whole
submission they keep their own codes, MLE and OLE, because DOMjudge has MEMORY-LIMIT and
OUTPUT-LIMIT.
"""

from __future__ import annotations

from judging.classification import Classification as C

TEST_VERDICTS = frozenset({"AC", "WA", "TLE", "RTE"})

_OUTCOME: dict[C, str] = {
    C.ACCEPTED: "AC",
    C.PRESENTATION_ERROR: "WA",
    C.WRONG_ANSWER: "WA",
    C.OUTPUT_LIMIT_EXCEEDED: "OLE",
    C.MEMORY_LIMIT_EXCEEDED: "MLE",
    C.TIME_LIMIT_EXCEEDED: "TLE",
    C.INVALID_FUNCTION: "RTE",
    C.INVALID_EXIT_VALUE: "RTE",
    C.RUNTIME_ERROR: "RTE",
    C.COMPILE_TIME_ERROR: "CE",
    C.INVALID_SUBMISSION: "CE",
    C.PROGRAM_SIZE_EXCEEDED: "CE",
    C.REQUIRES_REEVALUATION: "JE",
    C.EVALUATION_SKIPPED: "SK",
}

# DOMjudge's result names, and the folder-style names some of its sources use instead.
# NO-OUTPUT is a wrong answer in Juiz (an empty output is compared like any other).
DOMJUDGE_NAMES: dict[str, str] = {
    "CORRECT": "AC",
    "ACCEPTED": "AC",
    "WRONG-ANSWER": "WA",
    "WRONG_ANSWER": "WA",
    "NO-OUTPUT": "WA",
    "NO_OUTPUT": "WA",
    "TIMELIMIT": "TLE",
    "TIME_LIMIT_EXCEEDED": "TLE",
    "RUN-ERROR": "RTE",
    "RUN_TIME_ERROR": "RTE",
    "RUN-TIME-ERROR": "RTE",
    "COMPILER-ERROR": "CE",
    "COMPILER_ERROR": "CE",
    "COMPILE-ERROR": "CE",
    "OUTPUT-LIMIT": "OLE",
    "OUTPUT_LIMIT": "OLE",
    "MEMORY-LIMIT": "MLE",
    "MEMORY_LIMIT": "MLE",
}

# DOMjudge results that are no verdict a judge can be compared with.
DOMJUDGE_UNJUDGEABLE: dict[str, str] = {
    "CHECK-MANUALLY": "DOMjudge leaves it to a human (CHECK-MANUALLY)",
    "NONE-INVALID-SUBMISSION": "DOMjudge refuses it before judging (NONE-INVALID-SUBMISSION)",
    "NONE-SUBMIT-FAILS": "DOMjudge's submit client refuses it (NONE-SUBMIT-FAILS)",
}


def outcome_code(classification: C) -> str:
    """The whole submission's result: AC, WA, TLE, RTE, CE, OLE, MLE or JE."""
    return _OUTCOME[classification]


def test_code(classification: C) -> str | None:
    """One test's verdict in the format's four; None for a test that was not run."""
    code = _OUTCOME[classification]
    if code == "SK":
        return None
    return "RTE" if code in ("MLE", "OLE") else code
