"""Mooshak's classifications as the CCS judgement types clients understand.

CCS clients (resolver, CDS, shadow CCSs) know only the spec's list of judgement-type ids
(JSON_Format.md, "Known judgement types"); the spec's schema refuses any other. Mooshak's
classifications are finer, so two of them share a type: Invalid Exit Value (a non-zero exit
status) is a run-time error, Program Size Exceeded is a submission error like Invalid
Submission. Evaluation Skipped marks tests not run after an earlier failure: it is no run and
never decides a judgement (`most_severe` ignores it), so runs leave skipped tests out; were a
judge to choose it as a submission's verdict, it would be reported as a judging error (no
penalty, as in Juiz). The Mooshak name travels in the extension property `x_mooshak`.

CCS_TYPE is the one table; docs/api.md shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from judging.classification import PENALTY, SEVERITY, Classification

C = Classification

CCS_TYPE: dict[Classification, str] = {
    C.ACCEPTED: "AC",
    C.PRESENTATION_ERROR: "PE",
    C.WRONG_ANSWER: "WA",
    C.EVALUATION_SKIPPED: "JE",  # only as a judge's chosen verdict; never a run
    C.OUTPUT_LIMIT_EXCEEDED: "OLE",
    C.MEMORY_LIMIT_EXCEEDED: "MLE",
    C.TIME_LIMIT_EXCEEDED: "TLE",
    C.INVALID_FUNCTION: "IF",
    C.INVALID_EXIT_VALUE: "RTE",
    C.RUNTIME_ERROR: "RTE",
    C.COMPILE_TIME_ERROR: "CE",
    C.INVALID_SUBMISSION: "SE",
    C.PROGRAM_SIZE_EXCEEDED: "SE",
    C.REQUIRES_REEVALUATION: "JE",
}

# The spec's names of the types used (a client may show them; Mooshak's are in x_mooshak).
SPEC_NAMES: dict[str, str] = {
    "AC": "Accepted",
    "PE": "Presentation Error",
    "WA": "Wrong Answer",
    "OLE": "Output Limit Exceeded",
    "MLE": "Memory Limit Exceeded",
    "TLE": "Time Limit Exceeded",
    "IF": "Illegal Function",
    "RTE": "Run-Time Error",
    "CE": "Compile Error",
    "SE": "Submission Error",
    "JE": "Judging Error",
}


@dataclass(frozen=True, slots=True)
class JudgementType:
    id: str
    name: str
    penalty: bool
    solved: bool
    mooshak: tuple[Classification, ...]  # the classifications reported as this type


def ccs_id(classification: Classification) -> str:
    return CCS_TYPE[classification]


def is_run(classification: Classification) -> bool:
    """Whether a test with this classification was run (a skipped test has no run)."""
    return classification is not C.EVALUATION_SKIPPED


def _judgement_type(type_id: str) -> JudgementType:
    members = tuple(c for c in SEVERITY if CCS_TYPE[c] == type_id)
    penalties = {PENALTY[c] for c in members}
    # A type's penalty must not depend on which of its classifications a judgement had.
    assert len(penalties) == 1, f"{type_id}: classifications disagree on the penalty"
    return JudgementType(
        id=type_id,
        name=SPEC_NAMES[type_id],
        penalty=penalties.pop(),
        solved=any(c.is_accepted for c in members),
        mooshak=members,
    )


def judgement_types() -> list[JudgementType]:
    """One per type used, in Mooshak's severity order (Evaluation Skipped, which is no
    verdict of a test that ran, does not place JE)."""
    ids = dict.fromkeys(CCS_TYPE[c] for c in SEVERITY if is_run(c))
    return [_judgement_type(type_id) for type_id in ids]
