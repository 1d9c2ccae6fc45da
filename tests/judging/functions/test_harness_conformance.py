"""Every harness against the same scenarios (tests/judging/functions/scenarios/README.md),
judged in the real sandbox: the submission's classification, and where a row names them, each
case's classification and, for visible cases, the status the harness itself reported.

Rows judge through the engine (`judge_function`); rows that check harness statuses go through
the runner (build once, run once) and the same verdict step the engine uses. A missing solution
file fails: every language must cover every stem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from judging.classification import Classification
from judging.engine import SubmissionFile, judge_function
from judging.functions.adapters.registry import adapter_for
from judging.languages import registry
from judging.report import Report
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox
from tests.judging.functions import inline, scenario_files

C = Classification
AC, WA, RTE = C.ACCEPTED, C.WRONG_ANSWER, C.RUNTIME_ERROR
WANTED = {"pass": AC, "fail": WA}

pytestmark = pytest.mark.sandbox


@dataclass(frozen=True)
class Row:
    scenario: str
    stem: str
    expected: Classification
    # Case name -> classification; "want" takes them from the scenario's `want` keys.
    cases: dict[str, Classification] | str = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.stem if self.stem == self.scenario else f"{self.scenario}-{self.stem}"


def _all(classification: Classification, scenario: str) -> dict[str, Classification]:
    problem, _ = scenario_files.load(scenario)
    return {case.name: classification for case in problem.cases}


COMPARATOR_SCENARIOS = (
    "cmp_exact",
    "cmp_float",
    "cmp_unordered",
    "cmp_unordered_nested",
    "cmp_set",
    "cmp_linkedlist",
    "cmp_tree",
)
ROWS = (
    Row("plain", "plain", AC, _all(AC, "plain")),
    Row("plain", "plain_solution_class", AC, _all(AC, "plain")),
    Row("plain", "plain_wrong", WA, _all(WA, "plain")),
    Row("plain", "plain_crash", RTE, {"basic": RTE}),
    Row("plain_tle", "plain_slow", C.TIME_LIMIT_EXCEEDED, {"basic": C.TIME_LIMIT_EXCEEDED}),
    Row("plain", "plain_compile_error", C.COMPILE_TIME_ERROR),
    # Exits at once after forging: no summary with the nonce, so the first case crashed.
    Row("plain", "plain_forge", RTE, {"basic": RTE}),
    Row("plain", "plain_forge_return", WA, _all(WA, "plain")),
    # Reads stdin again after the harness did: the payload (and its nonce) must be gone.
    Row("plain", "stdin_reread", AC, _all(AC, "plain")),
    Row("types", "types", AC, _all(AC, "types")),
    *(Row(name, name, WA, "want") for name in COMPARATOR_SCENARIOS),
    Row("sequence", "sequence", AC, _all(AC, "sequence")),
    Row("roundtrip", "roundtrip", AC, _all(AC, "roundtrip")),
    Row("roundtrip_strings", "roundtrip_strings", AC, _all(AC, "roundtrip_strings")),
    Row("result_from", "result_from", AC, _all(AC, "result_from")),
    Row("result_from_grid", "result_from_grid", AC, _all(AC, "result_from_grid")),
    Row("must_copy", "must_copy", AC, _all(AC, "must_copy")),
    Row(
        "must_copy",
        "must_copy_returns_input",
        WA,
        {"square": WA, "single node": WA, "empty": AC, "triangle": WA},
    ),
    Row("node_clash", "node_clash", AC, _all(AC, "node_clash")),
    Row("deep_recursion", "deep_recursion", AC, _all(AC, "deep_recursion")),
    Row("names", "names", AC, _all(AC, "names")),
)
PARAMS = [
    pytest.param(language, row, id=f"{language}-{row.id}")
    for language in scenario_files.LANGUAGES
    for row in ROWS
]


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox()


def _source(language: str, stem: str) -> Path:
    path = scenario_files.solution(language, stem)
    if not path.is_file():
        pytest.fail(f"{path.relative_to(scenario_files.HERE)} is missing: every harness needs it")
    if adapter_for(language) is None:
        pytest.fail(f"no harness adapter for {language} (judging/functions/adapters/{language}.py)")
    return path


def _details(report: Report) -> dict[str, object]:
    details = report.to_dict()
    if report.compile is not None:
        details["compile"] = {"ok": report.compile.ok, "output": report.compile.output[:2000]}
    return details


def _judge(sandbox: Sandbox, language: str, row: Row) -> Report:
    source = _source(language, row.stem)
    problem, _ = scenario_files.load(row.scenario)
    return judge_function(
        SubmissionFile(source.name, source.read_bytes()),
        problem,
        registry.all_languages(),
        sandbox,
        kit=inline.KIT,
        language_id=language,
    )


def _judge_with_statuses(
    sandbox: Sandbox, language: str, row: Row, tmp: Path
) -> tuple[Report, dict[str, str]]:
    """The report and the harness's own status of each case, from one compilation."""
    source = _source(language, row.stem)
    problem, _ = scenario_files.load(row.scenario)
    report, run = inline.judge(sandbox, language, problem, source.read_text())
    return report, {r.name: r.status for r in run.parsed.records} if run is not None else {}


@pytest.mark.parametrize(("language", "row"), PARAMS)
def test_every_harness_judges_each_scenario_as_its_row_says(
    sandbox: Sandbox, tmp_path: Path, language: str, row: Row
) -> None:
    statuses: dict[str, str] | None = None
    if row.cases == "want":
        report, statuses = _judge_with_statuses(sandbox, language, row, tmp_path)
    else:
        report = _judge(sandbox, language, row)
    details = _details(report)
    assert report.classification is row.expected, details
    assert report.language == language
    got = {t.name: t.classification for t in report.tests}
    if row.cases == "want":
        problem, wants = scenario_files.load(row.scenario)
        assert got == {name: WANTED[want] for name, want in wants.items()}, details
        hidden = {case.name for case in problem.cases if case.hidden}
        # Visible cases are compared in the harness too; hidden ones only on the host.
        assert statuses == {
            name: "done" if name in hidden else want for name, want in wants.items()
        }, details
    else:
        assert isinstance(row.cases, dict)
        assert {name: got.get(name) for name in row.cases} == row.cases, details
