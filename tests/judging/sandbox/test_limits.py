"""Resource limits of the real sandbox: each limit is hit, reported, and cleaned up after."""

from __future__ import annotations

import signal
from dataclasses import replace
from pathlib import Path

import pytest

from judging.sandbox.base import RunRequest, RunResult, Sandbox, SessionSpec
from tests.judging.sandbox.conftest import LIMITS, compile_c, leftovers

pytestmark = pytest.mark.sandbox

IO = tuple[Path, Path, Path]


def run_c(sandbox: Sandbox, seed: Path, io: IO, source: str, **limits: object) -> RunResult:
    compile_c(source, seed)
    stdin, stdout, stderr = io
    request = RunRequest(
        argv=["./main"], limits=replace(LIMITS, **limits), stdin=stdin, stdout=stdout, stderr=stderr
    )
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        result = session.run(request)
        assert leftovers(session) == []
    return result


def test_an_endless_loop_hits_the_cpu_limit_before_the_wall_limit(
    sandbox: Sandbox, seed: Path, io: IO
) -> None:
    # A generous wall limit: on a loaded machine the CPU limit must still come first.
    result = run_c(sandbox, seed, io, "int main(){volatile long x=0; for(;;) x++;}", wall_ms=20_000)
    assert result.cpu_limit_hit and not result.wall_limit_hit
    assert result.signal == signal.SIGKILL
    assert result.cpu_ms >= 950  # rusage and the cgroup counter differ by a few ms


def test_cpu_limit_counts_every_process(sandbox: Sandbox, seed: Path, io: IO) -> None:
    # Four spinning processes share the 1 s: the box's CPU, not one process's, is limited
    # (each process alone stays far below RLIMIT_CPU when it is stopped).
    source = "#include <unistd.h>\nint main(){fork();fork(); volatile long x=0; for(;;) x++;}"
    result = run_c(sandbox, seed, io, source, wall_ms=20_000)
    assert result.cpu_limit_hit and not result.wall_limit_hit
    assert result.cpu_ms >= 950


def test_sleeping_forever_hits_the_wall_limit(sandbox: Sandbox, seed: Path, io: IO) -> None:
    result = run_c(sandbox, seed, io, "#include <unistd.h>\nint main(){for(;;) sleep(100);}")
    assert result.wall_limit_hit and not result.cpu_limit_hit
    assert result.wall_ms >= 2000


HOG = """#include <stdlib.h>
#include <string.h>
int main(){ for(;;){ char *p = malloc(1 << 20); if(!p) return 7; memset(p, 1, 1 << 20); } }"""


@pytest.mark.parametrize("address_space_limit", [True, False])
def test_a_memory_hog_is_killed_at_the_memory_limit(
    sandbox: Sandbox, seed: Path, io: IO, address_space_limit: bool
) -> None:
    result = run_c(sandbox, seed, io, HOG, address_space_limit=address_space_limit)
    assert result.memory_limit_hit
    assert result.signal == signal.SIGKILL  # the cgroup's OOM killer, not a failed malloc
    assert result.memory_kib >= LIMITS.memory_kib * 0.9


def test_gigabytes_of_output_are_cut_off_and_the_program_goes_on(
    sandbox: Sandbox, seed: Path, io: IO
) -> None:
    # Past the cap a write fails (EFBIG) instead of killing: a flood that never ends runs into
    # the time limit (DOMjudge's TIMELIMIT for its test-fill-stdout), one that ends is OLE.
    source = """#include <stdio.h>
#include <string.h>
int main(){ static char b[1<<16]; memset(b,'a',sizeof b); for(;;) fwrite(b,1,sizeof b,stdout); }"""
    result = run_c(sandbox, seed, io, source)
    assert result.output_limit_hit
    assert result.signal != signal.SIGXFSZ and (result.cpu_limit_hit or result.wall_limit_hit)
    assert io[1].stat().st_size == LIMITS.output_bytes


def test_fork_bomb_is_contained_and_cleaned(sandbox: Sandbox, seed: Path, io: IO) -> None:
    source = "#include <unistd.h>\nint main(){ for(;;) fork(); }"
    result = run_c(sandbox, seed, io, source, processes=16)
    # Stopped by a limit, and nothing left (leftovers() is checked inside). Usually the time
    # limit; in scripts/test-cgroup2.sh's emulated guest (cgroup v2, which charges the kernel
    # memory of every fork attempt to the box) the bomb once reached memory.max first.
    assert result.signal == signal.SIGKILL
    assert result.cpu_limit_hit or result.wall_limit_hit or result.memory_limit_hit


def test_process_limit_is_exact(sandbox: Sandbox, seed: Path, io: IO) -> None:
    source = r"""#include <stdio.h>
#include <unistd.h>
int main(){ int n = 0; while (n < 100) { pid_t p = fork(); if (p == 0) { pause(); }
  if (p < 0) break; n++; } printf("%d\n", n); return 0; }"""
    result = run_c(sandbox, seed, io, source, processes=5)
    assert result.exit_code == 0
    assert io[1].read_text() == "4\n"  # 5 processes: the program and 4 children


