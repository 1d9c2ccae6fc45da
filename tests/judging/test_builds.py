"""Builds reused across judgings (judging/builds.py) with the FakeSandbox: the second judging of
the same source does not compile, and any change of what the compiler sees or is is a fresh
compile under another key."""

from __future__ import annotations

import json
import stat
from dataclasses import replace
from pathlib import Path

from judging import builds
from judging.builds import BuildCache, evict
from judging.classification import Classification as C
from judging.engine import SubmissionFile, judge
from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.model import TestCase as DataCase
from judging.report import Report
from judging.sandbox.base import RunRequest, RunResult
from judging.sandbox.fake import CannedRun, FakeSandbox

OK = RunResult(exit_code=0, signal=None, cpu_ms=5, wall_ms=6, memory_kib=1000)
SOURCE = SubmissionFile("sum.c", b"int main(void) { return 0; }\n")
C_LANGUAGE = registry.get("c")
assert C_LANGUAGE is not None


class Judge:
    """A fake machine that counts the compiler's runs: a compile leaves ./main, every test
    prints 2; a compile of a source containing "error" fails with a diagnostic."""

    def __init__(self, tmp_path: Path) -> None:
        self.compiles = 0
        given, expected = tmp_path / "1.in", tmp_path / "1.ans"
        given.write_text("1 1\n")
        expected.write_text("2\n")
        self.problem = Problem(
            id="sum", name="Sum", time_limit_s=1.0, tests=(DataCase("1", given, expected),)
        )
        self.sandbox = FakeSandbox(self._run)
        self.cache = BuildCache(tmp_path / "builds")

    def _run(self, request: RunRequest) -> CannedRun:
        if request.argv[0] != "/box/main":
            self.compiles += 1
            session = self.sandbox.sessions[-1]
            assert session.spec.seed_dir is not None
            source = b"".join(p.read_bytes() for p in session.spec.seed_dir.iterdir())
            if b"error" in source:
                return CannedRun(replace(OK, exit_code=1), stderr=b"main.c:1: error: nope\n")
            return CannedRun(OK, files={"main": b"\x7fELF" + source[:8]})
        return CannedRun(OK, stdout=b"2\n")

    def __call__(
        self,
        source: SubmissionFile = SOURCE,
        language: LanguageConfig = C_LANGUAGE,
        cache: BuildCache | None = None,
    ) -> Report:
        return judge(source, self.problem, [language], self.sandbox, builds=cache or self.cache)


def test_the_second_judging_of_a_source_reuses_its_build(tmp_path: Path) -> None:
    judging = Judge(tmp_path)
    first, second = judging(), judging()
    assert judging.compiles == 1
    assert first.classification is second.classification is C.ACCEPTED
    assert first.compile is not None and second.compile is not None
    assert not first.compile.build_reused and second.compile.build_reused
    assert first.compile.build_key == second.compile.build_key != ""


def test_a_reused_build_runs_the_stored_program(tmp_path: Path) -> None:
    judging = Judge(tmp_path)
    judging()
    seen: list[bytes] = []
    original = judging._run

    def spy(request: RunRequest) -> CannedRun:
        seed = judging.sandbox.sessions[-1].spec.seed_dir
        if request.argv[0] == "/box/main" and seed is not None:
            seen.append((seed / "main").read_bytes())
        return original(request)

    judging.sandbox = FakeSandbox(spy)
    judging()
    assert seen == [b"\x7fELFint main"] and judging.compiles == 1


def test_a_compile_error_is_reused_with_the_same_report(tmp_path: Path) -> None:
    judging = Judge(tmp_path)
    broken = SubmissionFile("sum.c", b"int main(void) { error }\n")
    first, second = judging(broken), judging(broken)
    assert judging.compiles == 1
    assert first.classification is second.classification is C.COMPILE_TIME_ERROR
    assert first.compile is not None and second.compile is not None
    assert second.compile.output == first.compile.output
    assert "main.c:1: error: nope" in second.compile.output
    assert second.compile.build_reused


def test_another_source_is_another_build(tmp_path: Path) -> None:
    judging = Judge(tmp_path)
    judging()
    other = judging(SubmissionFile("sum.c", b"int main(void) { return 0; } \n"))
    assert judging.compiles == 2
    assert other.compile is not None and not other.compile.build_reused


def test_a_changed_included_file_is_another_build(tmp_path: Path) -> None:
    """The problem's include/<language>/ files (a grader's header, say) are laid out with the
    submission, so they are in the key."""
    judging = Judge(tmp_path)
    include = tmp_path / "include" / "c"
    include.mkdir(parents=True)
    (include / "grader.h").write_text("#define N 1\n")
    judging.problem = replace(judging.problem, includes=(("c", include),))
    first = judging()
    again = judging()
    (include / "grader.h").write_text("#define N 2\n")
    changed = judging()
    assert judging.compiles == 2
    assert again.compile is not None and again.compile.build_reused
    assert first.compile is not None and changed.compile is not None
    assert not changed.compile.build_reused
    assert changed.compile.build_key != first.compile.build_key


