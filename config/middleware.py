"""Requests refused before any view sees them."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse, JsonResponse

NUL = "\x00"


def _has_nul(request: HttpRequest) -> bool:
    if NUL in request.path:
        return True
    return any(
        NUL in key or any(NUL in value for value in values) for key, values in request.GET.lists()
    )


class RefuseNulMiddleware:
    """A NUL in the path or the query string is a 400.

    Views pass URL parts and query arguments to the database, and PostgreSQL refuses a string
    holding NUL with an exception (a 500) instead of a clean miss.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not _has_nul(request):
            return self.get_response(request)
        message = "the URL must not contain a NUL character"
        if request.path.startswith("/api/"):
            return JsonResponse({"code": 400, "message": message}, status=400)
        # Django's 400 handler renders the site's error page.
        raise BadRequest(message)
