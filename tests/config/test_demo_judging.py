"""The demo's problems really judge as advertised (real engine, real sandbox, in process):
float tolerance, a custom validator, a large input, the Presentation Error trap and the
scoring problem's points, the multi-pass problem's second pass, the interactive problem, the
submit-answer problem's answer files, and the interactive multi-pass problem's two sessions."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import timezone
from pytest_django import Settings

from accounts.models import User
from contest.models import Contest
from judge.jobs.judging import judge_judgement
from judge.models import Judgement, Submission
from judge.services.submit import submit

pytestmark = [pytest.mark.sandbox, pytest.mark.slow, pytest.mark.django_db]

SOLUTIONS = [
    ("A", "sum.py", "a, b = map(int, input().split())\nprint(a + b)\n", "Accepted"),
    (
        "B",
        "avg.py",
        "input()\nxs = list(map(int, input().split()))\nprint(sum(xs) / len(xs))\n",
        "Accepted",
    ),
    (
        "B",
        "avg.py",
        "input()\nxs = list(map(int, input().split()))\nprint(sum(xs) // len(xs))\n",
        "Wrong Answer",
    ),
    (
        "C",
        "div.py",
        "n = int(input())\nd = 2\nwhile n % d:\n    d += 1\nprint(n // d)\n",
        "Accepted",
    ),  # the largest proper divisor: not the answer file's, accepted by the validator
    ("C", "div.py", "print(int(input()))\n", "Wrong Answer"),
    (
        "D",
        "big.py",
        "import sys\nd = sys.stdin.buffer.read().split()\nprint(sum(map(int, d[1:])))\n",
        "Accepted",
    ),
    (
        "E",
        "sp.py",
        "n = int(input())\nprint(' '.join(str(i) for i in range(1, n + 1)))\n",
        "Accepted",
    ),
    (
        "E",
        "sp.py",
        "n = int(input())\nfor i in range(1, n + 1):\n    print(i, end=' ')\nprint()\n",
        "Presentation Error",
    ),
    ("I", "tri.py", "n = int(input())\nprint(n * (n + 1) // 2)\n", "Accepted"),
    # Right for n <= 10^15 only: the first group's 30 points, none of the second's.
    (
        "I",
        "tri.py",
        "n = int(input())\nprint(n * (n + 1) // 2 if n < 10**15 else 0)\n",
        "Wrong Answer",
    ),
]
SOLUTIONS += [
    ("J", "sq.py", "print(int(input()) ** 2)\n", "Accepted"),
    # Right on each test's first pass only: the second pass's input is 10^6 or more.
    ("J", "sq.py", "x = int(input())\nprint(x * x if x < 10**6 else 0)\n", "Wrong Answer"),
]
BINARY_SEARCH = """lo, hi = 1, 1000
while True:
    mid = (lo + hi) // 2
    print(mid, flush=True)
    reply = input()
    if reply == "correct":
        break
    lo, hi = (mid + 1, hi) if reply == "higher" else (lo, mid - 1)
"""
SOLUTIONS += [
    ("K", "guess.py", BINARY_SEARCH, "Accepted"),
    # Counting up from 1 finds 1 at once and runs out of guesses on the others.
    (
        "K",
        "guess.py",
        "for g in range(1, 1001):\n    print(g, flush=True)\n    if input() == 'correct':\n"
        "        break\n",
        "Wrong Answer",
    ),
]
# M: the word in base 27 (a = 1) on pass 1, back to the word on pass 2; the interactor's
# nextpass.in carries the number. With a = 0 the leading a's are lost ("a", "aardvark").
WORD_CODE = """s = input().strip()
if s.isdigit():
    k, word = int(s), ""
    while k:
        k, d = divmod(k, BASE)
        word = chr(ord("a") + d - FIRST) + word
    print(word, flush=True)
else:
    k = 0
    for c in s:
        k = k * BASE + ord(c) - ord("a") + FIRST
    print(k, flush=True)
"""
SOLUTIONS += [
    ("M", "word.py", "BASE, FIRST = 27, 1\n" + WORD_CODE, "Accepted"),
    ("M", "word.py", "BASE, FIRST = 26, 0\n" + WORD_CODE, "Wrong Answer"),
]
SCORES = {("I", "Accepted"): 100.0, ("I", "Wrong Answer"): 30.0}


def test_demo_problems_judge_as_advertised(settings: Settings, tmp_path: Path) -> None:
    settings.JUIZ_CACHE_DIR = tmp_path / "cache"
    call_command("demo", stdout=io.StringIO())
    contest = Contest.objects.get(short_name="demo")
    team1 = User.objects.get(username="team1")
    got = []
    for letter, filename, source, _ in SOLUTIONS:
        submission = Submission.objects.create(
            contest=contest,
            team=team1.team,
            problem=contest.problems.get(letter=letter),
            language_id="python3",
            filename=filename,
            source=source.encode(),
            submitted_at=timezone.now(),
        )
        judgement = Judgement.objects.create(submission=submission)
        judge_judgement(judgement.pk)
        judgement.refresh_from_db()
        got.append((letter, judgement.classification, judgement.reason_text))
        if (letter, judgement.classification) == ("M", "Accepted"):  # two sessions per test
            first = judgement.report["tests"][0]["passes"]
            assert [p["input_preview"] for p in first] == ["hello\n", "4359030\n"]
        if letter == "I":
            assert judgement.score == SCORES[(letter, judgement.classification)]
        else:
            assert judgement.score is None
    assert [(letter, c) for letter, c, _ in got] == [(s[0], s[3]) for s in SOLUTIONS], got
    answers = [_judge_answers(contest, team1, files) for files, _ in ANSWERS]
    assert answers == [verdict for _, verdict in ANSWERS]


# The submit-answer problem L: answer files, nothing run (the counts of primes up to each n).
ANSWERS = [
    ({"01.out": b"4\n", "02.out": b"168\n", "03.out": b"78498\n"}, "Wrong Answer"),  # no 04
    (
        {"01.out": b"4\n", "02.out": b"168\n", "03.out": b"78498\n", "04.out": b"216816\n"},
        "Accepted",
    ),
]


def _judge_answers(contest: Contest, team_user: User, files: dict[str, bytes]) -> str:
    submission = submit(
        user=team_user,
        contest=contest,
        problem=contest.problems.get(letter="L"),
        files=list(files.items()),
    )
    judgement = submission.judgements.get()
    judge_judgement(judgement.pk)
    judgement.refresh_from_db()
    return judgement.classification
