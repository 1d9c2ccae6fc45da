"""What a program in the box cannot see or touch, checked from both sides."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from judging.sandbox.base import RunRequest, RunResult, Sandbox, SessionSpec
from tests.judging.sandbox.conftest import LIMITS, compile_c, leftovers

pytestmark = pytest.mark.sandbox

IO = tuple[Path, Path, Path]
SECRETS = {
    "JUIZ_TEST_SECRET": "s3cr3t-juiz-7c1f",
    "DATABASE_URL": "postgres://juiz:hunter2-db@127.0.0.1/juiz",
    "SECRET_KEY": "django-insecure-k3y-9f2a",
}


def shell(sandbox: Sandbox, io: IO, script: str, seccomp: bool = True) -> tuple[RunResult, str]:
    stdin, stdout, stderr = io
    request = RunRequest(
        argv=["/bin/sh", "-c", script], limits=LIMITS, stdin=stdin, stdout=stdout, stderr=stderr
    )
    with sandbox.session(SessionSpec(seccomp=seccomp)) as session:
        result = session.run(request)
    return result, stdout.read_text() + stderr.read_text()


def test_uid_is_nobody_without_capabilities(sandbox: Sandbox, io: IO) -> None:
    result, out = shell(sandbox, io, "id -u; id -g; grep '^Cap' /proc/self/status")
    assert result.exit_code == 0, out
    lines = out.splitlines()
    assert lines[:2] == ["65534", "65534"]
    caps = dict(line.split(":\t") for line in lines[2:])
    assert set(caps) == {"CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"}
    assert set(caps.values()) == {"0000000000000000"}


def test_box_processes_run_as_nobody_on_the_host(sandbox: Sandbox) -> None:
    import psutil

    with sandbox.session(SessionSpec()) as session:
        bwrap = psutil.Process(session._proc.pid)  # type: ignore[attr-defined]
        assert os.geteuid() != 0 or bwrap.uids().real == 65534  # not host root, though we are
        assert bwrap.children()[0].uids().real == 65534


@pytest.fixture
def secret_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for key, value in SECRETS.items():
        monkeypatch.setenv(key, value)
    yield


def test_host_environment_never_reaches_the_box(sandbox: Sandbox, io: IO, secret_env: None) -> None:
    script = "cat /proc/self/environ /proc/1/environ /proc/1/cmdline; env; cat /proc/*/environ"
    _, out = shell(sandbox, io, script)
    assert "PATH=/usr/local/bin:/usr/bin:/bin" in out  # the dump worked
    for key, value in SECRETS.items():
        assert value not in out
        assert key not in out


def test_request_environment_is_all_there_is(sandbox: Sandbox, io: IO, secret_env: None) -> None:
    stdout = io[1]
    request = RunRequest(argv=["/usr/bin/env"], limits=LIMITS, stdout=stdout, env={"X": "1"})
    with sandbox.session(SessionSpec()) as session:
        assert session.run(request).exit_code == 0
    assert sorted(stdout.read_text().splitlines()) == [
        "HOME=/box",
        "LANG=C.UTF-8",
        "PATH=/usr/local/bin:/usr/bin:/bin",
        "X=1",
    ]


NETWORK = r"""#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <arpa/inet.h>
int main(int argc, char **argv) {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) { printf("socket: %s\n", strerror(errno)); return 1; }
  struct sockaddr_in a = {0};
  a.sin_family = AF_INET; a.sin_port = htons(atoi(argv[1]));
  a.sin_addr.s_addr = inet_addr("127.0.0.1");
  int r = connect(s, (struct sockaddr *)&a, sizeof a);
  printf("connect: %s\n", r == 0 ? "connected" : strerror(errno));
  return r == 0 ? 0 : 2;
}"""


@pytest.mark.parametrize("port", [5432, 6379])
def test_network_is_a_forbidden_call(sandbox: Sandbox, seed: Path, io: IO, port: int) -> None:
    compile_c(NETWORK, seed)
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        result = session.run(RunRequest(argv=["./main", str(port)], limits=LIMITS))
        assert leftovers(session) == []
    assert result.forbidden_call == "socket"
    assert result.signal == signal.SIGKILL


@pytest.mark.parametrize("port", [5432, 6379])
def test_the_network_is_unreachable_even_without_seccomp(
    sandbox: Sandbox, seed: Path, io: IO, port: int
) -> None:
    # Compilers run without seccomp: the box's network namespace has only its own loopback.
    compile_c(NETWORK, seed)
    stdout = io[1]
    with sandbox.session(SessionSpec(seed_dir=seed, seccomp=False)) as session:
        result = session.run(RunRequest(argv=["./main", str(port)], limits=LIMITS, stdout=stdout))
    assert result.exit_code == 2
    assert stdout.read_text() == "connect: Connection refused\n"


def test_shadow_and_host_files_are_not_there(sandbox: Sandbox, io: IO) -> None:
    script = (
        "cat /etc/shadow; cat /etc/passwd; ls /home /root /var/lib/postgresql /work /srv 2>&1;"
        " echo ETC; ls /etc; echo END"
    )
    _, out = shell(sandbox, io, script, seccomp=False)
    assert "cat: /etc/shadow: No such file or directory" in out
    assert "root:x:0:0:root:/root:/usr/sbin/nologin\nnobody:x:65534" in out  # the box's own
    for directory in ("/home", "/root", "/var/lib/postgresql", "/work", "/srv"):
        assert f"ls: cannot access '{directory}': No such file or directory" in out
    listed = out.split("ETC\n", 1)[1].split("END\n", 1)[0].split()
    assert "passwd" in listed
    assert not {"shadow", "gshadow", "sudoers", "ssh", "ssl"} & set(listed)


def test_test_answers_are_unreachable(sandbox: Sandbox, tmp_path: Path, io: IO) -> None:
    answer = tmp_path / "tests" / "secret" / "1.ans"
    answer.parent.mkdir(parents=True)
    answer.write_text("the-answer-8d3e\n")
    _, out = shell(sandbox, io, f"cat {answer}; ls {answer.parent}; ls {tmp_path}")
    assert "the-answer-8d3e" not in out
    assert out.count("No such file or directory") == 3


def test_writing_outside_the_box_fails(sandbox: Sandbox, tmp_path: Path, io: IO) -> None:
    canary = tmp_path / "canary"
    canary.mkdir()
    os.chmod(canary, 0o777)  # even a world-writable host directory
    targets = ["/x", "/usr/x", "/etc/x", "/dev/x", "/proc/x", "/.juiz/x", f"{canary}/x"]
    script = "; ".join(f"echo > {t} && echo WROTE {t}" for t in targets)
    script += "; echo > /proc/sys/kernel/hostname && echo WROTE hostname; exit 0"
    _, out = shell(sandbox, io, script, seccomp=False)
    assert "WROTE" not in out
    assert list(canary.iterdir()) == []


def test_only_the_tmpfs_directories_are_writable(sandbox: Sandbox, io: IO) -> None:
    script = "for d in /box /tmp /dev/shm; do echo x > $d/f && echo ok $d; done"
    _, out = shell(sandbox, io, script)
    assert out.split() == ["ok", "/box", "ok", "/tmp", "ok", "/dev/shm"]


KILL_ALL = r"""#include <signal.h>
#include <stdio.h>
int main(){ int a = kill(-1, SIGKILL); int b = kill(1, SIGKILL);
  printf("%d %d\n", a, b); return 0; }"""


def test_kill_everything_inside_does_not_hurt_the_host(
    sandbox: Sandbox, seed: Path, io: IO
) -> None:
    # The canary runs as the box's own uid (65534) on the host: only the PID namespace
    # keeps kill(-1) away from it.
    canary = subprocess.Popen(["sleep", "60"], user=65534, group=65534)
    try:
        compile_c(KILL_ALL, seed)
        stdout = io[1]
        with sandbox.session(SessionSpec(seed_dir=seed)) as session:
            first = session.run(RunRequest(argv=["./main"], limits=LIMITS, stdout=stdout))
            # kill(-1): no other process to kill; kill(1): "sent", but PID 1 ignores it.
            assert stdout.read_text() == "-1 0\n"
            second = session.run(RunRequest(argv=["./main"], limits=LIMITS, stdout=stdout))
        assert first.exit_code == 0 and second.exit_code == 0  # the supervisor survived
        time.sleep(0.1)
        assert canary.poll() is None
    finally:
        canary.kill()
        canary.wait()


DAEMON = r"""#include <stdio.h>
#include <unistd.h>
int main(){
  if (fork() == 0) { setsid(); if (fork() == 0) { for (;;) pause(); } _exit(0); }
  if (fork() == 0) { setsid(); for (;;) ; }
  printf("bye\n"); return 0; }"""


def test_daemons_do_not_outlive_the_run(sandbox: Sandbox, seed: Path, io: IO) -> None:
    compile_c(DAEMON, seed)
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        result = session.run(RunRequest(argv=["./main"], limits=LIMITS, stdout=io[1]))
        assert result.exit_code == 0
        assert leftovers(session) == []
        assert not result.cpu_limit_hit  # the spinning one was killed when main returned


def test_processes_of_the_box_are_invisible(sandbox: Sandbox, io: IO) -> None:
    # The shell counts by itself: `ls /proc | grep -c` saw grep or not, as the two raced.
    _, out = shell(sandbox, io, "set -- /proc/[0-9]*; echo $#; hostname")
    assert out.split() == ["2", "juiz"]  # the supervisor and sh


def test_the_supervisor_is_out_of_reach(sandbox: Sandbox, io: IO) -> None:
    # Same uid as the programs, so only "not dumpable" keeps them from its memory and files.
    probes = ["cat /proc/1/environ", "ls /proc/1/fd", "head -c1 /proc/1/mem", "ls /proc/1/root"]
    script = "; ".join(f"{p} >/dev/null 2>&1 && echo REACHED {p}" for p in probes)
    for seccomp in (True, False):
        _, out = shell(sandbox, io, script + "; echo checked", seccomp=seccomp)
        assert out == "checked\n"


@pytest.mark.parametrize("writable", [True, False])
def test_the_workdir_is_writable_only_when_the_session_says_so(
    sandbox: Sandbox, seed: Path, io: IO, writable: bool
) -> None:
    (seed / "given.txt").write_text("seed\n")
    stdin, stdout, stderr = io
    script = "echo x > made.txt && echo made; echo y > /tmp/t && echo tmp; cat given.txt"
    request = RunRequest(
        argv=["/bin/sh", "-c", script], limits=LIMITS, stdin=stdin, stdout=stdout, stderr=stderr
    )
    spec = SessionSpec(seed_dir=seed, workdir_writable=writable)
    with sandbox.session(spec) as session:
        session.run(request)
    assert stdout.read_text() == ("made\n" if writable else "") + "tmp\nseed\n"
