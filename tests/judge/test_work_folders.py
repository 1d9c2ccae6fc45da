"""Work folders of killed jobs are removed when a worker starts; live ones are kept
(issue 12, item 5). Real processes: holders killed with SIGKILL, a real `rqworker`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judging.workdirs import UNLOCKED_GRACE_S, clean_stale
from tests.support.juiz_process import ROOT
from tests.support.servers import redis_server

HOLDER = (
    "import sys, time\n"
    "from judging.workdirs import WorkFolder\n"
    "folder = WorkFolder('juiz-grade-')\n"
    "(folder.path / 'main.py').write_text('a team source')\n"
    "print(folder.path, flush=True)\n"
    "time.sleep(600)\n"
)


def _holder(tmp: Path) -> tuple[subprocess.Popen[str], Path]:
    """A process holding a work folder, as a job does while it judges."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER],
        cwd=ROOT, env={**os.environ, "TMPDIR": str(tmp)}, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert process.stdout is not None
    return process, Path(process.stdout.readline().strip())


def _killed(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait()


def test_only_folders_no_live_process_holds_are_removed(tmp_path: Path) -> None:
    live, live_folder = _holder(tmp_path)
    dead, dead_folder = _holder(tmp_path)
    try:
        _killed(dead)  # no finally ran: its folder and lock stay behind
        assert dead_folder.is_dir()
        removed = clean_stale(tmp_path)
        assert removed == [dead_folder]
        assert not dead_folder.exists() and not Path(f"{dead_folder}.lock").exists()
        assert (live_folder / "main.py").exists()
    finally:
        _killed(live)


def test_unlocked_folders_are_kept_a_moment_then_removed(tmp_path: Path) -> None:
    """A folder from before the locks (or caught between mkdtemp and its lock)."""
    folder = tmp_path / "juiz-unsafe-old"
    folder.mkdir()
    assert clean_stale(tmp_path) == []
    assert clean_stale(tmp_path, now=time.time() + UNLOCKED_GRACE_S + 1) == [folder]


@pytest.mark.slow
def test_a_worker_removes_killed_jobs_folders_when_it_starts(tmp_path: Path) -> None:
    live, live_folder = _holder(tmp_path)
    dead, dead_folder = _holder(tmp_path)
    _killed(dead)
    try:
        with redis_server() as redis:
            env = {**os.environ, "TMPDIR": str(tmp_path), "REDIS_URL": redis.url}
            done = subprocess.run(
                [sys.executable, str(ROOT / "manage.py"), "rqworker", "judging", "--burst"],
                cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
            )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert not dead_folder.exists(), done.stderr
        assert "removed the stale work folder" in done.stderr
        assert live_folder.is_dir()
    finally:
        _killed(live)


@pytest.mark.slow
def test_a_worker_started_while_redis_is_down_waits_for_it_quietly(tmp_path: Path) -> None:
    with redis_server() as redis:
        redis.stop()
        env = {**os.environ, "TMPDIR": str(tmp_path), "REDIS_URL": redis.url}
        worker = subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), "rqworker", "judging", "--burst"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        time.sleep(4)
        assert worker.poll() is None  # still waiting, not crashed
        redis.start()
        output = worker.communicate(timeout=60)[0]
    assert worker.returncode == 0, output
    assert "Redis unavailable" in output
    assert "Traceback" not in output
