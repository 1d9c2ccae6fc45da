"""A language's self-test: its own small program compiled and judged in the real sandbox, as a
submission would be, so a broken toolchain or sandbox setup shows before the contest does.

`python -m judging selftest` and the web app's compiler page both call self_test(); the result
holds everything either shows or records.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path

from judging.classification import Classification
from judging.kit import Kit
from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.model import Problem, TestCase
from judging.report import Report
from judging.sandbox.base import Sandbox
from judging.workdirs import work_folder

OK, UNAVAILABLE, FAILED = "ok", "unavailable", "FAILED"
SELFTEST_TIME_LIMIT_S = 5.0  # generous: this checks the toolchain, not its speed


@dataclass(frozen=True)
class SelfTestResult:
    language: LanguageConfig
    status: str  # OK, UNAVAILABLE or FAILED
    version: str = ""
    elapsed_ms: int = 0  # compile and run, wall clock
    report: Report | None = None
    message: str = ""  # one line: the verdict and what explains it, or why it did not run
    compile_output: str = ""
    output: str = ""  # the start of what the program printed

    @property
    def ok(self) -> bool:
        return self.status == OK


def self_test(config: LanguageConfig, sandbox: Sandbox, kit: Kit | None = None) -> SelfTestResult:
    """Judge the language's self-test program; unavailable (not failed) without a toolchain.
    `kit` has TypeScript's tsc (judging/kit.py)."""
    missing = registry.missing_programs(config)
    if missing:
        return SelfTestResult(config, UNAVAILABLE, message=f"not found: {', '.join(missing)}")
    version = registry.version(config, kit)
    if not config.selftest_source:
        return SelfTestResult(config, FAILED, version, message="no self-test program")
    started = time.monotonic()
    report = _judged(config, sandbox, kit)
    return SelfTestResult(
        config,
        OK if report.classification is Classification.ACCEPTED else FAILED,
        version,
        round((time.monotonic() - started) * 1000),
        report,
        _message(report),
        report.compile.output if report.compile is not None else "",
        report.tests[0].output_preview if report.tests else "",
    )


def _judged(config: LanguageConfig, sandbox: Sandbox, kit: Kit | None) -> Report:
    # Imported here: the engine imports the checkers, which need nothing of this module.
    from judging.engine import SubmissionFile, judge

    source = config.selftest_source.encode()
    with work_folder("juiz-selftest-") as tmp:
        return judge(
            SubmissionFile(config.source_file_name("", source), source),
            _problem(config, Path(tmp)),
            [replace(config, enabled=True)],
            sandbox,
            kit=kit,
            language_id=config.id,
        )


def _problem(config: LanguageConfig, directory: Path) -> Problem:
    given, expected = directory / "selftest.in", directory / "selftest.ans"
    given.write_text(config.selftest_input)
    expected.write_text(config.selftest_output)
    return Problem(
        id=f"selftest-{config.id}",
        name=f"{config.name} self-test",
        time_limit_s=SELFTEST_TIME_LIMIT_S,
        tests=(TestCase("selftest", given, expected, sample=True),),
        time_limit_source="selftest",
    )


def _message(report: Report) -> str:
    """The verdict, the reason, the compiler's last word when it failed, what the checker
    said, and the sandbox's notices: one line, for a table cell or a page."""
    parts = [report.classification.value, report.reason]
    if report.compile is not None and not report.compile.ok:
        parts.append(report.compile.output.strip().rsplit("\n", 1)[-1])
    parts += [t.checker_message for t in report.tests[:1]]
    parts += report.warnings
    return " — ".join(" ".join(part.split()) for part in parts if part.strip())
