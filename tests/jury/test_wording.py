"""Item 21 of issue 12: filters offer only the languages a contest can have submissions in, and
the team's function-problem page speaks the site's language, not the jury's internal words."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Contest, Language, Problem
from jury.forms import QueueFilterForm, RejudgeForm, filter_languages
from tests.jury.conftest import ClientAs
from tests.support import builders

pytestmark = pytest.mark.django_db


def _disable(languages: dict[str, Language], *ids: str) -> None:
    Language.objects.filter(pk__in=ids).update(enabled=False)


def test_a_disabled_language_without_submissions_is_not_offered(
    contest: Contest, languages: dict[str, Language]
) -> None:
    _disable(languages, "rust")
    offered = set(filter_languages(contest).values_list("pk", flat=True))
    assert "rust" not in offered and "python3" in offered
    queue = QueueFilterForm(contest=contest).fields["language"]
    rejudge = RejudgeForm(contest=contest).fields["languages"]
    for field in (queue, rejudge):
        assert "rust" not in {lang.pk for lang in field.queryset}  # type: ignore[attr-defined]


def test_a_disabled_language_with_submissions_stays_in_the_filters(
    contest: Contest, languages: dict[str, Language], problem: Problem, team_user: User
) -> None:
    builders.send(team_user, problem)  # in Python
    _disable(languages, "python3", "rust")
    offered = set(filter_languages(contest).values_list("pk", flat=True))
    assert "python3" in offered and "rust" not in offered


def test_the_queue_and_rejudge_pages_leave_out_rust_when_disabled(
    contest: Contest, languages: dict[str, Language], client_as: ClientAs, judge_user: User
) -> None:
    _disable(languages, "rust")
    client = client_as(judge_user)
    for name in ("home", "rejudge_new"):
        html = client.get(reverse(f"jury:{name}")).content.decode()
        assert '<option value="python3"' in html
        assert '<option value="rust"' not in html, name


def test_the_function_problem_page_uses_the_sites_words(fn: Problem, team_user: User) -> None:
    client = Client()
    client.force_login(team_user)
    html = client.get(reverse("team:problem", args=[fn.letter])).content.decode()
    assert "Function problem (" not in html
    assert '<span data-kind="function">Write a function</span>' in html
    coverage = html.split('id="coverage"')[1].split("</table>")[0]
    assert "judged" not in coverage and "verifying" not in coverage and "reference" not in coverage
    assert "open for submissions" in coverage and "being checked by the jury" in coverage
