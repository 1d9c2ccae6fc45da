"""The Java harness's own reading of the payload and its CPU clock, run as a plain JVM process
(the harness is Juiz's code; the sandbox's side is tested with real solutions elsewhere).

The harness reads the payload's UTF-8 bytes and streams its "cases", which must be the last
member; its thread CPU clock is a JNI library, with java.management as the fallback."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from pathlib import Path
from typing import Any

import pytest

from judging.functions import casefile, runner
from judging.functions.adapters.java import ADAPTER, CLASSES, JAR, home
from judging.kit import Kit

KIT = Kit.of_checkout()
NONCE = "ab" * 16
SOLUTION = """class Solution {
    public String shout(String s, long[] xs) {
        System.out.print("out " + xs.length + ";");  // buffered: the harness flushes it
        System.err.print("err " + xs.length + ";");  // no newline: not flushed by println
        long sum = 0;
        for (long x : xs) sum += x;
        return s.toUpperCase() + sum;
    }
}
"""
PROBLEM = casefile.parse(
    {
        "id": "shout",
        "title": "Shout",
        "kind": "function",
        "entry": "shout",
        "argTypes": ["string", "long[]"],
        "returnType": "string",
        "cases": [
            {"name": "plain", "args": ["abc", [1, 2, 3]], "expected": "ABC6"},
            {"name": "accents", "args": ["héllo wörld 😀", [-5, 12345678901234]], "expected": "x"},
            {"name": "escapes", "args": ['q"\\\n\t', []], "expected": 'Q"\\\n\t0', "hidden": True},
        ],
    }
)


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("java-harness")
    ADAPTER.prepare(PROBLEM.harness_manifest(), SOLUTION.encode(), directory, KIT)
    (directory / "classes").mkdir()
    assert ADAPTER.compile_command is not None
    command = ADAPTER.compile_command.format(dir=directory, harness_home=home(KIT))
    built = subprocess.run(shlex.split(command), capture_output=True, text=True, check=False)
    assert built.returncode == 0 and not built.stderr, built.stderr
    return directory


def run_argv(directory: Path, *jvm: str) -> list[str]:
    """The run command, with `jvm` options before the class path (a later -D wins)."""
    command = ADAPTER.run_command.format(memory_mb=256, dir=directory, harness_home=home(KIT))
    argv = shlex.split(command)
    at = argv.index("-cp")
    argv[at:at] = jvm
    return argv


def run(directory: Path, payload: bytes, *jvm: str) -> subprocess.CompletedProcess[bytes]:
    argv = run_argv(directory, *jvm)
    return subprocess.run(argv, input=payload, capture_output=True, check=False, timeout=60)


def records(out: bytes) -> list[dict[str, Any]]:
    """The protocol's lines (the JVM's own lines, such as its directives count, are not)."""
    lines = [line for line in out.splitlines() if line.startswith(b"LLJUDGE")]
    return [json.loads(line.split(b" ", 1)[1]) for line in lines]


def test_the_host_writes_the_cases_last() -> None:
    body = json.loads(runner.payload(PROBLEM, PROBLEM.cases, NONCE))
    assert list(body)[-1] == "cases"


def test_cases_are_read_in_order_from_utf8_with_escapes(classes: Path) -> None:
    done = run(classes, runner.payload(PROBLEM, PROBLEM.cases, NONCE))
    assert done.returncode == 0, done.stderr
    *cases, summary = records(done.stdout)
    assert [c["got"] for c in cases] == ["ABC6", "HÉLLO WÖRLD 😀12345678901229", 'Q"\\\n\t0']
    assert [c["status"] for c in cases] == ["pass", "fail", "done"]
    assert all(c["nonce"] == NONCE and c["cpuMs"] >= 0 for c in cases)
    assert summary == {"nonce": NONCE, "passed": 1, "total": 3}


def test_the_solutions_unflushed_output_survives_the_quick_exit(classes: Path) -> None:
    """The harness leaves by _exit (native/juiz_native.c), after flushing what the solution
    printed to System.out (sent to stderr) and System.err, to the last case's."""
    done = run(classes, runner.payload(PROBLEM, PROBLEM.cases, NONCE))
    assert done.returncode == 0, done.stderr
    printed = done.stderr.decode()
    for part in ("out 3;", "err 2;", "out 0;", "err 0;"):
        assert part in printed, printed


