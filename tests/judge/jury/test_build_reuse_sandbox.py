"""Builds reused by reevaluations and rejudge sets, judged for real (the worker's job in-process,
real engine and sandbox): the jury's report names the reused build, a syntax error keeps its
compile report, and "rebuild" compiles afresh."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from accounts.models import User
from contest.models import Blob, Language, Problem
from judge.models import Judgement, Submission
from judge.services import jury, rejudge
from tests.support import builders

pytestmark = [pytest.mark.django_db, pytest.mark.sandbox]


@pytest.fixture
def cache(settings: Settings, tmp_path: Path) -> Path:
    """A worker cache of the test's own: no build of an earlier test run is there."""
    settings.JUIZ_CACHE_DIR = tmp_path / "cache"
    return tmp_path / "cache" / "builds"


@pytest.fixture
def accepted(cache: Path, problem: Problem, python: Language, team_user: User) -> Submission:
    submission = builders.sent_and_judged(team_user, problem, builders.CORRECT)
    assert submission.classification == "Accepted"
    return submission


def compiled(judgement: Judgement) -> dict[str, Any]:
    judgement.refresh_from_db()
    report: dict[str, Any] = judgement.report["compile"]
    return report


def test_a_reevaluation_reuses_the_build_and_the_jury_sees_it(
    accepted: Submission, problem: Problem, judge_user: User, cache: Path
) -> None:
    first = compiled(builders.first_judgement(accepted))
    assert not first["build_reused"] and first["build_key"]
    assert list(cache.glob("??/*/meta.json"))
    problem.tests.filter(name="secret/1").update(answer=Blob.store(b"43\n"))

    judgement = builders.judge_for_real(jury.reevaluate(submission=accepted, judge=judge_user))

    assert judgement.classification == "Wrong Answer"  # the new data, the old build
    again = compiled(judgement)
    assert again["build_reused"] and again["build_key"] == first["build_key"]
    client = Client()
    client.force_login(judge_user)
    page = reverse("jury:submission", args=[accepted.pk])
    html = client.get(f"{page}?report={judgement.pk}").content.decode()
    assert "Build <strong>reused</strong>" in html and first["build_key"][:16] in html


def test_rebuild_compiles_afresh(accepted: Submission, judge_user: User) -> None:
    first = compiled(builders.first_judgement(accepted))
    judgement = jury.reevaluate(submission=accepted, judge=judge_user, rebuild=True)
    assert judgement.rebuild

    rebuilt = compiled(builders.judge_for_real(judgement))

    assert not rebuilt["build_reused"] and rebuilt["build_key"] == first["build_key"]


def test_a_rejudge_set_reuses_builds_and_compile_errors_unless_rebuild(
    cache: Path, problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    broken = builders.sent_and_judged(team_user, problem, builders.SYNTAX_ERROR)
    correct = builders.sent_and_judged(team_user, problem, builders.CORRECT)
    old_error = compiled(builders.first_judgement(broken))

    def rejudged(rebuild: bool) -> dict[int, Judgement]:
        rs = rejudge.create(
            contest=problem.contest,
            judge=judge_user,
            selection=rejudge.Selection(problem_ids=(problem.pk,)),
            rebuild=rebuild,
        )
        items = list(rs.items.all())
        done = {i.submission_id: builders.judge_for_real(i.new_judgement) for i in items}
        rejudge.cancel(rejudge=rs, judge=judge_user)
        return done

    reused = rejudged(rebuild=False)
    assert {j.classification for j in reused.values()} >= {"Compile Time Error", "Accepted"}
    assert all(compiled(j)["build_reused"] for j in reused.values())
    assert compiled(reused[broken.pk])["output"] == old_error["output"]
    assert reused[broken.pk].classification == "Compile Time Error"

    fresh = rejudged(rebuild=True)
    assert not any(compiled(j)["build_reused"] for j in fresh.values())
    assert fresh[correct.pk].classification == "Accepted"
