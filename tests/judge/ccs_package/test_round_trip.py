"""The demo contest, finished, through export_contest and import_contest into an emptied site:
the same boards (jury and public, frozen), submissions, clarifications and problems."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command

from accounts.models import Category, Organization, Team, User
from contest.models import Contest, Problem
from judge.models import Clarification, Submission
from scoreboard import services
from tests.judge.ccs_package.support import board, finished_demo, scored_demo, scores

pytestmark = pytest.mark.django_db(transaction=True)

PROBLEM_FIELDS = (
    "letter",
    "name",
    "kind",
    "types",
    "validation",
    "validator_flags",
    "time_limit_s",
    "memory_mb",
    "output_kib",
    "source_size_kib",
    "library_id",
    "validation_passes",
    "color",
)


def _problems(contest: Contest) -> list[tuple[object, ...]]:
    rows = []
    for p in Problem.objects.filter(contest=contest).order_by("letter"):
        tests = [(t.name, t.input.sha256, t.answer.sha256, t.sample) for t in p.tests.all()]
        groups = list(p.test_groups.values_list("name", "aggregation", "accept_score", "max_score"))
        validator = p.validator.sha256 if p.validator else None
        rows.append((*(getattr(p, f) for f in PROBLEM_FIELDS), tests, groups, validator))
    return rows


def _history(contest: Contest) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    subs = Submission.objects.filter(contest=contest).order_by("submitted_at")
    clars = Clarification.objects.filter(contest=contest).order_by("time")
    return (
        [
            (
                s.team.name,
                s.problem.letter,
                s.submitted_at,
                s.state,
                s.classification,
                bytes(s.source),
            )
            for s in subs
        ],
        [
            (
                c.from_team and c.from_team.name,
                c.to_team and c.to_team.name,
                c.text,
                c.state,
                c.reply_to_id is not None,
            )
            for c in clars
        ],
    )


def _empty_the_site() -> None:
    Contest.objects.all().delete()
    User.objects.filter(is_superuser=False).delete()
    Team.objects.all().delete()
    Organization.objects.all().delete()
    Category.objects.all().delete()


def test_the_demo_contest_comes_back_with_the_same_boards(tmp_path: Path) -> None:
    contest = finished_demo()
    before = (
        board(contest, "jury"),
        board(contest, "public"),
        _problems(contest),
        _history(contest),
    )
    assert before[0] != before[1]  # the freeze hides something: the comparison can fail
    archive = tmp_path / "demo.zip"
    call_command("export_contest", "demo", str(archive))
    _empty_the_site()

    call_command("import_contest", str(archive))

    again = Contest.objects.get(short_name="demo")
    services.rebuild(again)
    after = (board(again, "jury"), board(again, "public"), _problems(again), _history(again))
    assert after == before


def test_a_score_board_comes_back_with_the_same_points(tmp_path: Path) -> None:
    """Best groups across submissions: the points of each group travel with the judgements."""
    contest = scored_demo()
    before = (scores(contest, "jury"), scores(contest, "public"))
    assert [row[2] for row in before[0]][:1] == ["100"]  # Team 1's two halves add up
    call_command("export_contest", "demo", str(tmp_path / "out"))
    _empty_the_site()

    call_command("import_contest", str(tmp_path / "out"))

    again = Contest.objects.get(short_name="demo")
    assert again.score_board == "best-groups"
    services.rebuild(again)
    assert (scores(again, "jury"), scores(again, "public")) == before
