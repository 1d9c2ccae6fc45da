"""What each folder of submissions/ expects, as the package's format version says.

2023-07 / 2025-09 ("Default directories"):
  accepted: only AC; rejected: some RTE/TLE/WA; wrong_answer: only AC/WA, some WA;
  time_limit_exceeded: only AC/TLE, some TLE; run_time_error: only AC/RTE, some RTE;
  brute_force: only AC/RTE/TLE, some RTE/TLE.
legacy ("Example submissions"):
  accepted: only AC; wrong_answer: "WA for some test case, not too slow and no crash" (only
  AC/WA, some WA); time_limit_exceeded: "too slow for some test case, may also give WA but not
  crash" (only AC/WA/TLE, some TLE); run_time_error: "crashes for some test case" (some RTE).
Other tools' folders, in either version:
  problemtools slow_accepted: AC within the safety margin, TLE without; DOMjudge
  compiler_error (CE), no_output (DOMjudge's NO-OUTPUT, a wrong answer in Juiz), output_limit
  (OLE), memory_limit_exceeded (MLE), check_manually (for a human); presentation_error (WA).
  DOMjudge's multiple/ and mixed-verdicts/ state nothing: their files carry annotations.
Scoring folders (partially_accepted, problemtools'; partial, DOMjudge's): legacy says "the
overall verdict must be Accepted, the score not the maximum". Juiz's classification is Mooshak's
(the worst test's), not the legacy grader's verdict, so what is checked is the score: above 0
(some group earned points) and below the maximum.
"""

from __future__ import annotations

from judging.problem.expectations import ALL, Expectation, Rule, ScoreRule


def _rule(permitted: str = "", required: str = "") -> Rule:
    return Rule(
        permitted=frozenset(permitted.split()) if permitted else ALL,
        required=frozenset(required.split()) if required else ALL,
    )


_RULES_2023 = {
    "accepted": _rule("AC"),
    "rejected": _rule(required="RTE TLE WA"),
    "wrong_answer": _rule("AC WA", "WA"),
    "time_limit_exceeded": _rule("AC TLE", "TLE"),
    "run_time_error": _rule("AC RTE", "RTE"),
    "brute_force": _rule("AC RTE TLE", "RTE TLE"),
}
_RULES_LEGACY = _RULES_2023 | {
    "time_limit_exceeded": _rule("AC WA TLE", "TLE"),
    "run_time_error": _rule(required="RTE"),
}
_OUTCOMES = {
    "compiler_error": "CE",
    "compile_error": "CE",
    "no_output": "WA",
    "output_limit": "OLE",
    "output_limit_exceeded": "OLE",
    "memory_limit_exceeded": "MLE",
    "presentation_error": "WA",
}
_UNJUDGEABLE = {
    "check_manually": "DOMjudge leaves it to a human (check_manually/)",
}
_PARTIAL = ("partially_accepted", "partial")
# Order of check-package's table: accepted first, as in problemtools, then the others.
_ORDER = ("accepted", "slow_accepted", "wrong_answer", "time_limit_exceeded", "run_time_error")


def folder_expectation(folder: str, fmt: str) -> Expectation:
    rules = _RULES_LEGACY if fmt == "legacy" else _RULES_2023
    if folder in rules:
        return Expectation("folder", rules=(rules[folder],))
    if folder == "slow_accepted":
        return Expectation("folder", rules=(_rule("AC TLE", "TLE"),), slow=True)
    if folder in _OUTCOMES:
        return Expectation("folder", outcome=frozenset({_OUTCOMES[folder]}))
    if folder in _PARTIAL:
        return Expectation("folder", scores=(ScoreRule(partial=True),))
    if folder in _UNJUDGEABLE:
        return Expectation("folder", unjudgeable=_UNJUDGEABLE[folder])
    return Expectation("folder", unjudgeable=f"no expected result (folder {folder}/ states none)")


def folder_order(folder: str) -> tuple[int, str]:
    return (_ORDER.index(folder) if folder in _ORDER else len(_ORDER), folder)
