"""End to end: a team submits through the HTTP form, a real RQ worker (a `manage.py rqworker`
subprocess on real Redis) judges in the real sandbox, and the team reads the result."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from redis import Redis

from accounts.models import User
from contest.models import Language, Problem
from judge.models import Judgement, JudgementState, Submission, SubmissionState
from tests.support.workers import run_burst_worker

pytestmark = [
    pytest.mark.worker,
    pytest.mark.sandbox,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

C_AC = b"""#include <stdio.h>
int main(void) { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\\n", a + b); return 0; }
"""
C_TLE = b"""#include <stdio.h>
int main(void) { volatile unsigned long i = 0; for (;;) i++; return 0; }
"""
PY_WA = b"a, b = map(int, input().split())\nprint(a - b)\n"
JAVA_CE = b"public class Main { public static void main(String[] a) { int x = ; } }\n"
JAVA_AC = b"""import java.util.Scanner;
public class Sum { public static void main(String[] args) {
  Scanner in = new Scanner(System.in); long a = in.nextLong(), b = in.nextLong();
  System.out.println(a + b); } }
"""

CASES = [
    ("sum.c", C_AC, "Accepted", ["Accepted", "Accepted"]),
    ("sum.py", PY_WA, "Wrong Answer", ["Wrong Answer", "Wrong Answer"]),
    ("Main.java", JAVA_CE, "Compile Time Error", []),
    ("Sum.java", JAVA_AC, "Accepted", ["Accepted", "Accepted"]),
    ("loop.c", C_TLE, "Time Limit Exceeded", ["Time Limit Exceeded", "Time Limit Exceeded"]),
]


def _submit(client: Client, problem: Problem, filename: str, source: bytes) -> Submission:
    response = client.post(
        reverse("team:submit"),
        {
            "problem": problem.pk,
            "filename": filename,
            "code": source.decode(),
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return Submission.objects.latest("id")


def test_a_submission_from_the_form_is_judged_by_a_worker_and_reported(
    problem: Problem, team_user: User, languages: dict[str, Language], redis_conn: Redis
) -> None:
    client = Client()
    client.force_login(team_user)
    submissions = [(_submit(client, problem, f, src), want, runs) for f, src, want, runs in CASES]
    assert all(s.state == SubmissionState.QUEUED for s, _, _ in submissions)

    output = run_burst_worker("judging")

    for submission, want, runs in submissions:
        submission.refresh_from_db()
        judgement = submission.current_judgement
        assert judgement is not None, output
        assert (submission.state, submission.classification) == (SubmissionState.PENDING, want), (
            judgement.reason_text,
            judgement.compile_output,
            output,
        )
        assert judgement.state == JudgementState.DONE and judgement.attempts == 1
        assert [r.classification for r in judgement.runs.order_by("order")] == runs
        assert judgement.report["classification"] == want
        if want == "Compile Time Error":
            assert "error" in judgement.compile_output.lower()
        else:
            assert (judgement.tests_done, judgement.tests_total) == (2, 2)
        page = client.get(reverse("team:submission", args=[submission.pk])).content.decode()
        assert want in page
    assert Judgement.objects.count() == len(CASES)
