"""Rejudge sets with new reports stored by the results service (what the worker stores after
the engine ran). The same with real judging: test_rejudge_sandbox.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from pytest_django import DjangoCaptureOnCommitCallbacks, Settings

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.errors import ServiceError
from judge.models import (
    ApplyRule,
    AuditAction,
    AuditEntry,
    Judgement,
    JudgementState,
    RejudgeSet,
    RejudgeState,
    Submission,
)
from judge.selectors import rejudge as rejudge_view
from judge.selectors.visibility import team_view
from judge.services import jury, rejudge
from judge.services.rejudge import Selection
from judging.classification import Classification as C
from tests.support import builders, factories

pytestmark = pytest.mark.django_db

Subs = tuple[Submission, Submission, Submission]
"""Alpha's Wrong Answer (pending), Alpha's Accepted (final), Beta's Wrong Answer (final)."""


@pytest.fixture
def subs(
    contest: Contest,
    problem: Problem,
    python: Language,
    team_user: User,
    other_team_user: User,
    judge_user: User,
) -> Subs:
    """Three judged submissions: Alpha WA (pending), Alpha AC (final), Beta WA (final)."""
    wa = builders.judged(team_user, problem, C.WRONG_ANSWER)
    ac = builders.judged(team_user, problem, C.ACCEPTED)
    jury.validate(submission=ac, judge=judge_user)
    beta = builders.judged(other_team_user, problem, C.WRONG_ANSWER)
    jury.validate(submission=beta, judge=judge_user)
    for s in (wa, ac, beta):
        s.refresh_from_db()
    return wa, ac, beta


def new_judgement(rs: RejudgeSet, submission: Submission) -> Judgement:
    return rs.items.get(submission=submission).new_judgement


def finish(rs: RejudgeSet, verdicts: dict[Submission, C]) -> None:
    """Store each submission's new report: {submission: classification}."""
    for submission, verdict in verdicts.items():
        builders.store(new_judgement(rs, submission), verdict)


def test_it_selects_by_problem_language_team_classification_and_ids(
    contest: Contest, subs: Subs
) -> None:
    wa, ac, beta = subs
    everything = rejudge.select(contest, Selection())
    assert set(everything) == {wa, ac, beta}
    by_team = rejudge.select(contest, Selection(team_ids=(wa.team_id,)))
    assert set(by_team) == {wa, ac}
    by_class = rejudge.select(contest, Selection(classifications=("Wrong Answer",)))
    assert set(by_class) == {wa, beta}
    assert list(rejudge.select(contest, Selection(submission_ids=(ac.pk,)))) == [ac]
    assert set(rejudge.select(contest, Selection(language_ids=("python3",)))) == {wa, ac, beta}
    assert not rejudge.select(contest, Selection(language_ids=("c",))).exists()
    assert not rejudge.select(contest, Selection(problem_ids=(999,))).exists()


def test_it_selects_by_time_range(contest: Contest, subs: Subs) -> None:
    wa, ac, beta = subs
    ac.submitted_at = wa.submitted_at + timedelta(minutes=5)
    ac.save()
    beta.submitted_at = wa.submitted_at + timedelta(minutes=10)
    beta.save()
    selection = Selection(
        since=wa.submitted_at + timedelta(minutes=1), until=wa.submitted_at + timedelta(minutes=6)
    )
    assert list(rejudge.select(contest, selection)) == [ac]


def test_it_skips_submissions_not_judged_yet(
    contest: Contest, problem: Problem, team_user: User, subs: Subs
) -> None:
    queued = builders.send(team_user, problem)
    assert queued not in rejudge.select(contest, Selection())


def test_create_makes_items_with_old_and_new_judgements(
    contest: Contest, subs: Subs, judge_user: User
) -> None:
    wa, ac, beta = subs

    rs = rejudge.create(
        contest=contest, judge=judge_user, selection=Selection(), reason="answer fixed"
    )

    items = list(rs.items.order_by("submission_id"))
    assert [i.submission_id for i in items] == [wa.pk, ac.pk, beta.pk]
    assert [i.old_judgement_id for i in items] == [s.current_judgement_id for s in subs]
    assert [(i.old_classification, i.old_state) for i in items] == [
        ("Wrong Answer", "pending"),
        ("Accepted", "final"),
        ("Wrong Answer", "final"),
    ]
    assert all(i.new_judgement.reason == Judgement.Reason.REJUDGE for i in items)
    assert all(i.new_judgement.state == JudgementState.QUEUED for i in items)
    entry = AuditEntry.objects.get(action=AuditAction.REJUDGE_CREATE)
    assert entry.after["submissions"] == [wa.pk, ac.pk, beta.pk]
    assert entry.comment == "answer fixed"


