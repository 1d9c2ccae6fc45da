"""Language runtimes start and work under the seccomp policy; forbidden calls are named."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from judging.sandbox.base import RunRequest, RunResult, Sandbox, SessionSpec
from tests.judging.sandbox.conftest import LIMITS, compile_c

pytestmark = pytest.mark.sandbox

IO = tuple[Path, Path, Path]
# Runtimes with threads and big reservations: heap flags and the cgroup limit them.
RUNTIME_LIMITS = replace(
    LIMITS, cpu_ms=5000, wall_ms=20_000, memory_kib=512 * 1024, processes=64,
    address_space_limit=False,
)  # fmt: skip


def run(sandbox: Sandbox, seed: Path, io: IO, argv: list[str], **limits: object) -> RunResult:
    stdin, stdout, stderr = io
    request = RunRequest(
        argv=argv, limits=replace(RUNTIME_LIMITS, **limits), stdin=stdin, stdout=stdout,
        stderr=stderr,
    )  # fmt: skip
    with sandbox.session(SessionSpec(seed_dir=seed, seccomp=True)) as session:
        return session.run(request)


def test_python_runs_with_its_standard_library_under_an_address_space_limit(
    sandbox: Sandbox, seed: Path, io: IO
) -> None:
    (seed / "main.py").write_text("import sys, json, re, collections\nprint(2 * int(input()))\n")
    result = run(sandbox, seed, io, ["/usr/bin/python3", "main.py"], address_space_limit=True)
    assert result.ok, io[2].read_text()
    assert io[1].read_text() == "42\n"


def test_python_threads_and_socketpairs_work(sandbox: Sandbox, seed: Path, io: IO) -> None:
    # AF_UNIX stays allowed: runtimes use socketpairs internally.
    (seed / "main.py").write_text(
        "import socket, threading\n"
        "a, b = socket.socketpair()\n"
        "t = threading.Thread(target=lambda: a.sendall(b'42\\n'))\n"
        "t.start(); t.join()\n"
        "print(b.recv(10).decode(), end='')\n"
    )
    result = run(sandbox, seed, io, ["/usr/bin/python3", "main.py"])
    assert result.ok, io[2].read_text()
    assert io[1].read_text() == "42\n"


def test_java_runs_with_its_parallel_streams(sandbox: Sandbox, seed: Path, io: IO) -> None:
    source = seed.parent / "Main.java"
    source.write_text(
        "import java.util.*;\n"
        "public class Main { public static void main(String[] a) {\n"
        "  Scanner s = new Scanner(System.in); List<Integer> l = new ArrayList<>();\n"
        "  l.add(2 * s.nextInt()); l.parallelStream().forEach(System.out::println); } }\n"
    )
    subprocess.run(["javac", "-d", str(seed), str(source)], check=True)
    argv = ["java", "-Xmx256m", "-Xss64m", "-cp", ".", "Main"]
    result = run(sandbox, seed, io, argv)
    assert result.ok, io[2].read_text()
    assert io[1].read_text() == "42\n"


def test_node_runs_and_reads_its_input(sandbox: Sandbox, seed: Path, io: IO) -> None:
    (seed / "main.js").write_text(
        "const n = parseInt(require('fs').readFileSync(0, 'utf8'));\nconsole.log(2 * n);\n"
    )
    result = run(sandbox, seed, io, ["node", "--max-old-space-size=256", "main.js"])
    assert result.ok, io[2].read_text()
    assert io[1].read_text() == "42\n"


FORBIDDEN = r"""#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <unistd.h>
int main(int argc, char **argv) {
  const char *what = argv[1];
  if (!strcmp(what, "ptrace")) ptrace(PTRACE_TRACEME, 0, 0, 0);
  if (!strcmp(what, "unshare")) unshare(CLONE_NEWNS);
  if (!strcmp(what, "mount")) mount("none", "/tmp", "tmpfs", 0, 0);
  if (!strcmp(what, "socket")) socket(AF_INET6, SOCK_DGRAM, 0);
  if (!strcmp(what, "netlink")) socket(AF_NETLINK, SOCK_RAW, 0);
  if (!strcmp(what, "unix")) { int s = socket(AF_UNIX, SOCK_STREAM, 0); printf("%d\n", s >= 0); }
  return 0;
}"""


@pytest.mark.parametrize(
    ("call", "expected"),
    [("ptrace", "ptrace"), ("unshare", "unshare"), ("mount", "mount"), ("socket", "socket"),
     ("netlink", "socket")],
)  # fmt: skip
def test_forbidden_calls_are_named(
    sandbox: Sandbox, seed: Path, io: IO, call: str, expected: str
) -> None:
    compile_c(FORBIDDEN, seed)
    result = run(sandbox, seed, io, ["./main", call], **vars(LIMITS))
    assert result.forbidden_call == expected
    assert result.exit_code is None


def test_unix_sockets_are_allowed(sandbox: Sandbox, seed: Path, io: IO) -> None:
    compile_c(FORBIDDEN, seed)
    result = run(sandbox, seed, io, ["./main", "unix"], **vars(LIMITS))
    assert result.ok and result.forbidden_call is None
    assert io[1].read_text() == "1\n"


def test_compilers_run_without_seccomp(sandbox: Sandbox, seed: Path, io: IO) -> None:
    compile_c(FORBIDDEN, seed)
    with sandbox.session(SessionSpec(seed_dir=seed, seccomp=False)) as session:
        result = session.run(RunRequest(argv=["./main", "socket"], limits=LIMITS))
    assert result.ok and result.forbidden_call is None


def test_foreign_abi_calls_are_forbidden(sandbox: Sandbox, seed: Path, io: IO) -> None:
    # An i386 system call from a 64-bit program would bypass an x86-64-only filter.
    source = 'int main(){ int r; __asm__ volatile("int $0x80" : "=a"(r) : "a"(20)); return 0; }'
    compile_c(source, seed)
    result = run(sandbox, seed, io, ["./main"], **vars(LIMITS))
    assert result.forbidden_call == "system call of a foreign ABI"
