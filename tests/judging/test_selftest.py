"""The one self-test (judging/selftest.py) with the FakeSandbox: what the command line
prints and the web app records of it."""

from __future__ import annotations

from dataclasses import replace

from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.sandbox.base import RunResult
from judging.sandbox.fake import CannedRun, FakeSandbox
from judging.selftest import FAILED, OK, UNAVAILABLE, self_test

RAN = RunResult(exit_code=0, signal=None, cpu_ms=5, wall_ms=6, memory_kib=1000)


def python() -> LanguageConfig:
    config = registry.get("python3")
    assert config is not None
    return config


def test_a_pass_records_the_version_and_the_programs_output() -> None:
    sandbox = FakeSandbox([RAN, CannedRun(RAN, stdout=b"42\n")])
    result = self_test(python(), sandbox)
    assert result.status == OK and result.ok and result.version.startswith("Python 3.")
    assert (result.message, result.output, result.compile_output) == ("Accepted", "42\n", "")
    assert result.report is not None and result.report.tests[0].name == "selftest"
    limits = sandbox.sessions[1].requests[0].limits
    assert limits.cpu_ms == 5000 * python().time_factor  # 5 s, this language's factor


def test_a_wrong_output_fails_with_a_one_line_message() -> None:
    result = self_test(python(), FakeSandbox([RAN, CannedRun(RAN, stdout=b"41\n")]))
    assert result.status == FAILED and result.output == "41\n"
    assert result.message.startswith("Wrong Answer") and "\n" not in result.message


def test_a_compile_error_keeps_the_compilers_output() -> None:
    failed = CannedRun(replace(RAN, exit_code=1), stderr=b"  File main.py\nSyntaxError: bad\n")
    result = self_test(python(), FakeSandbox([failed]))
    assert result.status == FAILED and "SyntaxError: bad" in result.compile_output
    assert result.message == (
        "Compile Time Error — compilation failed — [judge] The compiler failed (exit code 1)."
    )


def test_a_missing_toolchain_is_unavailable_and_says_what_is_missing() -> None:
    missing = replace(python(), compile_command="no-such-compiler-xyz {source}")
    result = self_test(missing, FakeSandbox([]))
    assert result.status == UNAVAILABLE and not result.ok
    assert result.message == "not found: no-such-compiler-xyz"
