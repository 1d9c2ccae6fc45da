"""The read side of live events: after a commit, read what changed and publish it.

live.events' hooks call these through the Publisher that LiveConfig.ready() connects. Reading
here (rather than in the hooks) keeps the callers free of the views they would otherwise have to
build, and every reader sees the committed state.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils import timezone

from contest.models import Contest
from contest.selectors import default_contest
from judge.models import Judgement, JudgementState, LanguageSelfTest, RejudgeItem, RejudgeSet
from judge.selectors import rejudge as rejudge_selectors
from live import balloons, clarifications, printouts, streams
from live import contest as contest_times
from live import submissions as subviews
from live.events import (
    BoardAudience,
    ClarificationKind,
    Counts,
    JudgementEvent,
    RejudgeEvent,
    ScoreboardEvent,
    SelfTestEvent,
    SubmissionEvent,
    SubmissionKind,
)
from scoreboard import score_board, services, updates

Outgoing = list[tuple[str, Any]]


class LivePublisher:
    """live.events.Publisher: what the hooks' callbacks do."""

    def submission(self, submission_id: int, kind: SubmissionKind) -> None:
        publish_submission(submission_id, kind)

    def judgement(self, judgement_id: int) -> None:
        publish_judgement(judgement_id)

    def board(self, contest_id: int, audience: BoardAudience, teams: list[int] | None) -> None:
        contest = Contest.objects.get(pk=contest_id)
        outgoing: Outgoing = [board_event(contest, audience, teams, None)]
        if score_board.shown(contest):
            outgoing.append(score_event(contest, audience, teams))
        streams.publish(outgoing)

    def rejudge(self, rejudge_id: int) -> None:
        found = RejudgeSet.objects.filter(pk=rejudge_id).first()
        if found is not None:
            streams.publish([(streams.jury_stream(found.contest_id), rejudge_event(found))])

    def selftest(self, selftest_id: int) -> None:
        publish_selftest(selftest_id)

    def clarification(self, clarification_id: int, kind: ClarificationKind) -> None:
        clarifications.publish(clarification_id, kind)

    def contest(self, contest_id: int) -> None:
        publish_contest(contest_id)

    def balloons(self, contest_id: int, team_id: int, problem_id: int) -> None:
        balloons.publish(contest_id, team_id, problem_id)

    def printout(self, contest_id: int, printout_id: int) -> None:
        printouts.publish(contest_id, printout_id)


def publish_contest(contest_id: int) -> None:
    """The contest's times to every stream of it; and when what the board's cells depend on
    changed (the start, the freeze, the penalty...), the boards rebuilt and sent whole."""
    contest = Contest.objects.filter(pk=contest_id).first()
    if contest is None:
        return
    outgoing: Outgoing = contest_times.events(contest)
    if services.ensure_fresh(contest):
        outgoing += [board_event(contest, audience, None, None) for audience in AUDIENCES]
        if score_board.shown(contest):
            outgoing += [score_event(contest, audience, None) for audience in AUDIENCES]
    try:
        streams.publish(outgoing)
    finally:
        # The freeze, the pending rule or the balloon setting may have changed which
        # submissions earn a balloon: each balloon that differs is announced on its own.
        balloons.after_contest_change(contest)


AUDIENCES: tuple[BoardAudience, ...] = ("jury", "public")


def counts(states: dict[str, int]) -> Counts:
    judging = states.get("queued", 0) + states.get("judging", 0)
    return Counts(pending=states.get("pending", 0), judging=judging, states=states)


def submission_event(
    sub: Any, kind: SubmissionKind, audience: subviews.Audience, judgement: Any = None
) -> SubmissionEvent:
    view = subviews.view(sub, audience, judgement)
    return SubmissionEvent(type="submission", kind=kind, submission=view)


def submission_events(sub: Any, kind: SubmissionKind, judgement: Any = None) -> Outgoing:
    contest_id, team_id = sub.contest_id, sub.team_id
    jury = submission_event(sub, kind, "jury", judgement)
    jury["counts"] = counts(subviews.counts(contest_id))
    return [
        (streams.team_stream(contest_id, team_id), submission_event(sub, kind, "team", judgement)),
        (streams.jury_stream(contest_id), jury),
    ]


def publish_submission(submission_id: int, kind: SubmissionKind) -> None:
    sub = subviews.load(submission_id)
    if sub is None:
        return
    try:
        _publish_with_board(sub, kind)
    finally:
        # The verdict as the jury's board now counts it decides the balloon (its own commit,
        # its own event on the balloons stream), even when Redis refused the events above.
        balloons.after_verdict(sub.contest, sub.team_id, sub.problem_id)


def _publish_with_board(sub: Any, kind: SubmissionKind) -> None:
    # The team and the jury first: the board's cell and its change take a few queries more.
    streams.publish(submission_events(sub, kind))
    update = services.refresh_cell(sub.contest, sub.team_id, sub.problem_id)
    teams = None if update.rebuilt else [sub.team_id]
    problems = None if update.rebuilt else [sub.problem_id]
    board: Outgoing = []
    if update.jury:
        board.append(board_event(sub.contest, "jury", teams, problems))
    if update.public:
        board.append(board_event(sub.contest, "public", teams, problems))
    if update.scores_jury:
        board.append(score_event(sub.contest, "jury", teams))
    if update.scores_public:
        board.append(score_event(sub.contest, "public", teams))
    streams.publish(board)


