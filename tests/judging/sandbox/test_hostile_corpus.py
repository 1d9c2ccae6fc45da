"""Every hostile submission of tests/judging/sandbox/hostile/ through the full engine, then a
look at the host.

See hostile/README.md. After each case: the classification is the expected one, no
secret of the worker's environment is anywhere in the report, the canary files and the
canary process (running as the box's own uid) are intact, nothing started by the judgement
is still running, and PostgreSQL and Redis still answer.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest

from judging.classification import Classification
from judging.engine import JudgeOptions, SubmissionFile, judge
from judging.languages import registry
from judging.model import Problem
from judging.model import TestCase as ProblemTest
from judging.sandbox.base import Sandbox
from tests.judging.sandbox.conftest import TIME_SCALE

pytestmark = pytest.mark.sandbox

CORPUS = Path(__file__).resolve().parent / "hostile"
SECRETS = {
    "JUIZ_TEST_SECRET": "hostile-s3cr3t-41d9",
    "DATABASE_URL": "postgres://juiz:db-pa55-7e2c@127.0.0.1/juiz",
    "SECRET_KEY": "django-k3y-b81f-hostile",
}


@dataclass(frozen=True)
class Case:
    name: str
    source: Path
    expected: Classification


def cases() -> list[Case]:
    found = []
    for folder in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
        (source,) = [p for p in folder.iterdir() if p.name != "expected.txt"]
        expected = Classification((folder / "expected.txt").read_text().strip())
        found.append(Case(folder.name, source, expected))
    return found


@dataclass(frozen=True)
class Host:
    problem: Problem
    canary_dir: Path
    canary_files: dict[Path, str]
    canary_process: subprocess.Popen[bytes]
    children_before: frozenset[int]  # our processes before any judgement (canary included)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Host]:
    root = tmp_path_factory.mktemp("hostile")
    (root / "tests").mkdir()
    (root / "tests" / "1.in").write_text("21\n")
    (root / "tests" / "1.ans").write_text("42\n")
    problem = Problem(
        id="hostile",
        name="Twice",
        time_limit_s=1.0 * TIME_SCALE,
        memory_mb=256,
        output_kib=1024,
        tests=[ProblemTest("secret/1", root / "tests" / "1.in", root / "tests" / "1.ans")],
    )
    canary_dir = root / "canary"
    canary_dir.mkdir()
    os.chmod(canary_dir, 0o777)  # world-writable: only the sandbox keeps the box out
    (canary_dir / "precious.txt").write_text("do not touch\n")
    watched = [canary_dir / "precious.txt", root / "tests" / "1.in", root / "tests" / "1.ans"]
    canary_files = {p: _digest(p) for p in watched}
    # Same uid as the box's programs: kill(-1) inside must still not reach it.
    process = subprocess.Popen(["sleep", "600"], user=65534, group=65534)
    with pytest.MonkeyPatch.context() as patch:
        for key, value in SECRETS.items():
            patch.setenv(key, value)
        before = frozenset(p.pid for p in psutil.Process().children(recursive=True))
        yield Host(problem, canary_dir, canary_files, process, before)
    process.kill()
    process.wait()


def source_for(case: Case, host: Host) -> bytes:
    text = case.source.read_text()
    text = text.replace("@ANSWER_PATH@", str(host.problem.tests[0].answer))
    return text.replace("@CANARY_DIR@", str(host.canary_dir)).encode()


def assert_services_answer() -> None:
    import psycopg
    import redis

    with psycopg.connect("host=127.0.0.1 user=postgres dbname=postgres", connect_timeout=5) as db:
        assert db.execute("SELECT 1").fetchone() == (1,)
    assert redis.Redis(host="127.0.0.1", port=6379, socket_timeout=5).ping()


def session_cgroups() -> list[Path]:
    """Cgroups of this process's sandbox sessions still present, v1 or v2."""
    from judging.sandbox.cgroup_backends import leftover_dirs

    return leftover_dirs(os.getpid())


def assert_host_intact(host: Host) -> None:
    assert host.canary_process.poll() is None, "the canary process was killed"
    assert sorted(p.name for p in host.canary_dir.iterdir()) == ["precious.txt"]
    for path, digest in host.canary_files.items():
        assert _digest(path) == digest, path
    stray = [
        p for p in psutil.Process().children(recursive=True) if p.pid not in host.children_before
    ]
    assert stray == [], "processes of the judgement still running"
    assert session_cgroups() == [], "session cgroups left behind"
    assert_services_answer()


def test_corpus_covers_the_brief() -> None:
    names = {c.name for c in cases()}
    assert {
        "fork_bomb", "setsid_daemon", "connect_5432", "connect_6379", "read_shadow",
        "read_answer", "dump_environment", "kill_all", "write_outside", "fill_disk",
        "huge_output", "memory_hog", "sleep_forever", "infinite_loop", "deep_recursion",
    } <= names  # fmt: skip


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.name)
def test_a_hostile_submission_gets_its_verdict_and_leaves_the_host_intact(
    case: Case, host: Host, sandbox: Sandbox
) -> None:
    language = registry.for_filename(case.source.name, registry.all_languages())
    assert language is not None and registry.is_available(language), case.source.name
    report = judge(
        SubmissionFile(case.source.name, source_for(case, host)),
        host.problem,
        registry.all_languages(),
        sandbox,
        options=JudgeOptions(run_all_tests=True),
    )
    details = report.to_dict()
    assert report.classification is case.expected, details
    dumped = json.dumps(details)
    for key, value in SECRETS.items():
        assert value not in dumped, key
    assert "LEAKED" not in dumped and "ESCAPED" not in dumped
    assert_host_intact(host)