def test_create_queues_on_the_rejudging_queue(
    contest: Contest,
    subs: Subs,
    judge_user: User,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    import django_rq

    queues = {name: django_rq.get_queue(name) for name in ("judging", "rejudging")}
    for queue in queues.values():
        queue.empty()
    with django_capture_on_commit_callbacks(execute=True):
        rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())

    expected = sorted(rs.items.values_list("new_judgement_id", flat=True))
    assert sorted(job.args[0] for job in queues["rejudging"].get_jobs()) == expected
    assert queues["judging"].count == 0
    queues["rejudging"].empty()


def test_create_refuses_an_empty_selection(contest: Contest, subs: Subs, judge_user: User) -> None:
    with pytest.raises(ServiceError) as refused:
        rejudge.create(contest=contest, judge=judge_user, selection=Selection(language_ids=("c",)))
    assert refused.value.code == "empty_selection"


def test_a_submission_in_an_open_set_is_left_out_of_another(
    contest: Contest, subs: Subs, judge_user: User
) -> None:
    wa, ac, beta = subs
    rejudge.create(contest=contest, judge=judge_user, selection=Selection(submission_ids=(wa.pk,)))

    second = rejudge.create(contest=contest, judge=judge_user, selection=Selection())

    assert set(second.items.values_list("submission_id", flat=True)) == {ac.pk, beta.pk}
    with pytest.raises(ServiceError) as refused:
        rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    assert refused.value.code == "empty_selection"


def test_progress_counts_finished_judgements(
    contest: Contest, subs: Subs, judge_user: User
) -> None:
    wa, _ac, _beta = subs
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    assert (rejudge_view.progress(rs).done, rejudge_view.progress(rs).total) == (0, 3)

    finish(rs, {wa: C.ACCEPTED})

    progress = rejudge_view.progress(rs)
    assert (progress.done, progress.total, progress.percent, progress.finished) == (1, 3, 33, False)


def test_a_judgement_failing_for_good_counts_as_finished(
    contest: Contest, subs: Subs, judge_user: User, settings: Settings
) -> None:
    wa, _ac, _beta = subs
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    retrying = new_judgement(rs, wa)
    Judgement.objects.filter(pk=retrying.pk).update(state=JudgementState.FAILED, attempts=1)
    assert rejudge_view.progress(rs).done == 0

    Judgement.objects.filter(pk=retrying.pk).update(attempts=settings.JUIZ_MAX_RETRIES + 1)

    assert rejudge_view.progress(rs).done == 1


def test_matrix_counts_old_verdict_against_new_classification(
    contest: Contest, subs: Subs, judge_user: User
) -> None:
    wa, ac, _beta = subs
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    finish(rs, {wa: C.ACCEPTED, ac: C.ACCEPTED})

    matrix = rejudge_view.matrix(rs)

    assert matrix.rows == ("Accepted", "Wrong Answer")
    assert matrix.columns == ("Accepted",)
    assert matrix.counts == {("Wrong Answer", "Accepted"): 1, ("Accepted", "Accepted"): 1}
    assert [i.submission_id for i in matrix.changed] == [wa.pk]
    assert matrix.unfinished == 1
    assert matrix.table() == [("Accepted", [("Accepted", 1)]), ("Wrong Answer", [("Accepted", 1)])]


def test_teams_keep_the_old_verdict_until_apply(
    contest: Contest, subs: Subs, judge_user: User
) -> None:
    wa, ac, beta = subs
    before = [team_view(s) for s in subs]
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    finish(rs, {wa: C.ACCEPTED, ac: C.WRONG_ANSWER, beta: C.WRONG_ANSWER})

    for s in subs:
        s.refresh_from_db()
    assert [team_view(s) for s in subs] == before

    rejudge.apply(rejudge=rs, judge=judge_user)

    for s in subs:
        s.refresh_from_db()
    assert [team_view(s).classification for s in subs] == [
        "Accepted",
        "Wrong Answer",
        "Wrong Answer",
    ]
    assert [s.current_judgement_id for s in subs] == [new_judgement(rs, s).pk for s in subs]


