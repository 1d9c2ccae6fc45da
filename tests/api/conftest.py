"""A small judged contest for the API tests.

Submissions go through the real submission service; "judging" stores a hand-made engine report
through the real results service (what the worker does after running the engine), so the rows
are exactly those the application produces.
"""

from __future__ import annotations

import base64
import io
import zipfile
from dataclasses import dataclass

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import Category, User
from contest.models import Contest, Language, Problem
from judge.models import Judgement, Submission
from judge.services.results import on_judgement_done, store_report
from judge.services.submit import submit
from judging.classification import Classification
from judging.report import Report, TestReport
from tests.support import factories

PY_SOURCE = b"a, b = map(int, input().split())\nprint(a + b)\n"
JAVA_SOURCE = b"""import java.util.Scanner;
public class Sum {
    public static void main(String[] a) {
        Scanner in = new Scanner(System.in);
        System.out.println(in.nextLong() + in.nextLong());
    }
}
"""
C_SOURCE = (
    b'#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);}\n'
)


def basic(username: str, password: str = factories.PASSWORD) -> dict[str, str]:
    token = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {token}"}


def client_for(user: User | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def zipped(files: dict[str, bytes]) -> str:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return base64.b64encode(buffer.getvalue()).decode()


def judge(sub: Submission, verdict: Classification, cpu_ms: tuple[int, ...]) -> Judgement:
    """What a worker does once the engine has run: claim, store the report, publish it."""
    judgement = sub.judgements.get()
    Judgement.objects.filter(pk=judgement.pk).update(started_at=timezone.now())
    judgement.refresh_from_db()
    tests = [
        TestReport(name=f"test/{i}", classification=verdict, cpu_ms=ms)
        for i, ms in enumerate(cpu_ms, start=1)
    ]
    store_report(judgement, Report(classification=verdict, tests=tests))
    on_judgement_done(judgement)
    return judgement


@dataclass
class World:
    contest: Contest
    problem: Problem
    team_user: User
    other_team_user: User
    judge_user: User
    accepted: Submission  # Alpha, Python, Accepted
    queued: Submission  # Alpha, C, not judged yet
    rival: Submission  # Beta, Java, Invalid Exit Value (reported as RTE)


@pytest.fixture
def world(
    contest: Contest,
    problem: Problem,
    languages: dict[str, Language],
    team_user: User,
    other_team_user: User,
    judge_user: User,
) -> World:
    category = Category.objects.create(name="Students")
    team_user.team.category = category
    team_user.team.affiliation = "Universidade do Porto"
    team_user.team.save()
    kw = {"contest": contest, "problem": problem}
    queued = submit(user=team_user, filename="sum.c", source=C_SOURCE, **kw)
    accepted = submit(user=team_user, filename="sum.py", source=PY_SOURCE, **kw)
    judge(accepted, Classification.ACCEPTED, (43, 120))
    rival = submit(user=other_team_user, filename="Sum.java", source=JAVA_SOURCE, **kw)
    judge(rival, Classification.INVALID_EXIT_VALUE, (7,))
    for sub in (accepted, queued, rival):
        sub.refresh_from_db()
    return World(contest, problem, team_user, other_team_user, judge_user, accepted, queued, rival)
