"""judge() with the FakeSandbox: the order of the steps, what is asked of the sandbox, and how
runs become a report (no real program runs here; see test_e2e.py for those)."""

from __future__ import annotations

import signal
from dataclasses import replace
from pathlib import Path

import pytest

from judging.classification import Classification as C
from judging.engine import JudgeOptions, SubmissionFile, judge
from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.model import OutputValidation, Problem
from judging.model import TestCase as DataCase
from judging.report import Report
from judging.sandbox.base import RunRequest, RunResult, SandboxError
from judging.sandbox.fake import CannedRun, FakeSandbox

LANGUAGES = registry.all_languages()
OK = RunResult(exit_code=0, signal=None, cpu_ms=5, wall_ms=6, memory_kib=1000)
COMPILED = CannedRun(OK, files={"main": b"\x7fELF"})
C_SOURCE = SubmissionFile("sum.c", b"int main(void) { return 0; }\n")


def lang(language_id: str) -> LanguageConfig:
    found = registry.get(language_id)
    assert found is not None
    return found


def make_problem(tmp_path: Path, answers: list[str], **fields: object) -> Problem:
    tests = []
    for i, answer in enumerate(answers, 1):
        given, expected = tmp_path / f"{i}.in", tmp_path / f"{i}.ans"
        given.write_text(f"{i} {i}\n")
        expected.write_text(answer)
        tests.append(DataCase(f"secret/{i}", given, expected, sample=i == 1))
    defaults: dict[str, object] = {"id": "sum", "name": "Sum", "time_limit_s": 1.0}
    return Problem(tests=tuple(tests), **{**defaults, **fields})  # type: ignore[arg-type]


def outputs(*stdouts: bytes | RunResult) -> list[CannedRun | RunResult]:
    return [s if isinstance(s, RunResult) else CannedRun(OK, stdout=s) for s in stdouts]