@pytest.mark.parametrize(
    ("rule", "states"),
    [
        (ApplyRule.KEEP, ["pending", "final", "final"]),
        (ApplyRule.PENDING, ["pending", "pending", "pending"]),
        (ApplyRule.FINAL_IF_UNCHANGED, ["pending", "pending", "final"]),
    ],
)
def test_apply_sets_the_state_by_the_rule(
    contest: Contest, subs: Subs, judge_user: User, rule: ApplyRule, states: list[str]
) -> None:
    wa, ac, beta = subs
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    finish(rs, {wa: C.ACCEPTED, ac: C.WRONG_ANSWER, beta: C.WRONG_ANSWER})

    rejudge.apply(rejudge=rs, judge=judge_user, rule=rule)

    for s in subs:
        s.refresh_from_db()
    assert [s.state for s in subs] == states
    rs.refresh_from_db()
    assert (rs.state, rs.apply_rule, rs.closed_by) == (RejudgeState.APPLIED, rule, judge_user)


def test_apply_records_one_entry_per_submission_and_one_for_the_set(
    contest: Contest, subs: Subs, judge_user: User
) -> None:
    wa, ac, beta = subs
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    finish(rs, {wa: C.ACCEPTED, ac: C.ACCEPTED, beta: C.WRONG_ANSWER})

    rejudge.apply(rejudge=rs, judge=judge_user, comment="data fixed")

    entries = AuditEntry.objects.filter(action=AuditAction.REJUDGE_APPLY)
    per_submission = {e.submission_id: e for e in entries if e.submission_id}
    assert set(per_submission) == {wa.pk, ac.pk, beta.pk}
    assert per_submission[wa.pk].before["classification"] == "Wrong Answer"
    assert per_submission[wa.pk].after["classification"] == "Accepted"
    summary = entries.get(submission=None)
    assert summary.comment == "data fixed"
    assert sorted(summary.after["applied"]) == sorted(s.pk for s in subs)


def test_apply_is_refused_while_judging(contest: Contest, subs: Subs, judge_user: User) -> None:
    wa, _ac, _beta = subs
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    finish(rs, {wa: C.ACCEPTED})

    with pytest.raises(ServiceError) as refused:
        rejudge.apply(rejudge=rs, judge=judge_user)

    assert refused.value.code == "rejudge_unfinished"
    wa.refresh_from_db()
    assert wa.classification == "Wrong Answer"


def test_apply_leaves_a_failed_judgement_out(
    contest: Contest, subs: Subs, judge_user: User, settings: Settings
) -> None:
    wa, ac, beta = subs
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    finish(rs, {ac: C.ACCEPTED, beta: C.ACCEPTED})
    Judgement.objects.filter(pk=new_judgement(rs, wa).pk).update(
        state=JudgementState.FAILED,
        attempts=settings.JUIZ_MAX_RETRIES + 1,
        classification=C.REQUIRES_REEVALUATION.value,
    )

    rejudge.apply(rejudge=rs, judge=judge_user)

    wa.refresh_from_db()
    beta.refresh_from_db()
    assert (wa.classification, wa.current_judgement_id) == (
        "Wrong Answer",
        subs[0].current_judgement_id,
    )
    assert beta.classification == "Accepted"


def test_cancel_discards_the_new_reports(contest: Contest, subs: Subs, judge_user: User) -> None:
    wa, _ac, _beta = subs
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    finish(rs, {wa: C.ACCEPTED})

    rejudge.cancel(rejudge=rs, judge=judge_user, comment="wrong selection")

    states = set(Judgement.objects.filter(reason="rejudge").values_list("state", flat=True))
    assert states == {JudgementState.CANCELLED}
    for s in subs:
        before = s.current_judgement_id
        s.refresh_from_db()
        assert s.current_judgement_id == before
    assert AuditEntry.objects.get(action=AuditAction.REJUDGE_CANCEL).comment == "wrong selection"
    with pytest.raises(ServiceError) as refused:
        rejudge.apply(rejudge=rs, judge=judge_user)
    assert refused.value.code == "rejudge_closed"


