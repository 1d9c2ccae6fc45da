"""An imported package judged end to end by real RQ workers (a `manage.py rqworker`
subprocess with an empty cache of its own, so it has only the database) and the real sandbox.

The package needs what the web app used not to store: its secret groups have different
validator flags (only the loose group tolerates 0.01), and the team's program imports a helper
from include/python3/ whose factor is a constant. Without per-test flags the loose test is
Wrong Answer; without the include (or its constant) the program crashes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from redis import Redis

from accounts.models import User
from contest.models import Contest, Language, Problem
from contest.services.problem_import import import_package
from judge.models import ImportState, PackageImport, Submission
from tests.support import builders
from tests.support.burst_worker import burst
from tests.support.packages import write_package

pytestmark = [
    pytest.mark.worker,
    pytest.mark.sandbox,
    pytest.mark.django_db(transaction=True),
]

PACKAGE = {
    "problem.yaml": (
        "problem_format_version: 2023-07\nname: Twice\nlimits:\n  time_limit: 2\n"
        "constants:\n  factor: 2\n"
    ),
    "data/sample/1.in": "2\n",
    "data/sample/1.ans": "4\n",
    "data/secret/exact/1.in": "21\n",
    "data/secret/exact/1.ans": "42\n",
    "data/secret/loose/test_group.yaml": "output_validator_args: [float_tolerance, '0.01']\n",
    "data/secret/loose/1.in": "1.2345\n",
    "data/secret/loose/1.ans": "2.469\n",
    "include/python3/helper.py": "FACTOR = {{factor}}\n\n\ndef twice(x):\n    return x * FACTOR\n",
}
# Integers exactly, reals to two decimals: right within the loose group's tolerance only.
ROUNDING = b"""from helper import twice
x = input().strip()
print(twice(int(x)) if x.isdigit() else f"{twice(float(x)):.2f}")
"""
# One decimal: 2.5 is 0.031 away, outside the tolerance.
TOO_ROUGH = ROUNDING.replace(b":.2f", b":.1f")


def test_a_worker_judges_the_package_with_its_group_flags_and_includes(
    contest: Contest,
    languages: dict[str, Language],
    team_user: User,
    redis_conn: Redis,
    tmp_path: Path,
) -> None:
    problem = import_package(contest, "A", write_package(tmp_path / "twice", PACKAGE))
    good = builders.send(team_user, problem, ROUNDING, filename="main.py")
    rough = builders.send(team_user, problem, TOO_ROUGH, filename="main.py")

    burst("judging", env={"JUIZ_CACHE_DIR": str(tmp_path / "worker-cache")})

    verdicts = {s.pk: s.classification for s in Submission.objects.all()}
    assert verdicts == {good.pk: "Accepted", rough.pk: "Wrong Answer"}
    tests = builders.first_judgement(rough).runs.order_by("order")
    assert [t.classification for t in tests] == ["Accepted", "Accepted", "Wrong Answer"]


def test_the_jurys_upload_checks_the_packages_own_submissions_against_the_stored_problem(
    contest: Contest,
    languages: dict[str, Language],
    admin_user: User,
    redis_conn: Redis,
    tmp_path: Path,
) -> None:
    files = {
        **PACKAGE,
        "submissions/accepted/main.py": ROUNDING,
        "submissions/wrong_answer/rough.py": TOO_ROUGH,
    }
    folder = write_package(tmp_path / "src" / "twice", files)
    archive = shutil.make_archive(str(tmp_path / "twice"), "zip", folder.parent, folder.name)
    client = Client()
    client.force_login(admin_user)
    with Path(archive).open("rb") as handle:
        data = {"letter": "B", "archive": handle, "check": "on"}
        assert client.post(reverse("jury:problem_import"), data).status_code == 302

    burst("default", env={"JUIZ_CACHE_DIR": str(tmp_path / "worker-cache")})

    job = PackageImport.objects.get()
    assert job.state == ImportState.DONE, job.message
    rows = {row["submission"]: row for row in job.check_rows}
    assert rows["accepted/main.py"]["got"] == "Accepted"
    assert rows["wrong_answer/rough.py"]["got"] == "Wrong Answer"
    assert all(row["agrees"] for row in rows.values()), rows
    problem = Problem.objects.get(contest=contest, letter="B")
    assert problem.includes is not None and ["factor", "2"] in problem.constants
