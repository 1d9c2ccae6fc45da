"""The style settings: admins turn style reports on per contest or per problem with a bundled
rule set (audited); judges and teams may not; a rule set the engine lacks is refused."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from accounts.models import User
from contest.models import Contest, Problem, StyleRules
from contest.style import style_rule_set
from judge.models import AuditAction, AuditEntry
from judging.style import RULE_SETS
from jury.forms import CONTEST_FIELDS, PROBLEM_FIELDS
from tests.jury.conftest import ClientAs

pytestmark = pytest.mark.django_db


def _posted(instance: Contest | Problem, fields: tuple[str, ...], **changes: Any) -> dict[str, Any]:
    data = {name: getattr(instance, name) for name in fields} | changes
    # An unticked box and an empty date are left out of the form, as a browser does.
    return {k: v for k, v in data.items() if v is not False and v is not None}


def test_the_settings_offer_exactly_the_engines_rule_sets() -> None:
    assert [c for c in StyleRules.values if c != StyleRules.OFF] == list(RULE_SETS)


def test_an_admin_turns_style_on_for_the_contest_and_it_is_audited(
    contest: Contest, admin_user: User, client_as: ClientAs
) -> None:
    client = client_as(admin_user)
    page = client.get(reverse("jury:contest_settings")).content.decode()
    assert 'name="style_rules"' in page and "On: the strict rules" in page
    data = _posted(contest, CONTEST_FIELDS, style_rules="strict")
    assert client.post(reverse("jury:contest_settings"), data).status_code == 302
    contest.refresh_from_db()
    assert contest.style_rules == "strict"
    entry = AuditEntry.objects.get(action=AuditAction.CONTEST_SETTINGS)
    assert (entry.before, entry.after) == ({"style_rules": "off"}, {"style_rules": "strict"})


def test_a_problem_overrides_the_contest_or_follows_it(
    problem: Problem, admin_user: User, client_as: ClientAs
) -> None:
    client = client_as(admin_user)
    url = reverse("jury:problem", args=[problem.pk])
    assert "As the contest" in client.get(url).content.decode()
    assert style_rule_set(problem) is None  # off by default
    response = client.post(url, _posted(problem, PROBLEM_FIELDS, style_rules="default"))
    assert response.status_code == 302
    problem.refresh_from_db()
    assert style_rule_set(problem) == "default"
    problem.contest.style_rules = StyleRules.STRICT
    assert style_rule_set(problem) == "default"  # the problem's own choice wins
    problem.style_rules = ""
    assert style_rule_set(problem) == "strict"  # as the contest


def test_an_unknown_rule_set_is_refused_and_nothing_is_saved(
    contest: Contest, problem: Problem, admin_user: User, client_as: ClientAs
) -> None:
    client = client_as(admin_user)
    bad = _posted(contest, CONTEST_FIELDS, style_rules="lenient")
    assert client.post(reverse("jury:contest_settings"), bad).status_code == 400
    url = reverse("jury:problem", args=[problem.pk])
    assert (
        client.post(url, _posted(problem, PROBLEM_FIELDS, style_rules="lenient")).status_code == 400
    )
    contest.refresh_from_db()
    problem.refresh_from_db()
    assert (contest.style_rules, problem.style_rules) == ("off", "")


@pytest.mark.parametrize(("who", "status"), [("judge_user", 403), ("team_user", 403), (None, 302)])
def test_only_admins_may_change_the_style_settings(
    contest: Contest,
    problem: Problem,
    client_as: ClientAs,
    request: pytest.FixtureRequest,
    who: str | None,
    status: int,
) -> None:
    """Judges and teams are refused; anonymous visitors are sent to log in."""
    client = client_as(request.getfixturevalue(who) if who else None)
    posts = [
        (reverse("jury:contest_settings"), _posted(contest, CONTEST_FIELDS, style_rules="strict")),
        (
            reverse("jury:problem", args=[problem.pk]),
            _posted(problem, PROBLEM_FIELDS, style_rules="strict"),
        ),
    ]
    for url, data in posts:
        response = client.post(url, data)
        assert response.status_code == status
        if status == 302:
            assert "login" in response["Location"]
    contest.refresh_from_db()
    problem.refresh_from_db()
    assert (contest.style_rules, problem.style_rules) == ("off", "")
