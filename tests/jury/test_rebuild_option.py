"""The jury's "rebuild" option on the pages: it reaches the judgement (and through it the worker,
judge/jobs/judging.py), on a reevaluation and on a rejudge set; unticked, builds are reused."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Language, Problem
from judge.models import Judgement, RejudgeSet
from judging.classification import Classification as C
from tests.jury.conftest import ClientAs
from tests.support import builders

pytestmark = pytest.mark.django_db


@pytest.fixture
def judge_client(client_as: ClientAs, judge_user: User) -> Client:
    return client_as(judge_user)


@pytest.mark.parametrize(("ticked", "rebuild"), [({"rebuild": "1"}, True), ({}, False)])
def test_reevaluate_takes_the_rebuild_box(
    problem: Problem,
    python: Language,
    team_user: User,
    judge_client: Client,
    ticked: dict[str, str],
    rebuild: bool,
) -> None:
    submission = builders.judged(team_user, problem, C.ACCEPTED)
    page = judge_client.get(reverse("jury:submission", args=[submission.pk])).content.decode()
    assert 'name="rebuild"' in page

    judge_client.post(reverse("jury:reevaluate", args=[submission.pk]), ticked)

    judgement = submission.judgements.get(reason=Judgement.Reason.REEVALUATION)
    assert judgement.rebuild is rebuild


@pytest.mark.parametrize(("ticked", "rebuild"), [({"rebuild": "on"}, True), ({}, False)])
def test_a_rejudge_set_takes_the_rebuild_box(
    problem: Problem,
    python: Language,
    team_user: User,
    judge_client: Client,
    ticked: dict[str, str],
    rebuild: bool,
) -> None:
    builders.judged(team_user, problem, C.WRONG_ANSWER)
    form = judge_client.get(reverse("jury:rejudge_new")).content.decode()
    assert 'name="rebuild"' in form

    response = judge_client.post(
        reverse("jury:rejudge_new"), {"problems": [problem.pk], "apply_rule": "keep", **ticked}
    )

    assert response.status_code == 302
    judgement = RejudgeSet.objects.get().items.get().new_judgement
    assert judgement is not None and judgement.rebuild is rebuild
