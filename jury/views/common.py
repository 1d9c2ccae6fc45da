"""What every jury view shares: which contest it shows, and turning a refused action into a
message."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.contrib import messages
from django.http import Http404, HttpRequest, QueryDict

from contest.models import Contest
from contest.selectors import contest_for
from judge.errors import ServiceError
from live import streams

T = TypeVar("T")


def jury_contest(request: HttpRequest) -> Contest:
    """The contest named by ?contest=<id>, else the one chosen with the header's switcher,
    else the site's default (404 when there is none)."""
    wanted = request.GET.get("contest", "")
    # ASCII digits only: "²".isdigit() holds but int() refuses it, and U+0661 (an Arabic-Indic
    # one) would read as 1.
    if wanted.isascii() and wanted.isdigit() and len(wanted) < 19:
        contest = Contest.objects.filter(pk=int(wanted)).first()
    else:
        contest = contest_for(request)
    if contest is None:
        raise Http404("No contest.")
    return contest


def jury_version(contest: Contest) -> int | None:
    """The jury stream's version, read before the page's data (see live_stream): the page then
    asks only for later events. None when Redis cannot say: the client starts from a snapshot,
    and the page still renders."""
    try:
        return streams.version(streams.jury_stream(contest.pk))
    except Exception:  # Redis down: a live page is a convenience, the page is not
        return None


def attempt(request: HttpRequest, action: Callable[[], T], success: str) -> T | None:
    """Run a service call; a refusal becomes an error message instead of a server error."""
    try:
        result = action()
    except ServiceError as error:
        messages.error(request, error.message)
        return None
    messages.success(request, success)
    return result


def query_without(request: HttpRequest, *names: str) -> str:
    """The current query string without some parameters (e.g. page, for pagination links)."""
    query = request.GET.copy()
    for name in names:
        query.pop(name, None)
    return query.urlencode()


def posted(request: HttpRequest) -> QueryDict | None:
    """The form data of a POST, even an empty one (`request.POST or None` would leave an
    empty POST unbound and silently show the form again)."""
    return request.POST if request.method == "POST" else None