def test_runaway_recursion_ends_at_the_memory_limit(sandbox: Sandbox, seed: Path, io: IO) -> None:
    source = """#include <stdio.h>
int f(int n){ volatile char buf[256]; buf[0] = n; return f(n + 1) + buf[0]; }
int main(){ printf("%d\\n", f(0)); }"""
    result = run_c(sandbox, seed, io, source, memory_kib=256 * 1024)
    assert result.memory_limit_hit or result.signal == signal.SIGSEGV
    assert result.memory_kib >= 200 * 1024  # the stack got the memory, not a fixed share of it


def test_the_stack_may_use_the_memory_the_problem_grants(
    sandbox: Sandbox, seed: Path, io: IO
) -> None:
    # 160 MiB deep (a DFS over a path of millions of nodes), under a 256 MiB limit.
    source = """#include <stdio.h>
int f(int n){ volatile char buf[1024]; buf[0] = 1; return n ? f(n - 1) + buf[0] : 0; }
int main(){ printf("%d\\n", f(160 * 1024)); }"""
    result = run_c(sandbox, seed, io, source, memory_kib=256 * 1024, cpu_ms=5000, wall_ms=10_000)
    assert result.ok, result
    assert io[1].read_text() == f"{160 * 1024}\n"


def test_threads_get_the_default_two_mib_stack(sandbox: Sandbox, seed: Path, io: IO) -> None:
    # glibc gives a thread RLIMIT_STACK's size unless it is unlimited; DOMjudge's
    # test-multithread.c checks for its 2 MiB default.
    source = """#include <pthread.h>
#include <stdio.h>
static void *run(void *arg){ pthread_attr_t a; size_t s; pthread_getattr_default_np(&a);
  pthread_attr_getstacksize(&a, &s); printf("%zu\\n", s); return arg; }
int main(){ pthread_t t; pthread_create(&t, NULL, run, NULL); pthread_join(t, NULL); }"""
    compile_c(source, seed)
    stdin, stdout, stderr = io
    limits = replace(LIMITS, processes=4)
    request = RunRequest(argv=["./main"], limits=limits, stdin=stdin, stdout=stdout, stderr=stderr)
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        result = session.run(request)
    assert result.ok, stderr.read_text()
    assert stdout.read_text() == f"{2 * 1024 * 1024}\n"


def test_filling_the_disk_is_capped_by_the_tmpfs(sandbox: Sandbox, seed: Path, io: IO) -> None:
    source = r"""#include <stdio.h>
#include <string.h>
int main(){ static char b[1<<20]; memset(b, 1, sizeof b); long total = 0;
  for (int i = 0;; i++) { char n[32]; sprintf(n, "f%d", i); FILE *f = fopen(n, "w");
    if (!f) break; size_t w = fwrite(b, 1, sizeof b, f); total += w;
    if (fclose(f) != 0 || w < sizeof b) break; }
  printf("%ld\n", total); return 0; }"""
    result = run_c(sandbox, seed, io, source, memory_kib=256 * 1024)
    assert result.exit_code == 0
    written = int(io[1].read_text())
    assert 60 << 20 <= written <= SessionSpec().workdir_size_bytes


def test_filling_memory_with_files_cannot_break_the_box(sandbox: Sandbox, io: IO) -> None:
    # tmpfs pages are charged to the box but to no process: with the kernel's OOM killer the
    # victim could be the supervisor. The box must survive and go on working.
    fill = "dd if=/dev/zero of=/box/a bs=1M count=40; dd if=/dev/zero of=/tmp/b bs=1M count=40"
    small = replace(LIMITS, memory_kib=48 * 1024, output_bytes=64 << 20)
    with sandbox.session(SessionSpec()) as session:
        filled = session.run(RunRequest(argv=["/bin/sh", "-c", fill], limits=small))
        assert filled.memory_kib >= 40 * 1024
        after = session.run(RunRequest(argv=["/bin/sh", "-c", "ls /box /tmp"], limits=small))
        assert after.ok and leftovers(session) == []


def test_open_files_are_limited_and_no_core_file_is_written(
    sandbox: Sandbox, seed: Path, io: IO
) -> None:
    # Opens /dev/null until refused, then crashes: the count shows the descriptor limit and
    # RLIMIT_CORE 0 means the crash leaves no core file in the (writable) box directory.
    source = r"""#include <fcntl.h>
#include <stdio.h>
#include <signal.h>
#include <sys/resource.h>
int main(){ int n = 0; while (n < 10000 && open("/dev/null", O_RDONLY) >= 0) n++;
  struct rlimit core; getrlimit(RLIMIT_CORE, &core);
  printf("%d %ld\n", n, (long)core.rlim_max); fflush(stdout); raise(SIGSEGV); return 0; }"""
    result = run_c(sandbox, seed, io, source, open_files=20)
    assert result.signal == signal.SIGSEGV
    opened, core_max = map(int, io[1].read_text().split())
    assert opened == 20 - 3  # stdin, stdout and stderr are open already
    assert core_max == 0