def test_the_program_is_compiled_once_then_runs_every_test(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n", "4\n"])
    canned = [COMPILED, *outputs(b"2\n", b"4\n")]
    seen: list[bytes] = []

    def next_run(request: RunRequest) -> CannedRun | RunResult:
        seed = sandbox.sessions[-1].spec.seed_dir
        if len(canned) < 3 and seed is not None:  # a test run: the compiled program is there
            seen.append((seed / "main").read_bytes())
        return canned.pop(0)

    sandbox = FakeSandbox(next_run)
    report = judge(C_SOURCE, problem, LANGUAGES, sandbox)
    assert seen == [b"\x7fELF", b"\x7fELF"]
    assert report.classification is C.ACCEPTED
    assert report.language == "c"
    assert [t.name for t in report.tests] == ["secret/1", "secret/2"]
    assert report.tests[0].sample and not report.tests[1].sample
    assert report.compile is not None and report.compile.ok
    compile_session, run_session = sandbox.sessions
    assert not compile_session.spec.seccomp and run_session.spec.seccomp
    compile_request = compile_session.requests[0]
    assert compile_request.argv[0] == "gcc" and "main.c" in compile_request.argv
    assert compile_request.limits.cpu_ms == 30_000
    first = run_session.requests[0]
    assert list(first.argv) == ["/box/main"]
    assert first.stdin == problem.tests[0].input
    # The working directory is read-only (no allow_file_writing): HOME is the box's /tmp.
    assert first.env["HOME"] == "/tmp"
    assert not run_session.spec.workdir_writable


def test_a_run_gets_the_problems_limits_scaled_for_its_language(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n"], time_limit_s=1.5, memory_mb=100, output_kib=64)
    sandbox = FakeSandbox([COMPILED, *outputs(b"2\n")])
    report = judge(C_SOURCE, problem, LANGUAGES, sandbox)
    limits = sandbox.sessions[1].requests[0].limits
    assert (limits.cpu_ms, limits.wall_ms) == (1500, 3250)
    assert limits.memory_kib == 100 * 1024 and limits.address_space_limit
    assert limits.output_bytes == 64 * 1024 and limits.processes == 1
    assert report.limits is not None
    assert (report.limits.cpu_ms, report.limits.memory_kib) == (1500, 100 * 1024)


def test_java_is_named_after_its_public_class_with_a_heap_flag_and_an_overhead(
    tmp_path: Path,
) -> None:
    problem = make_problem(tmp_path, ["2\n"], memory_mb=100)
    source = b"import java.util.*;\npublic class Sum { public static void main(String[] a) {} }"
    sandbox = FakeSandbox([CannedRun(OK, files={"Sum.class": b"\xca\xfe"}), *outputs(b"2\n")])
    report = judge(SubmissionFile("a.java", source), problem, LANGUAGES, sandbox)
    assert report.classification is C.ACCEPTED
    assert "Sum.java" in sandbox.sessions[0].requests[0].argv
    run = sandbox.sessions[1].requests[0]
    assert "-Xmx100m" in run.argv and run.argv[-1] == "Sum"
    java = lang("java")
    assert run.limits.memory_kib == (100 + java.memory_overhead_mb) * 1024
    assert not run.limits.address_space_limit
    assert run.limits.cpu_ms == 1000 * java.time_factor


def test_python_runs_debians_interpreter(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n"])
    sandbox = FakeSandbox([OK, *outputs(b"2\n")])
    judge(SubmissionFile("x.py", b"print(2)\n"), problem, LANGUAGES, sandbox)
    compile_argv = sandbox.sessions[0].requests[0].argv
    run_argv = sandbox.sessions[1].requests[0].argv
    assert list(compile_argv) == ["/usr/bin/python3", "-m", "py_compile", "main.py"]
    assert list(run_argv) == ["/usr/bin/python3", "main.py"]


@pytest.mark.parametrize("run_all", [True, False])
def test_judging_runs_every_test_or_stops_at_the_first_failure_as_asked(
    tmp_path: Path, run_all: bool
) -> None:
    problem = make_problem(tmp_path, ["2\n", "4\n", "6\n", "8\n"])
    runs = outputs(b"2\n", b"4 \n", b"7\n", b"8\n")
    sandbox = FakeSandbox([COMPILED, *runs])
    calls: list[tuple[int, int]] = []
    report = judge(
        C_SOURCE,
        problem,
        LANGUAGES,
        sandbox,
        options=JudgeOptions(run_all_tests=run_all),
        progress=lambda d, t: calls.append((d, t)),
    )
    verdicts = [t.classification for t in report.tests]
    if run_all:
        assert verdicts == [C.ACCEPTED, C.PRESENTATION_ERROR, C.WRONG_ANSWER, C.ACCEPTED]
        assert report.classification is C.WRONG_ANSWER
        assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
        assert len(sandbox.sessions[1].requests) == 4
    else:
        skipped = [C.EVALUATION_SKIPPED] * 2
        assert verdicts == [C.ACCEPTED, C.PRESENTATION_ERROR, *skipped]
        assert report.classification is C.PRESENTATION_ERROR
        assert calls == [(1, 4), (2, 4), (4, 4)]
        assert len(sandbox.sessions[1].requests) == 2
        assert report.tests[3].checker_message


def test_run_verdicts_come_before_the_checker(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n"] * 6)
    crash = replace(OK, exit_code=None, signal=signal.SIGSEGV)
    runs: list[CannedRun | RunResult] = [
        CannedRun(crash, stdout=b"2\n"),  # right output, but it crashed
        CannedRun(replace(OK, exit_code=2), stdout=b"2\n"),
        CannedRun(replace(OK, exit_code=1), stderr=b"Traceback...\nMemoryError\n"),
        CannedRun(replace(OK, exit_code=None, signal=9, cpu_limit_hit=True, cpu_ms=1010)),
        CannedRun(replace(OK, output_limit_hit=True, exit_code=None, signal=signal.SIGXFSZ)),
        CannedRun(replace(OK, forbidden_call="socket", exit_code=None, signal=9)),
    ]
    report = judge(C_SOURCE, problem, LANGUAGES, FakeSandbox([COMPILED, *runs]))
    assert [t.classification for t in report.tests] == [
        C.RUNTIME_ERROR,
        C.INVALID_EXIT_VALUE,
        C.MEMORY_LIMIT_EXCEEDED,
        C.TIME_LIMIT_EXCEEDED,
        C.OUTPUT_LIMIT_EXCEEDED,
        C.INVALID_FUNCTION,
    ]
    assert report.classification is C.RUNTIME_ERROR  # the most severe across tests
    assert report.tests[0].signal == signal.SIGSEGV and report.tests[0].exit_code is None
    assert "SIGSEGV" in report.tests[0].checker_message
    assert report.tests[1].exit_code == 2
    assert "MemoryError" in report.tests[2].stderr_preview


def test_previews_are_capped(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n"])
    big = CannedRun(OK, stdout=b"x" * 100_000, stderr=b"e" * 100_000 + b"END")
    report = judge(C_SOURCE, problem, LANGUAGES, FakeSandbox([COMPILED, big]))
    test = report.tests[0]
    assert test.classification is C.WRONG_ANSWER
    assert len(test.output_preview) < 4200 and test.output_preview.startswith("xxx")
    assert len(test.stderr_preview) < 4200 and "END" in test.stderr_preview


def test_compile_error_stops_everything(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n"])
    failed = CannedRun(replace(OK, exit_code=1), stderr=b"main.c:1: error: expected ';'\n")
    sandbox = FakeSandbox([failed])
    report = judge(C_SOURCE, problem, LANGUAGES, sandbox)
    assert report.classification is C.COMPILE_TIME_ERROR
    assert report.compile is not None and not report.compile.ok
    assert "expected ';'" in report.compile.output
    assert report.compile.exit_code == 1
    assert not report.tests and len(sandbox.sessions) == 1


def test_compile_timeout_is_a_compile_error(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n"])
    slow = replace(OK, exit_code=None, signal=9, cpu_ms=30_010, cpu_limit_hit=True)
    report = judge(C_SOURCE, problem, LANGUAGES, FakeSandbox([slow]))
    assert report.classification is C.COMPILE_TIME_ERROR
    assert report.compile is not None and report.compile.timed_out
    assert "exceeded the time limit" in report.compile.output


def test_compiler_output_is_capped(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n"])
    noisy = CannedRun(replace(OK, exit_code=1), stderr=b"error\n" * 100_000)
    report = judge(C_SOURCE, problem, LANGUAGES, FakeSandbox([noisy]))
    assert report.compile is not None
    assert 64 * 1024 <= len(report.compile.output) < 65 * 1024
    assert "truncated" in report.compile.output


def test_no_program_produced_is_a_compile_error(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n"])
    report = judge(C_SOURCE, problem, LANGUAGES, FakeSandbox([OK]))
    assert report.classification is C.COMPILE_TIME_ERROR
    assert report.compile is not None and "produced no program" in report.compile.output


@pytest.mark.parametrize(
    ("strict", "diagnostics", "expected"),
    [
        (True, b"main.c:3: warning: unused variable 'x'\n", C.COMPILE_TIME_ERROR),
        (True, b"", C.ACCEPTED),
        (False, b"main.c:3: warning: unused variable 'x'\n", C.ACCEPTED),
    ],
)
def test_warnings_are_compile_errors_only_when_the_language_says_so(
    tmp_path: Path, strict: bool, diagnostics: bytes, expected: C
) -> None:
    problem = make_problem(tmp_path, ["2\n"])
    languages = [replace(lang("c"), warnings_are_errors=strict)]
    compiled = CannedRun(OK, stderr=diagnostics, files={"main": b"\x7fELF"})
    sandbox = FakeSandbox([compiled, *outputs(b"2\n")])
    report = judge(C_SOURCE, problem, languages, sandbox)
    assert report.classification is expected
    assert report.compile is not None
    assert diagnostics.decode().strip() in report.compile.output
    if expected is C.COMPILE_TIME_ERROR:
        assert "Warnings are errors" in report.compile.output


def test_admin_configured_language_is_used_as_given(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n"], memory_mb=64)
    custom = LanguageConfig(
        id="c-clang",
        name="C (clang)",
        extensions=("c",),
        compile_command="clang -O1 -o {exe} {source}",
        run_command="{dir}/{exe} --mem {memory_mb}",
        source_name="prog.{ext}",
        exe="prog",
        time_factor=3.0,
    )
    sandbox = FakeSandbox([CannedRun(OK, files={"prog": b"x"}), *outputs(b"2\n")])
    report = judge(C_SOURCE, problem, [custom], sandbox)
    assert report.classification is C.ACCEPTED and report.language == "c-clang"
    assert list(sandbox.sessions[0].requests[0].argv) == ["clang", "-O1", "-o", "prog", "prog.c"]
    run = sandbox.sessions[1].requests[0]
    assert list(run.argv) == ["/box/prog", "--mem", "64"] and run.limits.cpu_ms == 3000


@pytest.mark.parametrize("failing_run", [0, 1, 2])
def test_sandbox_failure_requires_reevaluation(tmp_path: Path, failing_run: int) -> None:
    problem = make_problem(tmp_path, ["2\n", "4\n"])
    runs: list[object] = [COMPILED, *outputs(b"2\n", b"4\n")]
    runs[failing_run] = SandboxError("supervisor vanished")
    report = judge(C_SOURCE, problem, LANGUAGES, FakeSandbox(runs))  # type: ignore[arg-type]
    assert report.classification is C.REQUIRES_REEVALUATION
    assert "supervisor vanished" in report.reason
    assert not report.tests


def test_broken_validation_requires_reevaluation(tmp_path: Path) -> None:
    problem = make_problem(
        tmp_path, ["2\n"], validation=OutputValidation(kind="mooshak", meaningful="0-9")
    )
    report = judge(C_SOURCE, problem, LANGUAGES, FakeSandbox([COMPILED]))
    assert report.classification is C.REQUIRES_REEVALUATION
    assert "validator" in report.reason


def test_missing_test_data_requires_reevaluation(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n", "4\n"])
    problem.tests[1].answer.unlink()
    report = judge(C_SOURCE, problem, LANGUAGES, FakeSandbox([COMPILED]))
    assert report.classification is C.REQUIRES_REEVALUATION
    assert "secret/2" in report.reason and "missing" in report.reason
    empty = replace(problem, tests=())
    report = judge(C_SOURCE, empty, LANGUAGES, FakeSandbox([COMPILED]))
    assert report.classification is C.REQUIRES_REEVALUATION


def test_sandbox_warnings_reach_every_report(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n"])
    notice = "UNSAFE SANDBOX: no isolation"
    report = judge(C_SOURCE, problem, LANGUAGES, FakeSandbox([COMPILED, OK], warnings=(notice,)))
    assert report.classification is C.WRONG_ANSWER
    assert report.warnings == (notice,)
    failed = CannedRun(replace(OK, exit_code=1))
    report = judge(C_SOURCE, problem, LANGUAGES, FakeSandbox([failed], warnings=(notice,)))
    assert report.classification is C.COMPILE_TIME_ERROR and report.warnings == (notice,)
    assert Report.from_dict(report.to_dict()) == report


def test_static_failures_never_touch_the_sandbox(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n"], source_size_kib=1)
    sandbox = FakeSandbox([])
    rejected = Report(C.INVALID_SUBMISSION, reason="already solved")
    for submission, pre_checks, expected in [
        (C_SOURCE, [lambda s, p: rejected], C.INVALID_SUBMISSION),
        (SubmissionFile("a.cobol", b"x"), [], C.INVALID_SUBMISSION),
        (SubmissionFile("a.c", b"x" * 1025), [], C.PROGRAM_SIZE_EXCEEDED),
    ]:
        report = judge(submission, problem, LANGUAGES, sandbox, pre_checks=pre_checks)
        assert report.classification is expected
    assert sandbox.sessions == []


def test_a_forced_language_judges_a_file_of_any_name(tmp_path: Path) -> None:
    problem = make_problem(tmp_path, ["2\n"])
    sandbox = FakeSandbox([OK, *outputs(b"2\n")])
    report = judge(
        SubmissionFile("sol.txt", b"print(2)"), problem, LANGUAGES, sandbox, language_id="python3"
    )
    assert report.classification is C.ACCEPTED and report.language == "python3"


@pytest.mark.parametrize(
    "change",
    [
        {"compile_command": "gcc -o {exe} {source} {nonsense}"},
        {"run_command": "{dir}/{exe} 'unbalanced"},
        {"run_command": ""},
        {"source_name": "{klass}.c"},
    ],
)
def test_misconfigured_language_requires_reevaluation(
    tmp_path: Path, change: dict[str, str]
) -> None:
    problem = make_problem(tmp_path, ["2\n"])
    broken = replace(lang("c"), **change)  # type: ignore[arg-type]
    report = judge(C_SOURCE, problem, [broken], FakeSandbox([COMPILED, *outputs(b"2\n")]))
    assert report.classification is C.REQUIRES_REEVALUATION
    assert "language c" in report.reason