def publish_judgement(judgement_id: int) -> None:
    """A judgement was claimed, progressed, stored or failed."""
    fields = ("state", "reason", "submission_id")
    row = Judgement.objects.filter(pk=judgement_id).values_list(*fields).first()
    if row is None:
        return
    state, reason, submission_id = row
    publish_judgement_event(judgement_id)
    finished = state in (JudgementState.DONE, JudgementState.FAILED)
    if finished and reason == Judgement.Reason.SUBMISSION:
        # The submission's state and verdict changed: refresh its board cell, tell everyone.
        publish_submission(submission_id, "judged")
    else:
        publish_progress(judgement_id)
    if reason == Judgement.Reason.REJUDGE and state != JudgementState.JUDGING:
        publish_rejudge_of(judgement_id)


def judgement_event(judgement: Judgement) -> JudgementEvent:
    return JudgementEvent(
        type="judgement",
        judgement=judgement.pk,
        submission=judgement.submission_id,
        reason=judgement.reason,
        state=judgement.state,
        state_label=judgement.get_state_display(),
        classification=judgement.classification,
        tests_done=judgement.tests_done,
        tests_total=judgement.tests_total,
        finished=rejudge_selectors.is_finished(judgement),
    )


def publish_judgement_event(judgement_id: int) -> None:
    """The report itself, for the jury's submission and rejudge pages (whatever its reason)."""
    judgement = Judgement.objects.select_related("submission").filter(pk=judgement_id).first()
    if judgement is None:
        return
    stream = streams.jury_stream(judgement.submission.contest_id)
    streams.publish([(stream, judgement_event(judgement))])


def publish_progress(judgement_id: int) -> None:
    judgement = Judgement.objects.filter(pk=judgement_id).first()
    sub = subviews.load(judgement.submission_id) if judgement else None
    if sub is None:
        return
    jury = submission_event(sub, "progress", "jury", judgement)
    jury["counts"] = counts(subviews.counts(sub.contest_id))
    events: Outgoing = [(streams.jury_stream(sub.contest_id), jury)]
    # A rejudge of a settled submission is the jury's business: the team's verdict stands.
    if sub.state in subviews.ACTIVE_STATES:
        team = submission_event(sub, "progress", "team", judgement)
        events.insert(0, (streams.team_stream(sub.contest_id, sub.team_id), team))
    streams.publish(events)


def publish_rejudge_of(judgement_id: int) -> None:
    """The progress of the rejudge set this judgement belongs to."""
    item = RejudgeItem.objects.filter(new_judgement_id=judgement_id).select_related("rejudge")
    found = item.first()
    if found is None:
        return
    event = rejudge_event(found.rejudge)
    streams.publish([(streams.jury_stream(found.rejudge.contest_id), event)])


def rejudge_event(rejudge_set: RejudgeSet) -> RejudgeEvent:
    progress = rejudge_selectors.progress(rejudge_set)
    return RejudgeEvent(
        type="rejudge",
        rejudge=rejudge_set.pk,
        done=progress.done,
        total=progress.total,
        finished=progress.finished,
        state=rejudge_set.state,
    )


def selftest_event(selftest: LanguageSelfTest) -> SelfTestEvent:
    return SelfTestEvent(
        type="selftest",
        selftest=selftest.pk,
        language=selftest.language_id,
        state=selftest.state,
        state_label=selftest.get_state_display(),
        compiler_version=selftest.version,
        worker=selftest.worker,
        message=selftest.message,
        finished_at=_local_iso(selftest.finished_at),
        finished=selftest.finished_at is not None,
    )


def _local_iso(moment: Any) -> str:
    """ISO 8601 in the site's time zone (as the pages show times), "" for none."""
    return timezone.localtime(moment).isoformat() if moment else ""


def selftest_contests() -> list[int]:
    """The contests whose jury pages may show a self-test: a self-test belongs to no contest,
    and the compiler pages follow the jury stream of the judge's contest when it is not over,
    else the site's default (jury.views.compilers), so every contest not over yet hears of it,
    and the default one."""
    ids = set(Contest.objects.filter(Q(end__gt=timezone.now())).values_list("pk", flat=True))
    default = default_contest()
    if default is not None:
        ids.add(default.pk)
    return sorted(ids)


def publish_selftest(selftest_id: int) -> None:
    selftest = LanguageSelfTest.objects.filter(pk=selftest_id).first()
    if selftest is None:
        return
    event = selftest_event(selftest)
    streams.publish([(streams.jury_stream(contest), event) for contest in selftest_contests()])


def board_event(
    contest: Contest, audience: BoardAudience, teams: list[int] | None, problems: list[int] | None
) -> tuple[str, ScoreboardEvent]:
    change = updates.change(contest, audience, teams, problems)
    event = ScoreboardEvent(
        type="scoreboard", rows=change["rows"], first=change["first"], frozen=change["frozen"]
    )
    return streams.board_stream(contest.pk, audience), event


def score_event(
    contest: Contest, audience: BoardAudience, teams: list[int] | None
) -> tuple[str, ScoreboardEvent]:
    """The changed rows of the score board (IOI style); it has no first solvers."""
    change = score_board.change(contest, audience, teams)
    event = ScoreboardEvent(
        type="scoreboard", rows=change["rows"], first={}, frozen=change["frozen"]
    )
    return streams.score_stream(contest.pk, audience), event
