"""The contest switcher in every page's header: a team in several contests, or the jury,
chooses which contest its pages show. The choice is kept in the session (contest.selectors
reads it); a team may choose only among its own contests."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from accounts.permissions import current_user, login_required
from contest.selectors import SESSION_KEY, switchable


@require_POST
@login_required
def choose(request: HttpRequest) -> HttpResponse:
    wanted = request.POST.get("contest", "")
    # ASCII digits only, as jury_contest: int() reads other scripts' digits too.
    if not (wanted.isascii() and wanted.isdigit() and len(wanted) < 19):
        return HttpResponseBadRequest("Choose a contest.", content_type="text/plain")
    contest = switchable(current_user(request)).filter(pk=int(wanted)).first()
    if contest is None:
        return HttpResponse("No such contest among yours.", status=404, content_type="text/plain")
    request.session[SESSION_KEY] = contest.pk
    return redirect(_next(request))


def _next(request: HttpRequest) -> str:
    """Back where the switcher was, without the ?contest= a jury page may carry (it would
    override the choice just made)."""
    target = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    if not safe or not target.startswith("/"):
        return "/"
    return target.split("?", 1)[0]
