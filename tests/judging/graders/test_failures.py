"""Our own failures: one table (judging/graders/failures.py) names them, and every grader, Run
mode and verification turns them into Requires Reevaluation the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.checkers import ValidatorError
from judging.classification import Classification as C
from judging.functions.compare import ComparisonError
from judging.graders.base import grade
from judging.graders.failures import (
    INFRA_ERRORS,
    compile_error_report,
    failure_reason,
    requires_reevaluation,
)
from judging.graders.standard import StandardGrader
from judging.languages import registry
from judging.model import Problem
from judging.report import CompileReport
from judging.sandbox.base import SandboxError
from judging.sandbox.fake import FakeSandbox
from judging.steps.box import ConfigurationError
from judging.steps.compile import Build

PYTHON = registry.get("python3")
assert PYTHON is not None


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (SandboxError("no cgroup"), "sandbox failure: no cgroup"),
        (ValidatorError("exit 3"), "output validator failure: exit 3"),
        (ConfigurationError("language c: bad"), "configuration error: language c: bad"),
        (ComparisonError("no comparators"), "host comparison failure: no comparators"),
        (FileNotFoundError("gone"), "judge host error: gone"),
    ],
)
def test_each_failure_of_ours_says_what_failed(error: Exception, reason: str) -> None:
    assert isinstance(error, INFRA_ERRORS)
    assert failure_reason(error) == reason


def test_a_bug_of_ours_is_not_hidden_as_a_failure_to_retry() -> None:
    assert not isinstance(ValueError("bug"), INFRA_ERRORS)
    assert not isinstance(KeyError("bug"), INFRA_ERRORS)


@pytest.mark.parametrize("error", [SandboxError("gone"), ConfigurationError("x"), OSError("x")])
def test_the_driver_maps_them_whatever_raised_them(error: Exception) -> None:
    grader = StandardGrader(Problem("p", "P", time_limit_s=1.0), ())
    report = grade(grader, PYTHON, b"print(1)\n", FakeSandbox([error]))
    assert report.classification is C.REQUIRES_REEVALUATION and report.language == "python3"
    assert report.reason == failure_reason(error) and not report.tests


def test_a_compile_error_and_a_failure_of_ours_keep_the_build_and_its_warnings() -> None:
    failed = CompileReport(ok=False, output="main.c:1: error", exit_code=1)
    build = Build(PYTHON, Path("/x"), failed, warnings=("unsafe",))
    error = compile_error_report(build)
    assert (error.classification, error.reason, error.compile) == (
        C.COMPILE_TIME_ERROR,
        "compilation failed",
        failed,
    )
    assert error.warnings == ("unsafe",) and error.language == "python3"
    again = requires_reevaluation(PYTHON, "test 1: missing file", build)
    assert again.classification is C.REQUIRES_REEVALUATION and again.compile is failed
    assert again.warnings == ("unsafe",) and again.reason == "test 1: missing file"
    assert requires_reevaluation(PYTHON, "x").compile is None
