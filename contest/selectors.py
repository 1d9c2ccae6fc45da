"""Read-only queries shared by views: which contest a request is in, and who is in a contest.

Several contests may run at once (docs/web.md, "Several contests"). `contest_for(request)` is
the one way a page, a stream or a context processor learns its contest: a team member gets
one of its team's contests (the one it chose, kept in its session, else the default among
its own), so a contest its team is not in never changes what it sees. Everyone else gets the
contest chosen in the session (the jury's switcher), else the site's default.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils import timezone

from accounts.models import Team
from contest.models import Contest, ContestTeam, Language

# The session key of the contest its user chose with the switcher.
SESSION_KEY = "juiz_contest"


def _preferred(contests: QuerySet[Contest]) -> Contest | None:
    """The running contest that started first, else the next one, else the latest ended."""
    now = timezone.now()
    running = contests.filter(start__lte=now, end__gt=now).order_by("start", "pk").first()
    if running:
        return running
    upcoming = contests.filter(start__gt=now).order_by("start", "pk").first()
    return upcoming or contests.order_by("-end", "-pk").first()


def default_contest() -> Contest | None:
    """The site's contest for someone who is in no team and chose none (the public board)."""
    return _preferred(Contest.objects.all())


def contests_of(team_id: int) -> QuerySet[Contest]:
    """The contests a team competes in: the open ones and those it is linked to."""
    linked = ContestTeam.objects.filter(team_id=team_id).values("contest_id")
    return Contest.objects.filter(Q(open_to_all_teams=True) | Q(pk__in=linked))


def in_contest(contest: Contest, team_id: int) -> bool:
    return contest.open_to_all_teams or contest.entries.filter(team_id=team_id).exists()


def teams_of(contest: Contest) -> QuerySet[Team]:
    """The teams competing in the contest."""
    if contest.open_to_all_teams:
        return Team.objects.all()
    return Team.objects.filter(entries__contest=contest)


def hidden_teams(contest: Contest) -> QuerySet[Team]:
    """The teams whose category in the contest is kept from the public board (one lazy query:
    a live board change filters by it)."""
    relinked = contest.entries.filter(category__isnull=False)
    by_link = relinked.filter(category__visible=False).values("team_id")
    by_own = Team.objects.filter(category__visible=False).exclude(pk__in=relinked.values("team_id"))
    return Team.objects.filter(Q(pk__in=by_link) | Q(pk__in=by_own.values("pk")))


def categories_of(contest: Contest, team_ids: Iterable[int] | None = None) -> dict[int, int | None]:
    """Each team's category in the contest: its link's, else the team's own."""
    query = teams_of(contest) if team_ids is None else teams_of(contest).filter(pk__in=team_ids)
    own: dict[int, int | None] = dict(query.values_list("pk", "category_id"))
    linked = contest.entries.filter(team_id__in=own, category__isnull=False)
    own.update(linked.values_list("team_id", "category_id"))
    return own


def languages_of(contest: Contest) -> QuerySet[Language]:
    """The languages teams may use in the contest: the enabled ones it chose, or every enabled
    one when it chose none."""
    enabled = Language.objects.filter(enabled=True)
    if contest.languages.exists():
        return enabled.filter(contests=contest)
    return enabled


def contest_for_user(user: Any, session: Mapping[str, Any] | None) -> Contest | None:
    """The contest of a user's pages and streams (`user` None or anonymous: no team)."""
    team_id = getattr(user, "team_id", None) if getattr(user, "is_authenticated", False) else None
    choices = Contest.objects.all() if team_id is None else contests_of(team_id)
    chosen = _int((session or {}).get(SESSION_KEY))
    if chosen is not None:
        contest = choices.filter(pk=chosen).first()
        if contest is not None:
            return contest
    return _preferred(choices) if team_id is not None else default_contest()


def contest_for(request: HttpRequest) -> Contest | None:
    """The contest of this request's pages (cached on the request: a page asks several times)."""
    cached: Contest | None = getattr(request, "_juiz_contest", None)
    if cached is None:
        session = getattr(request, "session", None)
        cached = contest_for_user(getattr(request, "user", None), session)
        request._juiz_contest = cached  # type: ignore[attr-defined]
    return cached


def switchable(user: Any) -> QuerySet[Contest]:
    """The contests a user's switcher offers: a team's own, every contest for the others."""
    team_id = getattr(user, "team_id", None) if getattr(user, "is_authenticated", False) else None
    query = Contest.objects.all() if team_id is None else contests_of(team_id)
    return query.order_by("-start", "pk")


def _int(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None