def test_an_empty_list_of_cases_gives_only_the_summary(classes: Path) -> None:
    done = run(classes, runner.payload(PROBLEM, [], NONCE))
    assert done.returncode == 0, done.stderr
    assert records(done.stdout) == [{"nonce": NONCE, "passed": 0, "total": 0}]


MANIFEST = json.dumps(PROBLEM.harness_manifest())


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        ('{"nonce":"n","cases":[],"manifest":%s}', b"must be the payload's last member"),
        ('{"nonce":"n","manifest":%s,"cases":[]} x', b"must be the payload's last member"),
        ('{"nonce":"n","manifest":%s}', b"the payload has no cases"),
        ('{"nonce":"n","manifest":%s,"cases":[{"i":0,"name":"a","args":["x",[1', b"end of input"),
    ],
)
def test_a_malformed_payload_is_refused_with_its_reason(
    classes: Path, payload: str, why: bytes
) -> None:
    done = run(classes, (payload % MANIFEST).encode())
    assert done.returncode != 0 and b"LLJUDGE" not in done.stdout
    assert why in done.stderr, done.stderr


def test_the_cpu_clock_is_native_and_loads_no_management_class(
    classes: Path, tmp_path: Path
) -> None:
    log = tmp_path / "classes.log"
    done = run(
        classes, runner.payload(PROBLEM, PROBLEM.cases, NONCE), f"-Xlog:class+load:file={log}"
    )
    assert done.returncode == 0, done.stderr
    assert all(c["cpuMs"] >= 0 for c in records(done.stdout)[:-1])
    loaded = log.read_text()
    assert "juiz.Native " in loaded and "java.lang.management" not in loaded


def test_without_its_library_the_harness_falls_back_to_java_management_and_halt(
    classes: Path, tmp_path: Path
) -> None:
    log = tmp_path / "classes.log"
    # A later -D wins: the library's path now names nothing.
    argv = run_argv(classes, f"-Djuiz.native={tmp_path}/missing.so", f"-Xlog:class+load:file={log}")
    payload = runner.payload(PROBLEM, PROBLEM.cases, NONCE)
    done = subprocess.run(argv, input=payload, capture_output=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    *cases, summary = records(done.stdout)
    assert cases[0]["got"] == "ABC6" and all(c["cpuMs"] >= 0 for c in cases)
    assert summary["total"] == 3 and "out 3;" in done.stderr.decode()
    assert "java.lang.management.ThreadMXBean" in log.read_text()


def test_the_harness_classes_come_from_the_homes_archive(classes: Path, tmp_path: Path) -> None:
    log = tmp_path / "classes.log"
    payload = runner.payload(PROBLEM, PROBLEM.cases, NONCE)
    done = run(classes, payload, "-Xshare:on", f"-Xlog:class+load:file={log}")
    assert done.returncode == 0, done.stderr
    loaded = log.read_text()
    for name in ("juiz.Harness", "juiz.Json", "juiz.Convert", "juiz.JsonOut", "juiz.Native"):
        assert f"{name} source: shared objects file" in loaded, name
    assert "Solution source: file:" in loaded  # the build's own classes are read as usual


def test_the_harness_methods_are_kept_from_c2_and_the_solutions_are_not(classes: Path) -> None:
    """200,000 numbers: the harness's number parser and the solution's loop are hot enough for
    C2; only the solution's gets it."""
    numbers = list(range(2000))
    cases = [{"i": k, "name": f"c{k}", "args": ["x", numbers]} for k in range(100)]
    manifest = PROBLEM.harness_manifest()
    payload = json.dumps({"nonce": NONCE, "manifest": manifest, "cases": cases}).encode()
    done = run(classes, payload, "-XX:+PrintCompilation")
    assert done.returncode == 0, done.stderr
    printed = done.stdout.decode()  # the JIT's lines and the records, interleaved
    level_4 = set(re.findall(r"(?<!level)\s4\s+([\w.$]+::[\w$<>]+)", printed))
    assert "Solution::shout" in level_4
    assert not {name for name in level_4 if name.startswith("juiz.")}, level_4
    assert re.search(
        r"juiz\.Json::plainInteger \(\d+ bytes\)\s+excluded by CompileCommand", printed
    )


def test_the_run_reads_the_harness_classes_before_the_solutions() -> None:
    assert "-d " + CLASSES in (ADAPTER.compile_command or "")
    assert f"-cp {JAR}:{CLASSES} " in ADAPTER.run_command