def test_changed_flags_are_a_new_key_and_a_fresh_compile(tmp_path: Path) -> None:
    judging = Judge(tmp_path)
    first = judging()
    assert C_LANGUAGE.compile_command is not None
    flags = replace(C_LANGUAGE, compile_command=C_LANGUAGE.compile_command.replace("-O2", "-O1"))
    changed = judging(language=flags)
    assert judging.compiles == 2
    assert first.compile is not None and changed.compile is not None
    assert not changed.compile.build_reused
    assert changed.compile.build_key != first.compile.build_key
    again = judging()  # the first configuration still has its own build
    assert judging.compiles == 2 and again.compile is not None and again.compile.build_reused


def test_a_changed_compiler_version_is_a_new_key_and_a_fresh_compile(tmp_path: Path) -> None:
    compiler = tmp_path / "bin" / "juizcc"
    compiler.parent.mkdir()

    def install(version: str) -> None:
        compiler.write_text(f"#!/bin/sh\necho 'juizcc {version}'\n")
        compiler.chmod(compiler.stat().st_mode | stat.S_IXUSR)

    language = replace(
        C_LANGUAGE,
        compile_command=f"{compiler} -o {{exe}} {{source}}",
        version_command=f"{compiler} --version",
    )
    judging = Judge(tmp_path)
    install("1.0")
    first = judging(language=language)
    install("2.0")
    upgraded = judging(language=language)
    assert judging.compiles == 2
    assert first.compile is not None and upgraded.compile is not None
    assert not upgraded.compile.build_reused
    assert upgraded.compile.build_key != first.compile.build_key


def test_a_new_worker_asks_the_version_again(tmp_path: Path) -> None:
    """The version's answer is kept per binary state (path, size, mtime, inode) in the process;
    a worker started after the toolchain changed asks again, and its answer is in the key."""
    version = tmp_path / "version.txt"
    version.write_text("1.0\n")
    language = replace(C_LANGUAGE, version_command=f"cat {version}")
    judging = Judge(tmp_path)
    first = judging(language=language)
    version.write_text("2.0\n")
    builds._versions.clear()  # a new worker process
    changed = judging(language=language)
    assert judging.compiles == 2
    assert first.compile is not None and changed.compile is not None
    assert changed.compile.build_key != first.compile.build_key


def test_rebuild_compiles_afresh_and_the_next_judging_reuses_the_new_build(
    tmp_path: Path,
) -> None:
    judging = Judge(tmp_path)
    judging()
    rebuilt = judging(cache=replace(judging.cache, reuse=False))
    assert judging.compiles == 2
    assert rebuilt.compile is not None and not rebuilt.compile.build_reused
    after = judging()
    assert judging.compiles == 2 and after.compile is not None and after.compile.build_reused


def test_without_a_cache_every_judging_compiles(tmp_path: Path) -> None:
    judging = Judge(tmp_path)
    for _ in range(2):
        judge(SOURCE, judging.problem, [C_LANGUAGE], judging.sandbox)
    assert judging.compiles == 2 and not (tmp_path / "builds").exists()


def test_a_compile_stopped_by_a_limit_is_not_stored(tmp_path: Path) -> None:
    judging = Judge(tmp_path)
    timed_out = replace(OK, exit_code=None, signal=9, cpu_limit_hit=True)
    judging.sandbox = FakeSandbox([timed_out, timed_out])
    for _ in range(2):
        report = judging()
        assert report.classification is C.COMPILE_TIME_ERROR
    assert len(judging.sandbox.sessions) == 2


def test_eviction_drops_the_least_recently_used_builds_first(tmp_path: Path) -> None:
    judging = Judge(tmp_path)
    sources = [SubmissionFile("sum.c", b"int main(void) { return %d; }\n" % i) for i in range(3)]
    keys = []
    for source in sources:
        report = judging(source)
        assert report.compile is not None
        keys.append(report.compile.build_key)
    judging(sources[0])  # used again: the most recent
    metas = list((tmp_path / "builds").glob("??/*/meta.json"))
    one = max(json.loads(m.read_text())["bytes"] for m in metas)
    assert evict(replace(judging.cache, max_bytes=one)) == 2
    left = [m.parent.name for m in (tmp_path / "builds").glob("??/*/meta.json")]
    assert left == [keys[0]]


def test_a_new_memory_limit_reuses_the_build_and_runs_under_the_new_limit(
    tmp_path: Path,
) -> None:
    judging = Judge(tmp_path)
    judging()
    judging.problem = replace(judging.problem, memory_mb=64)
    report = judging()
    assert judging.compiles == 1 and report.compile is not None and report.compile.build_reused
    assert report.limits is not None and report.limits.memory_kib < 256 * 1024
    run = judging.sandbox.requests[-1]
    assert run.argv[0] == "/box/main" and run.limits.memory_kib == report.limits.memory_kib


def test_a_cache_that_cannot_be_written_still_judges(tmp_path: Path) -> None:
    judging = Judge(tmp_path)
    (tmp_path / "builds").write_text("not a directory")
    reports = [judging(), judging()]
    assert [r.classification for r in reports] == [C.ACCEPTED, C.ACCEPTED]
    assert judging.compiles == 2