def test_a_cancelled_judgement_is_never_claimed_by_a_worker(
    contest: Contest, subs: Subs, judge_user: User
) -> None:
    from judge.jobs.judging import judge_judgement

    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    rejudge.cancel(rejudge=rs, judge=judge_user)
    judgement = new_judgement(rs, subs[0])

    judge_judgement(judgement.pk)  # returns at once: nothing waits to be judged

    judgement.refresh_from_db()
    assert (judgement.state, judgement.attempts) == (JudgementState.CANCELLED, 0)


def test_a_set_applies_itself_when_nothing_changed(
    contest: Contest, subs: Subs, judge_user: User
) -> None:
    wa, ac, beta = subs
    rs = rejudge.create(
        contest=contest,
        judge=judge_user,
        selection=Selection(),
        auto_apply=True,
        apply_rule=ApplyRule.PENDING,
    )
    finish(rs, {wa: C.WRONG_ANSWER, ac: C.ACCEPTED})
    rs.refresh_from_db()
    assert rs.state == RejudgeState.JUDGING

    finish(rs, {beta: C.WRONG_ANSWER})

    rs.refresh_from_db()
    assert (rs.state, rs.closed_by) == (RejudgeState.APPLIED, None)
    beta.refresh_from_db()
    assert (beta.current_judgement_id, beta.state) == (new_judgement(rs, beta).pk, "pending")


def test_a_set_with_a_change_waits_for_a_judge_even_with_auto_apply(
    contest: Contest, subs: Subs, judge_user: User
) -> None:
    wa, ac, beta = subs
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection(), auto_apply=True)

    finish(rs, {wa: C.ACCEPTED, ac: C.ACCEPTED, beta: C.WRONG_ANSWER})

    rs.refresh_from_db()
    assert rs.state == RejudgeState.JUDGING
    wa.refresh_from_db()
    assert wa.classification == "Wrong Answer"


def test_a_report_of_an_open_set_cannot_be_made_current_alone(
    contest: Contest, subs: Subs, judge_user: User
) -> None:
    wa, _ac, _beta = subs
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    finish(rs, {wa: C.ACCEPTED})

    with pytest.raises(ServiceError) as refused:
        jury.make_current(
            submission=wa, judgement=new_judgement(rs, wa), judge=judge_user, final=True
        )

    assert refused.value.code == "in_rejudge_set"


def test_only_the_contests_submissions_are_selected(
    contest: Contest, subs: Subs, judge_user: User
) -> None:
    other = factories.running_contest(short_name="other")
    ids = tuple(s.pk for s in subs)

    with pytest.raises(ServiceError) as refused:
        rejudge.create(contest=other, judge=judge_user, selection=Selection(submission_ids=ids))

    assert refused.value.code == "empty_selection"


def _store_scored(judgement: Judgement, verdict: C, score: float) -> None:
    from django.db import transaction

    from judge.services.results import on_judgement_done, store_report
    from judging.report import GroupReport, Report

    group = GroupReport("secret/g1", verdict, score, 60.0)
    with transaction.atomic():
        store_report(judgement, Report(verdict, score=score, groups=(group,), max_score=60.0))
        on_judgement_done(judgement)


def test_a_scoring_problem_s_judgement_keeps_its_points_and_the_matrix_crosses_them(
    contest: Contest, problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    first = builders.send(team_user, problem)
    _store_scored(builders.first_judgement(first), C.WRONG_ANSWER, 30.0)
    second = builders.send(team_user, problem)
    _store_scored(builders.first_judgement(second), C.WRONG_ANSWER, 10.0)
    assert builders.first_judgement(first).score == 30.0
    rs = rejudge.create(contest=contest, judge=judge_user, selection=Selection())
    _store_scored(new_judgement(rs, first), C.WRONG_ANSWER, 50.0)  # same verdict, more points
    _store_scored(new_judgement(rs, second), C.WRONG_ANSWER, 10.0)

    matrix = rejudge_view.matrix(rs)

    assert matrix.scores == {("30", "50"): 1, ("10", "10"): 1}
    assert matrix.score_table() == [("10", [("10", 1), ("50", 0)]), ("30", [("10", 0), ("50", 1)])]
    assert [i.submission_id for i in matrix.changed] == [first.pk]
