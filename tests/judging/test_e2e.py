"""End-to-end: every case under tests/judging/e2e_cases/<problem>/submissions/<language>/
judged by the real engine in the real sandbox, expecting the classification its cases.yaml
names.

A language whose toolchain is not installed is skipped (reported unavailable, never failing).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from judging.classification import Classification
from judging.engine import JudgeOptions, SubmissionFile, judge
from judging.kit import Kit
from judging.languages import registry
from judging.model import OutputValidation, Problem
from judging.sandbox.base import Sandbox

CASES_DIR = Path(__file__).resolve().parent / "e2e_cases"


@dataclass(frozen=True)
class Case:
    problem_dir: Path
    source: Path
    language_id: str
    expected: Classification

    @property
    def id(self) -> str:
        return f"{self.problem_dir.name}/{self.language_id}/{self.source.name}"


def _config(problem_dir: Path) -> dict[str, Any]:
    loaded = yaml.safe_load((problem_dir / "cases.yaml").read_text())
    assert isinstance(loaded, dict)
    return loaded


def collect() -> list[Case]:
    cases = []
    for problem_dir in sorted(p for p in CASES_DIR.iterdir() if (p / "cases.yaml").is_file()):
        config = _config(problem_dir)
        overrides = config.get("files") or {}
        for source in sorted((problem_dir / "submissions").glob("*/*")):
            relative = str(source.relative_to(problem_dir / "submissions"))
            expected = overrides.get(relative) or config["expected"][source.stem]
            cases.append(Case(problem_dir, source, source.parent.name, Classification(expected)))
    return cases


CORE_LANGUAGES = ("c", "cpp", "java", "python3", "javascript")
CASES = collect()


def test_cases_cover_every_classification_for_the_main_languages() -> None:
    wanted = set(_config(CASES_DIR / "sum")["expected"].values())
    for language_id in CORE_LANGUAGES:
        found = {c.expected.value for c in CASES if c.language_id == language_id}
        assert found == wanted, language_id


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    from judging.sandbox import make_sandbox

    # No skip without the sandbox: these cases are the proof that verdicts are right.
    return make_sandbox()


_problems: dict[Path, Problem] = {}


def problem_for(problem_dir: Path) -> Problem:
    if problem_dir not in _problems:
        from judging.problem.package import load_package

        problem = load_package(problem_dir)
        if _config(problem_dir).get("validation") == "mooshak":
            problem = replace(problem, validation=OutputValidation(kind="mooshak"))
        _problems[problem_dir] = problem
    return _problems[problem_dir]


@pytest.mark.sandbox
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_each_case_gets_the_classification_its_file_names(case: Case, sandbox: Sandbox) -> None:
    language = registry.get(case.language_id)
    assert language is not None, f"no language {case.language_id!r}"
    # The five core languages are always required; the others where their toolchain is
    # installed (scripts/setup.sh installs them, so CI runs every case).
    if not registry.is_available(language):
        assert case.language_id not in CORE_LANGUAGES, f"{language.name} is not installed"
        pytest.skip(f"{language.name} is not installed")
    report = judge(
        SubmissionFile(case.source.name, case.source.read_bytes()),
        problem_for(case.problem_dir),
        registry.all_languages(),
        sandbox,
        kit=Kit.of_checkout(),  # TypeScript compiles with the checkout's tsc
        # Stopping at the first failure keeps slow cases (TLE) fast; the verdict is the same.
        options=JudgeOptions(run_all_tests=False),
    )
    details = report.to_dict()
    if report.compile is not None and len(report.compile.output) > 2000:
        details["compile"]["output"] = report.compile.output[:2000]
    assert report.classification is case.expected, details
    assert report.language == case.language_id
    if case.expected is not Classification.COMPILE_TIME_ERROR:
        assert report.tests and report.limits is not None


UNUSED_VARIABLE = b"""#include <stdio.h>
int main(void) {
    long long a, b, unused;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\\n", a + b);
    return 0;
}
"""


@pytest.mark.sandbox
@pytest.mark.parametrize("strict", [True, False])
def test_warnings_are_errors_with_an_admin_template(sandbox: Sandbox, strict: bool) -> None:
    c = registry.get("c")
    assert c is not None and c.compile_command is not None
    wall = replace(c, compile_command=c.compile_command + " -Wall", warnings_are_errors=strict)
    report = judge(
        SubmissionFile("sum.c", UNUSED_VARIABLE), problem_for(CASES_DIR / "sum"), [wall], sandbox
    )
    assert report.compile is not None and "unused variable" in report.compile.output
    if strict:
        assert report.classification is Classification.COMPILE_TIME_ERROR
        assert "Warnings are errors" in report.compile.output
    else:
        assert report.classification is Classification.ACCEPTED


@pytest.mark.sandbox
def test_every_test_runs_by_default(sandbox: Sandbox) -> None:
    source = CASES_DIR / "sum" / "submissions" / "c" / "wa.c"
    progress: list[tuple[int, int]] = []
    report = judge(
        SubmissionFile("wa.c", source.read_bytes()),
        problem_for(CASES_DIR / "sum"),
        registry.all_languages(),
        sandbox,
        progress=lambda done, total: progress.append((done, total)),
    )
    assert [t.classification for t in report.tests] == [Classification.WRONG_ANSWER] * 3
    assert progress == [(1, 3), (2, 3), (3, 3)]
    assert report.tests[1].output_preview == "999999997655\n"
