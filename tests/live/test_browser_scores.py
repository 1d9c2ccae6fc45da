"""In Debian's chromium against a running daphne: the score board (IOI style, best per group)
changes without a reload when a scored judgement is stored (pending: "?") and when a judge
validates it (the points count, the row moves up), through the WebSocket."""

from __future__ import annotations

import pytest
from django.db import transaction

from accounts.models import Team, User
from contest.models import Contest, Problem, ScoreBoard
from judge.models import Judgement, Submission
from judge.services import jury
from judge.services.results import on_judgement_done, store_report
from judging.classification import Classification
from judging.report import GroupReport, Report
from scoreboard import services
from tests.live.test_browser_live import _open, chromium
from tests.live.threads import in_thread
from tests.support import factories
from tests.support.daphne import daphne
from tests.support.scoreboard import problem, submit
from tests.support.scores import make_scoring, score

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

WA = Classification.WRONG_ANSWER


def test_a_scored_judgement_and_its_validation_reach_the_score_board_live() -> None:
    contest = factories.running_contest(pending_counts_on_scoreboard=False)
    contest.score_board = ScoreBoard.BEST_GROUPS
    contest.save()
    s = problem(contest, "S")
    make_scoring(s)
    alpha, beta = factories.team("Alpha"), factories.team("Beta")
    score(submit(contest, alpha, s, 5, "final", WA.value), 40, {"g1": (40, 40), "g2": (0, 60)})
    score(submit(contest, beta, s, 8, "final", WA.value), 50, {"g1": (0, 40), "g2": (50, 60)})
    services.rebuild(contest)
    judge = factories.user("judge", role="judge")
    in_thread(_drive, contest, s, alpha, beta.pk, judge)


def _judged(contest: Contest, s: Problem, team: Team) -> Submission:
    """A new submission judged with 60 points, stored as a worker stores a scoring report."""
    later = submit(contest, team, s, 20, "judging")
    groups = (GroupReport("g1", WA, 0, 40), GroupReport("g2", Classification.ACCEPTED, 60, 60))
    _store(later.judgements.get(), 60, groups)
    return later


def _store(judgement: Judgement, points: float, groups: tuple[GroupReport, ...]) -> None:
    """What the worker does with a scoring report: store it with its score, then decide."""
    report = Report(classification=WA, score=points, groups=groups)
    with transaction.atomic():
        store_report(judgement, report)
        Judgement.objects.filter(pk=judgement.pk).update(score=points)
        on_judgement_done(judgement)


def _drive(contest: Contest, s: Problem, team: Team, beta: int, judge: User) -> None:
    alpha = team.pk
    cell = f'tr[data-team-id="{alpha}"] td:nth-child(4)'  # rank, team, points, S
    first_row = "table[data-scoreboard] tbody tr:first-child"
    with daphne() as address, chromium() as browser:
        board = _open(browser, address, f"/scoreboard/scores/?contest={contest.pk}", None)
        assert board.get_attribute(first_row, "data-team-id") == str(beta)
        assert board.inner_text(f"{cell} .sb-time") == "40"

        later = in_thread(_judged, contest, s, team)
        board.wait_for_function(f"document.querySelector('{cell} .sb-time').textContent === '40 ?'")
        assert board.get_attribute(first_row, "data-team-id") == str(beta)

        in_thread(
            lambda: jury.validate(submission=Submission.objects.get(pk=later.pk), judge=judge)
        )
        board.wait_for_selector(f"{cell}.sb-solved")  # 40 (g1) + 60 (g2): full marks
        assert board.inner_text(f"{cell} .sb-time") == "100"
        assert board.get_attribute(first_row, "data-team-id") == str(alpha)
        assert board.inner_text(f'tr[data-team-id="{alpha}"] [data-field=rank]') == "1"
        assert board.inner_text(f'tr[data-team-id="{alpha}"] [data-field=points]') == "100"
        assert board.evaluate("window.__notReloaded") is True
        assert board.evaluate("window.__events") >= 2
        board.context.close()
