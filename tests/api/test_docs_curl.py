"""The curl blocks of docs/api.md ("Clients with curl"), run as they are by bash against a real
daphne serving the judged test contest: a doc command that stops working fails here."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest
from django.conf import settings

from accounts.models import Team, User
from accounts.tokens import token_create
from judge.models import Submission
from judge.services import clarifications
from tests.api.conftest import PY_SOURCE, World
from tests.support import factories
from tests.support.burst_worker import database_url
from tests.support.daphne import daphne

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not all(shutil.which(p) for p in ("bash", "curl", "jq", "zip", "base64")),
        reason="the docs' commands need bash, curl, jq, zip and base64",
    ),
]

DOC = Path(settings.BASE_DIR) / "docs" / "api.md"
BLOCK = re.compile(r"<!-- tested: (\w+) -->\n```sh\n(.*?)```", re.S)
FEED_WAIT_S = 30


def _blocks() -> dict[str, str]:
    return dict(BLOCK.findall(DOC.read_text()))


def _env(server: str, **extra: str) -> dict[str, str]:
    bin_dir = str(Path(sys.executable).parent)  # the docs' `python` is the project's
    return {
        **os.environ,
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "DATABASE_URL": database_url(),
        "JUIZ": f"http://{server}/api/contests/test",
        **extra,
    }


def _workdir(tmp_path: Path) -> Path:
    """Where a reader of the docs stands: beside manage.py, with the program to submit."""
    (tmp_path / "manage.py").symlink_to(Path(settings.BASE_DIR) / "manage.py")
    (tmp_path / "sum.py").write_bytes(PY_SOURCE)
    return tmp_path


def _bash(script: str, cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"{script}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}"
    return done.stdout


def _team1(world: World) -> User:
    """team1 of the docs: a team of its own, which has not solved problem A yet."""
    return factories.user("team1", role="team", team=Team.objects.create(name="Gamma"))


def test_the_docs_list_the_four_blocks() -> None:
    assert set(_blocks()) == {"submit", "feed", "register", "download"}


def test_the_register_block_makes_an_organization_a_team_and_its_account(
    world: World, tmp_path: Path
) -> None:
    factories.user("admin", role="admin")
    with daphne() as server:
        out = _bash(_blocks()["register"], _workdir(tmp_path), _env(server))
    account = User.objects.get(username="nordic1")
    assert account.team is not None and account.team.name == "Nordic Lights"
    assert account.team.organization is not None and account.team.organization.country == "SWE"
    assert account.has_usable_password()  # set by daphne's hasher, not the tests' one
    assert json.loads(out)["team_id"] == str(account.team_id)


def test_the_submit_block_submits_and_reads_the_judgement(world: World, tmp_path: Path) -> None:
    team1 = _team1(world)
    with daphne() as server:
        out = _bash(_blocks()["submit"], _workdir(tmp_path), _env(server))
    created = Submission.objects.get(team=team1.team)
    assert created.problem == world.problem and created.language_id == "python3"
    assert (tmp_path / "submission.id").read_text().strip() == str(created.pk)
    assert out.split() == ["null"]  # queued, no worker in this test: not judged


def _children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(c) for c in found.read_text().split()] if found.exists() else []


def _wait_following(proc: subprocess.Popen[str]) -> None:
    """Until the block's second curl (the one that follows the feed) runs: a change made
    earlier could fall in the first curl's download instead of the stream."""
    deadline = time.monotonic() + FEED_WAIT_S
    while time.monotonic() < deadline:
        for child in _children(proc.pid):
            with contextlib.suppress(OSError):
                # Not bash's own forks: their command line is the whole script's.
                argv = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
                if argv[0] == b"curl" and any(b"since_token" in a for a in argv):
                    return
        time.sleep(0.1)
    raise AssertionError("the block never started following the feed")


def _end(proc: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=10)


def _lines_until(proc: subprocess.Popen[str], wanted: str) -> list[str]:
    """The stream's lines up to the first holding `wanted` (a thread reads them: a line
    already in the pipe's buffer would not wake a select())."""
    assert proc.stdout is not None
    found: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [found.put(x) for x in proc.stdout or ()], daemon=True).start()
    lines: list[str] = []
    deadline = time.monotonic() + FEED_WAIT_S
    while time.monotonic() < deadline:
        with contextlib.suppress(queue.Empty):
            lines.append(found.get(timeout=0.5))
            if wanted in lines[-1]:
                return lines
    _end(proc)
    raise AssertionError(f"no {wanted!r} in the stream: {lines} (exit {proc.returncode})")


def test_the_feed_block_resumes_after_the_last_token_and_streams(
    world: World, tmp_path: Path
) -> None:
    team1 = _team1(world)
    _, token = token_create(user=team1, name="feed")
    cwd = _workdir(tmp_path)
    with daphne() as server:
        proc = subprocess.Popen(
            ["bash", "-euo", "pipefail", "-c", _blocks()["feed"]],
            cwd=cwd,
            env=_env(server, TOKEN=token),
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,  # so that curl and jq end with it
        )
        try:
            _wait_following(proc)
            question = clarifications.ask(user=team1, contest=world.contest, text="Negative?")
            lines = _lines_until(proc, '"clarifications"')
        finally:
            _end(proc)
    snapshot = [json.loads(line) for line in (cwd / "feed.ndjson").read_text().split("\n") if line]
    assert {"contest", "problems", "teams", "state"} <= {n["type"] for n in snapshot}
    streamed = json.loads(lines[-1])
    assert streamed["id"] == str(question.pk)
    assert int(streamed["token"]) > int(snapshot[-1]["token"])  # resumed after the last one


def test_the_download_block_saves_every_endpoint_and_the_files(
    world: World, tmp_path: Path
) -> None:
    cwd = _workdir(tmp_path)
    with daphne() as server:
        _bash(_blocks()["download"], cwd, _env(server))
    saved = cwd / "demo"
    assert json.loads((saved / "contest.json").read_text())["id"] == "test"
    submissions = json.loads((saved / "submissions.json").read_text())
    assert {s["id"] for s in submissions} == {
        str(s.pk) for s in (world.accepted, world.queued, world.rival)
    }  # the judge's token sees every team's
    for sub in submissions:
        with zipfile.ZipFile(saved / "submissions" / f"{sub['id']}.zip") as archive:
            assert archive.namelist()
    assert len(json.loads((saved / "judgements.json").read_text())) >= 2
    assert json.loads((saved / "scoreboard.json").read_text())["rows"]
