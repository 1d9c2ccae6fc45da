"""A language's self-test: its own small program compiled and judged in the real sandbox, so a
broken toolchain or sandbox setup shows before the contest does."""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

from judging.classification import Classification
from judging.kit import Kit
from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.problem.model import Problem, TestCase
from judging.report import Report
from judging.sandbox.base import Sandbox

OK, UNAVAILABLE, FAILED = "ok", "unavailable", "FAILED"
SELFTEST_TIME_LIMIT_S = 5.0  # generous: this checks the toolchain, not its speed


@dataclass(frozen=True)
class SelfTestResult:
    language: LanguageConfig
    status: str  # OK, UNAVAILABLE or FAILED
    version: str = ""
    elapsed_ms: int = 0  # compile and run, wall clock
    report: Report | None = None
    detail: str = ""  # why it failed or is unavailable

    @property
    def ok(self) -> bool:
        return self.status == OK


def self_test(config: LanguageConfig, sandbox: Sandbox, kit: Kit | None = None) -> SelfTestResult:
    """Judge the language's self-test program; unavailable (not failed) without a toolchain.
    `kit` has TypeScript's tsc (judging/kit.py)."""
    missing = registry.missing_programs(config)
    if missing:
        return SelfTestResult(config, UNAVAILABLE, detail=f"not found: {', '.join(missing)}")
    if not config.selftest_source:
        return SelfTestResult(config, FAILED, registry.version(config, kit), detail="no self-test")
    # Imported here: the engine imports the checkers, which need nothing of this module.
    from judging.engine import SubmissionFile, judge

    with tempfile.TemporaryDirectory(prefix="juiz-selftest-") as tmp:
        problem = _problem(config, Path(tmp))
        name = config.source_file_name("", config.selftest_source.encode())
        started = time.monotonic()
        report = judge(
            SubmissionFile(name, config.selftest_source.encode()),
            problem,
            [replace(config, enabled=True)],
            sandbox,
            kit=kit,
            language_id=config.id,
        )
        elapsed = round((time.monotonic() - started) * 1000)
    ok = report.classification is Classification.ACCEPTED
    return SelfTestResult(
        config,
        OK if ok else FAILED,
        registry.version(config, kit),
        elapsed,
        report,
        "" if ok else _explain(report),
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


def _explain(report: Report) -> str:
    parts = [report.classification.value]
    if report.reason:
        parts.append(report.reason)
    if report.compile is not None and not report.compile.ok:
        parts.append(report.compile.output.strip()[-500:])
    parts += [f"{t.name}: {t.checker_message}" for t in report.tests if t.checker_message]
    return "; ".join(parts)
