"""A judge's manual classification is an override: a rejudge set lists it apart and leaves it as
it is on apply, unless the applying judge picks it; the audit log says which (issue 12, item 11:
a rejudge once turned a judge's Wrong Answer into Time Limit Exceeded)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.errors import ServiceError
from judge.models import ApplyRule, AuditAction, AuditEntry, RejudgeSet, Submission
from judge.selectors import rejudge as selectors
from judge.services import jury, rejudge
from judge.services.rejudge import Selection
from judging.classification import Classification as C
from tests.support import builders

pytestmark = pytest.mark.django_db

Pair = tuple[Submission, Submission]
"""An Accepted the judge changed to Wrong Answer (final, with a reason), and a plain one."""


@pytest.fixture
def pair(problem: Problem, python: Language, team_user: User, judge_user: User) -> Pair:
    overridden = builders.judged(team_user, problem, C.ACCEPTED)
    jury.change(
        submission=overridden,
        judge=judge_user,
        classification=C.WRONG_ANSWER,
        comment="prints the answer of test 1 hard-coded",
    )
    plain = builders.judged(team_user, problem, C.WRONG_ANSWER)
    jury.validate(submission=plain, judge=judge_user)
    for s in (overridden, plain):
        s.refresh_from_db()
    return overridden, plain


def _judged_set(contest: Contest, judge: User, pair: Pair) -> RejudgeSet:
    rs = rejudge.create(contest=contest, judge=judge, selection=Selection())
    for submission in pair:
        builders.store(rs.items.get(submission=submission).new_judgement, C.TIME_LIMIT_EXCEEDED)
    return rs


def test_the_set_lists_the_judges_decision_apart(
    contest: Contest, pair: Pair, judge_user: User
) -> None:
    overridden, plain = pair
    rs = _judged_set(contest, judge_user, pair)
    found = selectors.overrides(rs)
    assert [o.item.submission_id for o in found] == [overridden.pk]
    o = found[0]
    assert (o.decided, o.report, o.new) == ("Wrong Answer", "Accepted", "Time Limit Exceeded")
    assert o.comment == "prints the answer of test 1 hard-coded" and o.by == judge_user.username
    assert [i.submission_id for i in selectors.matrix(rs).changed] == [plain.pk]


def test_apply_keeps_the_judges_decision_and_logs_it(
    contest: Contest, pair: Pair, judge_user: User
) -> None:
    overridden, plain = pair
    rs = _judged_set(contest, judge_user, pair)
    old_report = overridden.current_judgement_id

    rejudge.apply(rejudge=rs, judge=judge_user, rule=ApplyRule.KEEP)

    for s in pair:
        s.refresh_from_db()
    assert (overridden.classification, overridden.state) == ("Wrong Answer", "final")
    assert overridden.current_judgement_id == old_report
    assert plain.classification == "Time Limit Exceeded"
    summary = AuditEntry.objects.get(action=AuditAction.REJUDGE_APPLY, submission=None)
    assert summary.after["overrides_kept"] == [overridden.pk]
    assert summary.after["overrides_replaced"] == []
    assert summary.after["applied"] == [plain.pk]


def test_a_picked_override_is_replaced_and_the_log_says_who_chose_it(
    contest: Contest, pair: Pair, judge_user: User
) -> None:
    overridden, _plain = pair
    rs = _judged_set(contest, judge_user, pair)

    rejudge.apply(rejudge=rs, judge=judge_user, replace_overrides=[overridden.pk])

    overridden.refresh_from_db()
    assert overridden.classification == "Time Limit Exceeded"
    entry = AuditEntry.objects.get(action=AuditAction.REJUDGE_APPLY, submission=overridden)
    assert "replaces a judge's decision" in entry.comment and entry.user == judge_user
    assert entry.before["classification"] == "Wrong Answer"
    summary = AuditEntry.objects.get(action=AuditAction.REJUDGE_APPLY, submission=None)
    assert summary.after["overrides_replaced"] == [overridden.pk]


def test_picking_a_submission_that_is_no_override_is_refused(
    contest: Contest, pair: Pair, judge_user: User
) -> None:
    _overridden, plain = pair
    rs = _judged_set(contest, judge_user, pair)
    with pytest.raises(ServiceError) as refused:
        rejudge.apply(rejudge=rs, judge=judge_user, replace_overrides=[plain.pk])
    assert refused.value.code == "not_an_override"
    rs.refresh_from_db()
    assert rs.is_open


def test_an_automatic_apply_keeps_overrides(contest: Contest, pair: Pair, judge_user: User) -> None:
    overridden, plain = pair
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection(), auto_apply=True)
    # The old verdicts again: nothing changed, the set applies itself.
    builders.store(rs.items.get(submission=overridden).new_judgement, C.WRONG_ANSWER)
    builders.store(rs.items.get(submission=plain).new_judgement, C.WRONG_ANSWER)
    rs.refresh_from_db()
    assert not rs.is_open
    overridden.refresh_from_db()
    assert overridden.classification == "Wrong Answer"
    assert overridden.current_judgement_id != rs.items.get(submission=overridden).new_judgement_id


def test_the_page_offers_a_checkbox_per_override_and_apply_takes_the_ticked_ones(
    contest: Contest, pair: Pair, judge_user: User
) -> None:
    overridden, plain = pair
    rs = _judged_set(contest, judge_user, pair)
    client = Client()
    client.force_login(judge_user)
    html = client.get(reverse("jury:rejudge", args=[rs.pk])).content.decode()
    section = html.split('id="overrides"')[1].split("</table>")[0]
    assert f'name="replace" value="{overridden.pk}" form="apply-form"' in section
    assert f'value="{plain.pk}"' not in section
    assert "prints the answer of test 1 hard-coded" in section

    bad = client.post(reverse("jury:rejudge_apply", args=[rs.pk]), {"replace": "x"})
    assert bad.status_code == 302
    rs.refresh_from_db()
    assert rs.is_open  # refused with a message, nothing applied

    url = reverse("jury:rejudge_apply", args=[rs.pk])
    client.post(url, {"rule": "keep", "replace": [str(overridden.pk)]})
    overridden.refresh_from_db()
    assert overridden.classification == "Time Limit Exceeded"


def test_the_submission_page_says_the_set_keeps_the_judges_decision(
    contest: Contest, pair: Pair, judge_user: User
) -> None:
    overridden, plain = pair
    _judged_set(contest, judge_user, pair)
    client = Client()
    client.force_login(judge_user)
    page = client.get(reverse("jury:submission", args=[overridden.pk])).content.decode()
    assert "applying the set keeps it unless the applying judge ticks it" in page
    page = client.get(reverse("jury:submission", args=[plain.pk])).content.decode()
    assert "applying it replaces this verdict" in page
