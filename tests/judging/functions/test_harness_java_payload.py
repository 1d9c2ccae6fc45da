"""The Java harness's own reading of the payload and its CPU clock, run as a plain JVM process
(the harness is Juiz's code; the sandbox's side is tested with real solutions elsewhere).

The harness reads the payload's UTF-8 bytes and streams its "cases", which must be the last
member; it loads the thread CPU clock without the platform's MXBean providers."""

from __future__ import annotations

import json
import shlex
import subprocess
from pathlib import Path
from typing import Any

import pytest

from judging.functions import casefile, runner
from judging.functions.adapters.java import ADAPTER, CLASSES, HARNESS_CLASSES
from judging.kit import Kit

KIT = Kit.of_checkout()
NONCE = "ab" * 16
SOLUTION = """class Solution {
    public String shout(String s, long[] xs) {
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
    command = ADAPTER.compile_command.format(dir=directory)
    built = subprocess.run(shlex.split(command), capture_output=True, text=True, check=False)
    assert built.returncode == 0 and not built.stderr, built.stderr
    return directory


def run(directory: Path, payload: bytes, *jvm: str) -> subprocess.CompletedProcess[bytes]:
    argv = shlex.split(ADAPTER.run_command.format(memory_mb=256, dir=directory))
    argv[1:1] = jvm
    return subprocess.run(argv, input=payload, capture_output=True, check=False, timeout=60)


def records(out: bytes) -> list[dict[str, Any]]:
    return [json.loads(line.split(b" ", 1)[1]) for line in out.splitlines()]


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


def test_the_cpu_clock_is_loaded_without_the_platform_mxbean_providers(
    classes: Path, tmp_path: Path
) -> None:
    log = tmp_path / "classes.log"
    done = run(
        classes, runner.payload(PROBLEM, PROBLEM.cases, NONCE), f"-Xlog:class+load:file={log}"
    )
    assert done.returncode == 0, done.stderr
    loaded = log.read_text()
    assert "sun.management.ThreadImpl" in loaded
    assert "PlatformMBeanProvider" not in loaded and "HotSpotThreadImpl" not in loaded


def test_the_run_reads_the_harness_classes_before_the_solutions() -> None:
    assert "-d " + CLASSES in (ADAPTER.compile_command or "")
    assert f"-cp {{dir}}/{HARNESS_CLASSES}:{CLASSES} " in ADAPTER.run_command
