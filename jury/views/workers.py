"""The admins' worker status page: RQ's workers and queues, failed and retried judgements, and
requeueing a failed one.

Live by polling (juiz.js data-poll, every 4 s) of the status fragment, not by live events:
a worker's heartbeat and a queue's length change inside RQ and Redis, where no Juiz service
runs to announce them, so an event would have to be invented by a poller anyway.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST
from redis.exceptions import RedisError

from accounts.models import User
from accounts.permissions import admin_required
from judge.errors import ServiceError
from judge.selectors import workers as selectors
from judge.services import requeue


def _status_context() -> dict[str, Any]:
    try:
        status: selectors.Status | None = selectors.rq_status()
    except RedisError as error:  # the page says so; the database half still shows
        status, redis_error = None, str(error)
    else:
        redis_error = ""
    failed = list(selectors.failed_judgements())
    return {
        "status": status,
        "redis_error": redis_error,
        "failed": [(j, selectors.gives_up(j)) for j in failed],
        "retried": list(selectors.retried_judgements()),
    }


@admin_required
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "jury/workers.html", _status_context())


@admin_required
def status(request: HttpRequest) -> HttpResponse:
    """The page's live part alone, which the page fetches every few seconds."""
    return render(request, "jury/_workers_status.html", _status_context())


@require_POST
@admin_required
def requeue_judgement(request: HttpRequest, pk: int) -> HttpResponse:
    """A refusal is a 409 with the reason on the page, so a script sees it as well as a person."""
    user = request.user
    assert isinstance(user, User)  # admin_required
    try:
        requeue.requeue_failed(judgement_id=pk, user=user)
    except ServiceError as error:
        context = {**_status_context(), "refusal": error.message}
        status_code = 404 if error.code == "no_judgement" else 409
        return render(request, "jury/workers.html", context, status=status_code)
    messages.success(request, f"Judgement {pk} is queued again.")
    return redirect("jury:workers")
