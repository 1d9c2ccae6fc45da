"""The spec's own conformance script (../shared/ccs-specs/check-api.sh, with its yajsv stand-in)
against a real daphne serving the judged test contest, for each role.

It runs with `-e` (error codes of missing objects), `-C` (the event feed's objects against the
endpoints': an inconsistency is an "Error:" line, counted as a gap) and `-a strict=1` (the spec's
properties only, api/extensions.py). KNOWN_GAPS are
the endpoints it still reports, exactly: fixing one makes this test fail until it is taken off
the list, so the list only shrinks.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

from accounts.models import User
from judge.services import clarifications
from tests.api.conftest import World
from tests.api.schemas import SCHEMA_DIR
from tests.support.daphne import daphne, session_cookie

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (shutil.which("php") and shutil.which("jq") and shutil.which("curl")),
        reason="check-api.sh needs php-cli, jq and curl (scripts/setup.sh installs them)",
    ),
]

SPECS = SCHEMA_DIR.parent
# clarifications: the shared schema still has the older single
# to_team_id where the draft's text (and Juiz) has to_team_ids/to_group_ids (tests/api/schemas.py).
KNOWN_GAPS = {
    "judge": {"clarifications"},
    "team": {"clarifications"},
    "public": set(),  # the public sees no clarification, so nothing to refuse
}
# "<endpoint>: <result>" lines; a failed validation's details follow on their own lines.
LINE = re.compile(r"^\s*(\S+): (.*)$")
FINE = ("OK", "Optional, not present")


def _check_api(server: str, user: User | None) -> str:
    # A session cookie, not basic auth: the tests' password hasher (MD5, for speed) is not
    # one daphne's settings accept. Reads need no CSRF token.
    auth = f" -b sessionid={session_cookie(user)}" if user else ""
    command = [
        str(SPECS / "check-api.sh"),
        "-e",
        "-C",  # the event feed's contents against the endpoints'
        "-a",
        "strict=1",
        "-j",
        str(SPECS / "yajsv"),
        "-c",
        f"-s{auth}",
        f"http://{server}/api",
    ]
    env = {**os.environ, "PYTHON": sys.executable}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    return done.stdout + done.stderr


def _failing(output: str) -> set[str]:
    endpoints = set()
    for line in output.splitlines():
        found = LINE.match(line)
        if found is None or found.group(1).endswith(".json"):
            continue
        endpoint, result = found.groups()
        feed = endpoint.startswith("event-feed") or "event-feed" in result
        if result.startswith(FINE):
            continue
        if feed:
            endpoints.add("event-feed")  # its download and its error codes
        elif endpoint != "Warning":
            endpoints.add(endpoint)
    return endpoints


def test_the_conformance_script_reports_only_the_known_gaps(world: World) -> None:
    question = clarifications.ask(user=world.team_user, contest=world.contest, text="Negative?")
    clarifications.answer(question=question, judge=world.judge_user, text="No.", to_all=False)
    users = {"judge": world.judge_user, "team": world.team_user, "public": None}
    with daphne() as server:
        outputs = {role: _check_api(server, user) for role, user in users.items()}
    for role, output in outputs.items():
        assert "judgements: OK" in output and "runs: OK" in output, output
        assert _failing(output) == KNOWN_GAPS[role], f"{role}:\n{output}"
