"""Test groups with points for a problem made in the web app: the jury's form stores them and
the problem's type, what does not fit the tests is refused with the line or test named and
nothing changed, and a real judging scores a submission by them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import User
from contest.models import Problem
from judge.errors import ServiceError
from judge.models import AuditAction, AuditEntry
from judge.services.scoring_groups import set_groups, text_of
from tests.jury.conftest import ClientAs
from tests.support import builders, factories

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("languages")]


@pytest.fixture
def grouped(problem: Problem) -> Problem:
    """Sum with tests in two folders: small numbers, and numbers a wrong solution gets wrong."""
    problem.tests.filter(name="secret/1").update(name="secret/small/1")
    factories.add_test(problem, 3, "secret/small/2", b"2 2\n", b"4\n")
    factories.add_test(problem, 4, "secret/large/1", b"1000 2000\n", b"3000\n")
    return problem


def test_the_form_stores_groups_with_points_and_the_scoring_type(
    grouped: Problem, admin_user: User, client_as: ClientAs
) -> None:
    url = reverse("jury:problem_groups", args=[grouped.pk])
    response = client_as(admin_user).post(url, {"groups": "secret/small 30\nsecret/large 70\n"})
    assert response.status_code == 302
    grouped.refresh_from_db()
    assert grouped.types == ["scoring"]
    assert text_of(grouped) == "secret/small 30\nsecret/large 70"
    entry = AuditEntry.objects.get(action=AuditAction.PROBLEM_CHANGE)
    assert entry.after == {"types": ["scoring"], "groups": "secret/small 30\nsecret/large 70"}
    page = client_as(admin_user).get(reverse("jury:problem", args=[grouped.pk])).content.decode()
    assert "secret/small 30" in page
    client_as(admin_user).post(url, {"groups": ""})  # back to pass-fail
    grouped.refresh_from_db()
    assert grouped.types == ["pass-fail"] and not grouped.test_groups.exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("secret/small 30\nsecret/large", "Line 2: write a folder and its points"),
        ("secret/small thirty\nsecret/large 70", "Line 1: points must be a positive number"),
        ("secret/small -5\nsecret/large 70", "Line 1: points must be a positive number"),
        ("secret/small 30", "These tests are in no group: secret/large/1"),
        ("secret/small 30\nsecret/large 70\nsecret/huge 10", "No secret test is in secret/huge/"),
        ("small 30\nsecret/large 70", "'small': a group is a folder right under secret/"),
        ("secret/small 30\nsecret/small 70", "named once"),
    ],
)
def test_groups_that_do_not_fit_the_tests_are_refused_and_nothing_changes(
    grouped: Problem, admin_user: User, text: str, message: str
) -> None:
    set_groups(problem=grouped, admin=admin_user, text="secret/small 50\nsecret/large 50")
    with pytest.raises(ServiceError) as refused:
        set_groups(problem=grouped, admin=admin_user, text=text)
    assert message in refused.value.message
    grouped.refresh_from_db()
    assert text_of(grouped) == "secret/small 50\nsecret/large 50"


@pytest.mark.sandbox
def test_a_real_judging_scores_by_the_web_groups(
    grouped: Problem, admin_user: User, team_user: User
) -> None:
    set_groups(problem=grouped, admin=admin_user, text="secret/small 30\nsecret/large 70")
    small_only = b"a, b = map(int, input().split())\nprint(a + b if a < 100 else 0)\n"
    submission = builders.sent_and_judged(team_user, grouped, small_only)
    judgement = submission.current_judgement
    assert judgement is not None
    assert (judgement.classification, judgement.score) == ("Wrong Answer", 30.0)
    right = builders.sent_and_judged(team_user, grouped, builders.CORRECT)
    assert right.current_judgement is not None and right.current_judgement.score == 100.0
