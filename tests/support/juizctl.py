"""Drive a Juiz database from outside: `python -m tests.support.juizctl COMMAND`, run in a
process whose environment (DATABASE_URL, REDIS_URL, JUIZ_VAR_DIR) names the Juiz under test.

Restart and kill drills (tests/judge/test_database_restart.py, bench/drill.py) use it: each call
is a fresh process with fresh connections, so it works whatever happened to the servers' other
clients. Output is one JSON document.

  setup                 languages, a running contest with problem A (sum), 8 teams
  submit N              N submissions through the submit service (every 5th a wrong answer)
  submit-mixed N        N submissions in turn of MIXED: Python, C and C++, right and wrong
                        answers, a compile error, a crash
  stuck                 a submission whose judgement is "judging" under a dead worker
  status ID...          the state and classification of each submission
  session USERNAME      a logged-in session's key (the sessionid cookie)
  judge-across-restart SUBMISSION
                        judge it in this process, running JUIZ_TEST_RESTART_PG (a JSON
                        argv: the cluster's `pg_ctl restart`) at the first progress report
"""

from __future__ import annotations

import json
import os
import socket
import sys
from datetime import timedelta
from typing import Any

ACCEPTED = b"a, b = map(int, input().split())\nprint(a + b)\n"
WRONG = b"a, b = map(int, input().split())\nprint(a - b)\n"
TEAMS = 8
C_SUM = (
    b'#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);}\n'
)
CPP_SUM = b"#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b<<'\\n';}\n"
# A burst's mix (bench/throughput.py): most programs right, as in a contest, in three
# languages, with the other outcomes a judge meets every minute.
MIXED: tuple[tuple[str, bytes], ...] = (
    ("sum.py", ACCEPTED),
    ("sum.c", C_SUM),
    ("sum.cpp", CPP_SUM),
    ("sum.py", WRONG),
    ("sum.c", C_SUM.replace(b"a+b", b"a-b")),
    ("sum.c", b"int main(void){ return x; }\n"),  # Compile Time Error
    ("sum.py", ACCEPTED),
    ("sum.cpp", CPP_SUM),
    ("sum.py", b"raise SystemExit(3)\n"),  # a crash
    ("sum.c", C_SUM),
)


def _setup() -> dict[str, Any]:
    from tests.support import factories

    factories.seed_languages()
    contest = factories.running_contest(multiple_accepts=True, min_interval_s=0, max_pending=0)
    factories.sum_problem(contest)
    for i in range(1, TEAMS + 1):
        factories.user(f"drill{i}", role="team", team=factories.team(f"Drill {i}"))
    return {"contest": contest.pk}


def _submit(count: int, mixed: bool = False) -> list[int]:
    from accounts.models import User
    from contest.models import Contest
    from judge.services.submit import submit

    contest = Contest.objects.get(short_name="test")
    problem = contest.problems.get(letter="A")
    users = list(User.objects.filter(username__startswith="drill").order_by("pk"))
    ids = []
    for i in range(count):
        filename, source = _mixed_source(i) if mixed else _drill_source(i)
        sub = submit(
            user=users[i % len(users)], contest=contest, problem=problem,
            filename=filename, source=source,
        )  # fmt: skip
        ids.append(sub.pk)
    return ids


def _mixed_source(i: int) -> tuple[str, bytes]:
    filename, source = MIXED[i % len(MIXED)]
    # A comment of its own: no two sources alike, so no build is reused.
    return filename, source + f"\n{'#' if filename.endswith('.py') else '//'} {i}\n".encode()


def _drill_source(i: int) -> tuple[str, bytes]:
    return "sum.py", WRONG if i % 5 == 4 else ACCEPTED


def _stuck() -> int:
    """What a worker killed mid-job leaves: judging, claimed by a process that is gone. In the
    submit's own transaction, so the job it queues at commit finds it claimed already."""
    from django.db import transaction
    from django.utils import timezone

    from judge.models import Judgement, JudgementState, Submission, SubmissionState

    dead = _dead_pid()
    with transaction.atomic():
        sub = Submission.objects.get(pk=_submit(1)[0])
        Judgement.objects.filter(submission=sub).update(
            state=JudgementState.JUDGING,
            attempts=1,
            worker=f"{socket.gethostname()}:{dead}",
            started_at=timezone.now() - timedelta(seconds=5),
        )
        Submission.objects.filter(pk=sub.pk).update(state=SubmissionState.JUDGING)
    return sub.pk


def _dead_pid() -> int:
    import subprocess

    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def _status(ids: list[int]) -> dict[str, Any]:
    from judge.models import Submission

    rows = Submission.objects.filter(pk__in=ids).values_list("pk", "state", "classification")
    return {str(pk): [state, classification] for pk, state, classification in rows}


def _judge_across_restart(submission_id: int) -> list[str]:
    """The job of a worker whose database restarts mid-judgement: every connection it holds
    is cut between two tests. Returns the judgement's state and the submission's."""
    import subprocess

    from judge.jobs import judging
    from judge.models import Submission

    restart = json.loads(os.environ["JUIZ_TEST_RESTART_PG"])
    original = judging._progress
    restarted: list[bool] = []

    def progress(*args: Any) -> None:
        if not restarted:
            restarted.append(True)
            subprocess.run(restart, check=True, capture_output=True, timeout=120)
        original(*args)

    judging._progress = progress  # type: ignore[assignment]
    sub = Submission.objects.get(pk=submission_id)
    judging.judge_judgement(sub.judgements.get().pk)
    sub.refresh_from_db()
    return [sub.judgements.get().state, sub.state, sub.classification]


def _session(username: str) -> str:
    from django.test import Client

    from accounts.models import User

    client = Client()
    client.force_login(User.objects.get(username=username))
    return str(client.cookies["sessionid"].value)


def main(argv: list[str]) -> Any:
    command, *args = argv
    if command == "setup":
        return _setup()
    if command == "submit":
        return _submit(int(args[0]))
    if command == "submit-mixed":
        return _submit(int(args[0]), mixed=True)
    if command == "stuck":
        return _stuck()
    if command == "judge-across-restart":
        return _judge_across_restart(int(args[0]))
    if command == "session":
        return _session(args[0])
    if command == "status":
        return _status([int(a) for a in args])
    raise SystemExit(f"unknown command {command!r}")


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    print(json.dumps(main(sys.argv[1:])))
