"""The one compile step (judging/steps/compile.py) with the FakeSandbox: whatever grader gives
the sources, they are laid out, compiled in the same box, and judged by the same rules."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from judging.languages import registry
from judging.sandbox.base import Mount, RunResult
from judging.sandbox.fake import CannedRun, FakeSandbox
from judging.steps.compile import COMPILE_LIMITS, Sources, compile_sources

OK = RunResult(exit_code=0, signal=None, cpu_ms=5, wall_ms=6, memory_kib=1000)
C_LANGUAGE = registry.get("c")
assert C_LANGUAGE is not None


def sources(**fields: object) -> Sources:
    def write(directory: Path) -> None:
        (directory / "main.c").write_text("int main(void) { return 0; }\n")

    defaults: dict[str, object] = {
        "write": write,
        "command": "cc -o {exe} main.c",
        "values": {"exe": "prog"},
        "program": "prog",
    }
    return Sources(**{**defaults, **fields})  # type: ignore[arg-type]


def test_nothing_to_compile_lays_the_sources_out_without_a_box(tmp_path: Path) -> None:
    sandbox = FakeSandbox([])
    build = compile_sources(sandbox, C_LANGUAGE, sources(command=None), tmp_path, None)
    assert build.ok and build.report is None and build.values == {"exe": "prog"}
    assert (build.directory / "main.c").is_file() and sandbox.sessions == []


def test_the_compiler_runs_in_its_box_with_the_graders_mounts(tmp_path: Path) -> None:
    extra = Mount(tmp_path, "/opt/extra")
    sandbox = FakeSandbox([CannedRun(OK, files={"prog": b"\x7fELF"})])
    language = replace(C_LANGUAGE, compile_processes=7)
    build = compile_sources(sandbox, language, sources(mounts=(extra,)), tmp_path / "w", None)
    assert build.ok and build.report is not None and build.report.output == ""
    assert (build.directory / "prog").read_bytes() == b"\x7fELF"
    session = sandbox.sessions[0]
    assert extra in session.spec.mounts and not session.spec.seccomp
    request = session.requests[0]
    assert list(request.argv) == ["cc", "-o", "prog", "main.c"]
    assert request.limits.cpu_ms == COMPILE_LIMITS.cpu_ms and request.limits.processes == 7
    assert request.env["HOME"] == "/tmp"


def test_a_failure_keeps_stdout_then_stderr_and_the_judges_note(tmp_path: Path) -> None:
    failed = CannedRun(replace(OK, exit_code=1), stdout=b"note", stderr=b"main.c:1: error\n")
    build = compile_sources(FakeSandbox([failed]), C_LANGUAGE, sources(), tmp_path, None)
    assert not build.ok and build.report is not None and build.report.exit_code == 1
    assert build.report.output == (
        "note\nmain.c:1: error\n[judge] The compiler failed (exit code 1)."
    )


def test_the_grader_says_which_program_must_be_left(tmp_path: Path) -> None:
    run = CannedRun(OK)  # succeeds, writes nothing
    missing = compile_sources(FakeSandbox([run]), C_LANGUAGE, sources(), tmp_path / "a", None)
    assert missing.report is not None and "produced no program (prog)" in missing.report.output
    harness = compile_sources(
        FakeSandbox([run]), C_LANGUAGE, sources(program=None), tmp_path / "b", None
    )
    assert harness.ok


def test_warnings_are_errors_only_when_the_grader_says_so(tmp_path: Path) -> None:
    noisy = CannedRun(OK, stderr=b"warning: x\n", files={"prog": b"x"})
    lenient = compile_sources(FakeSandbox([noisy]), C_LANGUAGE, sources(), tmp_path / "a", None)
    assert lenient.ok and lenient.report is not None and "warning: x" in lenient.report.output
    strict = sources(warnings_are_errors=True)
    failed = compile_sources(FakeSandbox([noisy]), C_LANGUAGE, strict, tmp_path / "b", None)
    assert not failed.ok and failed.report is not None
    assert "Warnings are errors" in failed.report.output
