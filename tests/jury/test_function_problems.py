"""A function problem on the jury's pages: every case's previews, the coverage of each language
(and verifying again), importing a library problem."""

from __future__ import annotations

import django_rq
import pytest
from django.urls import reverse
from pytest_django import DjangoCaptureOnCommitCallbacks
from redis import Redis

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.models import LanguageCoverage
from judge.queue import VERIFYING_QUEUE
from tests.support.function_problems import judged_add, logged_in

pytestmark = pytest.mark.django_db


def test_judges_see_previews_of_every_case(fn: Problem, team_user: User, judge_user: User) -> None:
    submission = judged_add(fn, team_user)
    page = logged_in(judge_user).get(reverse("jury:submission", args=[submission.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "SECRET-GOT-41" in html and "[40,2]" in html


def test_the_jury_problem_page_shows_coverage_and_reverifies(
    fn: Problem,
    admin_user: User,
    team_user: User,
    redis_conn: Redis,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    LanguageCoverage.objects.filter(problem=fn, language_id="cpp").update(
        detail="reference: Wrong Answer on gen:3"
    )
    admin = logged_in(admin_user)
    html = admin.get(reverse("jury:problem", args=[fn.pk])).content.decode()
    assert 'data-language="cpp" data-state="failed"' in html
    assert "reference: Wrong Answer on gen:3" in html
    url = reverse("jury:problem_reverify", args=[fn.pk])
    assert logged_in(team_user).post(url).status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        assert admin.post(url).status_code == 302
    assert set(LanguageCoverage.objects.filter(problem=fn).values_list("state", flat=True)) == {
        "pending"
    }
    assert django_rq.get_queue(VERIFYING_QUEUE).count == 5


def test_admins_import_a_library_problem_from_the_jury_pages(
    contest: Contest, languages: dict[str, Language], admin_user: User, redis_conn: Redis
) -> None:
    admin = logged_in(admin_user)
    listing = admin.get(reverse("jury:problems")).content.decode()
    assert "<option>two-sum</option>" in listing
    url = reverse("jury:function_problem_import")
    response = admin.post(url, {"library_id": "two-sum", "letter": "c"})
    problem = contest.problems.get(letter="C")
    assert response.status_code == 302 and response["Location"].endswith(f"/{problem.pk}/")
    assert problem.library_id == "two-sum" and problem.coverage.count() == 5
    response = admin.post(url, {"library_id": "nope"}, follow=True)
    assert "no library problem" in response.content.decode()
