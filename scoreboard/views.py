"""The scoreboard page, and the jury's freeze controls."""

from __future__ import annotations

import logging

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods
from redis.exceptions import RedisError

from accounts.models import Category
from accounts.permissions import current_user, judge_required
from contest.models import Contest, Problem
from contest.selectors import contest_for
from live import events, streams
from live.events import BoardView, ScoreBoardView
from scoreboard import freeze, jobs, notices, score_board, services
from scoreboard.audience import audience_for
from scoreboard.presenters import Audience

logger = logging.getLogger(__name__)


def requested_contest(request: HttpRequest) -> Contest | None:
    wanted = request.GET.get("contest", "")
    if wanted.isdigit():
        return get_object_or_404(Contest, pk=int(wanted))
    return contest_for(request)


def _category(request: HttpRequest) -> int | None:
    wanted = request.GET.get("category", "")
    return int(wanted) if wanted.isdigit() else None


def board(request: HttpRequest) -> HttpResponse:
    contest = requested_contest(request)
    if contest is None:
        return render(request, "team/no_contest.html", status=404)
    thaw_if_due(contest)
    user = current_user(request)
    view = request.GET.get("view", "")
    audience = audience_for(user, contest, view)
    if audience is None:
        return redirect_to_login(request.get_full_path())
    live, version, board = _live_board(contest, audience, _category(request))
    categories = Category.objects.all()
    if audience == "public":
        categories = categories.filter(visible=True)
    context = {
        "contest": contest,
        "audience": audience,
        "view": view,
        "category": _category(request),
        "categories": categories,
        "board": board,
        "public_frozen": contest.is_frozen(),
        "live": live,
        "freeze_notice": notices.public_freeze(contest),
        "live_version": version,
        "now": timezone.now(),
        "has_scores": score_board.shown(contest),
    }
    return render(request, "scoreboard/board.html", context)


def scores(request: HttpRequest) -> HttpResponse:
    """The score board (IOI style) of a contest that shows one, beside the ICPC board."""
    contest = requested_contest(request)
    if contest is None:
        return render(request, "team/no_contest.html", status=404)
    thaw_if_due(contest)
    if not score_board.shown(contest):
        raise Http404("This contest has no score board.")
    user = current_user(request)
    view = request.GET.get("view", "")
    audience = audience_for(user, contest, view)
    if audience is None:
        return redirect_to_login(request.get_full_path())
    category = _category(request)
    live, version, board = _live_scores(contest, audience, category)
    categories = Category.objects.all()
    if audience == "public":
        categories = categories.filter(visible=True)
    context = {
        "contest": contest,
        "audience": audience,
        "view": view,
        "category": category,
        "categories": categories,
        "board": board,
        "public_frozen": contest.is_frozen(),
        "live": live,
        "freeze_notice": notices.public_freeze(contest),
        "live_version": version,
        "now": timezone.now(),
    }
    return render(request, "scoreboard/scores.html", context)


def thaw_if_due(contest: Contest) -> None:
    """The scheduled unfreeze, should its job be late or lost (Redis was down when the time
    was set): the first board read after the time thaws the board."""
    if contest.unfreeze_at is None or contest.unfrozen_at is not None:
        return
    if contest.unfreeze_at <= timezone.now() and jobs.thaw(contest.pk):
        contest.refresh_from_db()


def _live_scores(
    contest: Contest, audience: Audience, category: int | None
) -> tuple[bool, int | None, ScoreBoardView]:
    """As _live_board, for the score board."""
    try:
        version = streams.version(streams.score_stream(contest.pk, audience))
        return True, version, score_board.board(contest, audience, category)
    except RedisError as error:
        logger.warning("score board: Redis unavailable (%s); board read from the database", error)
        return False, None, score_board.board(contest, audience, category, cached=False)


def _live_board(
    contest: Contest, audience: Audience, category: int | None
) -> tuple[bool, int | None, BoardView]:
    """(live, stream version, board). Redis down (live updates and the board cache live
    there): the board from the database, and the page says it will not update by itself."""
    try:
        # Read before the board: the page's data is then at least this new (see live_stream).
        version = streams.version(streams.board_stream(contest.pk, audience))
        return True, version, services.board(contest, audience, category)
    except RedisError as error:
        logger.warning("scoreboard: Redis unavailable (%s); board read from the database", error)
        return False, None, services.board_from_database(contest, audience, category)


@judge_required
@require_http_methods(["GET", "POST"])
def jury(request: HttpRequest) -> HttpResponse:
    contest = requested_contest(request)
    if contest is None:
        return render(request, "team/no_contest.html", status=404)
    if request.method == "POST":
        _act(request, contest)
        return redirect(request.get_full_path())
    hidden = freeze.hidden_cells(contest)
    target = freeze.next_reveal(contest) if hidden else None
    context = {
        "contest": contest,
        "hidden_count": len(hidden),
        "hidden_by_problem": _count_by_problem(contest, hidden),
        "next_reveal": _describe(contest, target),
        "freeze_notice": notices.jury_freeze(contest),
        "freeze_future": contest.freeze_start is not None and timezone.now() < contest.freeze_start,
    }
    return render(request, "scoreboard/jury.html", context)


def _act(request: HttpRequest, contest: Contest) -> None:
    action, user = request.POST.get("action", ""), current_user(request)
    if action == "reveal-next":
        target, changed = freeze.reveal_next(contest, user)
        events.scoreboard_changed(contest.pk, changed)
        messages.success(request, f"Revealed {_describe(contest, target) or 'nothing'}.")
    elif action == "reveal-problem":
        problem = get_object_or_404(Problem, contest=contest, pk=request.POST.get("problem"))
        events.scoreboard_changed(contest.pk, freeze.reveal_problem(contest, problem.pk, user))
        messages.success(request, f"Revealed problem {problem.letter}.")
    elif action == "unfreeze":
        freeze.unfreeze(contest, user)
        events.scoreboard_changed(contest.pk, None)
        messages.success(request, "The final results are public.")
    elif action == "refreeze":
        freeze.refreeze(contest, user)
        events.scoreboard_changed(contest.pk, None)
        messages.success(request, "The public board is frozen again.")
    elif action == "rebuild":
        services.rebuild(contest)
        events.scoreboard_changed(contest.pk, None, "jury")
        events.scoreboard_changed(contest.pk, None, "public")
        messages.success(request, "The scoreboard was recomputed from all submissions.")
    else:
        messages.error(request, "Unknown action.")


def _count_by_problem(contest: Contest, hidden: list[tuple[int, int]]) -> list[tuple[Problem, int]]:
    counts: dict[int, int] = {}
    for _, problem in hidden:
        counts[problem] = counts.get(problem, 0) + 1
    return [(p, counts.get(p.pk, 0)) for p in contest.problems.order_by("letter")]


def _describe(contest: Contest, target: tuple[int, int] | None) -> str:
    if target is None:
        return ""
    from accounts.models import Team

    team = Team.objects.filter(pk=target[0]).values_list("name", flat=True).first()
    letter = Problem.objects.filter(pk=target[1]).values_list("letter", flat=True).first()
    return f"{team} · problem {letter}"
