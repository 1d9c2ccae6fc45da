"""Request plumbing shared by every endpoint: authentication, JSON errors, CORS.

Every failure answers with the spec's error object {"code": <status>, "message": "..."}.
Clients authenticate with HTTP basic auth (required by the spec) or a Django session (the web
pages' own JavaScript). Basic-auth requests carry no cookie a third-party page could abuse, so
they are exempt from CSRF; session-authenticated writes are still CSRF-checked. A browser does
keep typed basic credentials, though, so writes must be JSON and basic-auth writes from
another site's page are refused (`check_write`).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeAlias

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.views.decorators.csrf import csrf_exempt

from accounts.basic_auth import check_basic
from accounts.models import User
from accounts.permissions import current_user
from accounts.throttle import LockedOut
from accounts.tokens import user_for_token
from api import extensions
from contest.models import Contest

JSON: TypeAlias = dict[str, Any]
Handler: TypeAlias = Callable[..., Any]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
REALM = 'Basic realm="Juiz Contest API", charset="UTF-8"'


class ApiError(Exception):
    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def not_found(what: str) -> ApiError:
    return ApiError(404, f"{what} not found")


def error_response(
    status: int, message: str, headers: dict[str, str] | None = None
) -> JsonResponse:
    response = JsonResponse({"code": status, "message": message}, status=status)
    if status == 401:
        response["WWW-Authenticate"] = REALM
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def _basic_credentials(header: str) -> tuple[str, str]:
    try:
        decoded = base64.b64decode(header[6:].strip(), validate=True).decode("utf-8")
    # binascii.Error and UnicodeDecodeError are ValueErrors; so is a non-ASCII header.
    except ValueError as exc:
        raise ApiError(401, "malformed HTTP basic authorization header") from exc
    username, sep, password = decoded.partition(":")
    # A NUL would reach the database's username lookup, which refuses it with an exception.
    if not sep or "\x00" in decoded:
        raise ApiError(401, "malformed HTTP basic authorization header")
    return username, password


def _authorization(request: HttpRequest) -> str:
    return str(request.META.get("HTTP_AUTHORIZATION", ""))


def uses_basic_auth(request: HttpRequest) -> bool:
    return _authorization(request).lower().startswith("basic ")


def _uses_token(request: HttpRequest) -> bool:
    return _authorization(request).lower().startswith("bearer ")


def _basic_user(request: HttpRequest) -> User:
    username, password = _basic_credentials(_authorization(request))
    try:
        user = check_basic(request, username, password)
    except LockedOut as locked:
        retry = str(locked.retry_after_s)
        message = f"too many failed logins: try again in {retry} s"
        raise ApiError(429, message, {"Retry-After": retry}) from locked
    if user is None:
        raise ApiError(401, "invalid username or password")
    return user


def _token_user(request: HttpRequest) -> User:
    user = user_for_token(_authorization(request)[7:].strip())
    if user is None:
        raise ApiError(401, "invalid or revoked API token", {"WWW-Authenticate": "Bearer"})
    return user


def api_user(request: HttpRequest) -> User | None:
    """The client: an API token or basic credentials when sent (wrong ones are a 401, never
    anonymous), else the session."""
    if _uses_token(request):
        return _token_user(request)
    if uses_basic_auth(request):
        return _basic_user(request)
    return current_user(request)


def _no_view(request: HttpRequest) -> HttpResponse:
    return HttpResponse()


def check_csrf(request: HttpRequest) -> None:
    """Session-authenticated writes need the CSRF token like any form of the site (a browser
    never adds a Bearer token by itself; basic credentials are `check_write`'s business)."""
    if uses_basic_auth(request) or _uses_token(request):
        return
    middleware = CsrfViewMiddleware(_no_view)
    rejected = middleware.process_view(request, _no_view, (), {})
    if rejected is not None:
        raise ApiError(403, "CSRF verification failed (use HTTP basic auth for API clients)")


WRITE_CONTENT_TYPE = "application/json"
# What a browser says of a request another site made it send (Fetch Metadata).
CROSS_SITE = frozenset({"cross-site", "same-site"})


def _same_origin(request: HttpRequest, origin: str) -> bool:
    return origin == f"{request.scheme}://{request.get_host()}"


def check_write(request: HttpRequest) -> None:
    """Writes must be JSON, and a browser may not send basic credentials from another site.

    A browser keeps basic credentials once typed and attaches them to any request to this
    host, even one a third-party page makes: a cross-site form (`text/plain`, urlencoded or
    multipart; a form cannot send JSON) would submit as the team. A page's script can send
    JSON only after a CORS preflight, which this API does not grant with credentials. The
    CCS spec's POST bodies are JSON (files travel base64 inside), so nothing else is needed.
    """
    # A DELETE has no body, and no form or simple request of another site can send one.
    if request.method != "DELETE" and request.content_type != WRITE_CONTENT_TYPE:
        raise ApiError(415, f"the request body must be {WRITE_CONTENT_TYPE}")
    if not uses_basic_auth(request):
        return
    origin = request.headers.get("Origin")
    fetch_site = request.headers.get("Sec-Fetch-Site", "")
    if fetch_site in CROSS_SITE or (origin is not None and not _same_origin(request, origin)):
        raise ApiError(403, "basic-auth writes from another site's page are refused")


def get_contest(contest_id: str) -> Contest:
    contest = Contest.objects.filter(short_name=contest_id).first()
    if contest is None:
        raise not_found(f"contest {contest_id!r}")
    return contest


def _to_response(request: HttpRequest, result: Any) -> HttpResponse:
    if isinstance(result, HttpResponse):
        return result
    if extensions.strict(request):
        result = extensions.without_extensions(result)
    return JsonResponse(result, safe=False, json_dumps_params={"ensure_ascii": False})


def endpoint(
    *methods: str,
) -> Callable[[Handler], Callable[..., HttpResponse]]:
    """Wrap a view `(request, user, **kwargs) -> JSON | HttpResponse` with the API plumbing."""
    allowed = methods or ("GET",)
    readable = (*allowed, "HEAD") if "GET" in allowed else allowed

    def decorator(view: Handler) -> Callable[..., HttpResponse]:
        @csrf_exempt
        @wraps(view)
        def wrapper(request: HttpRequest, **kwargs: Any) -> HttpResponse:
            try:
                if request.method not in readable:
                    raise ApiError(405, f"method {request.method} not allowed here")
                if request.method not in SAFE_METHODS:
                    check_write(request)
                response = _to_response(request, view(request, api_user(request), **kwargs))
            except ApiError as exc:
                response = error_response(exc.status, exc.message, exc.headers)
            if response.status_code == 405:
                response["Allow"] = ", ".join(allowed)
            response["Access-Control-Allow-Origin"] = "*"
            return response

        return wrapper

    return decorator


def json_body(request: HttpRequest) -> JSON:
    try:
        body = json.loads(request.body)
    except RequestDataTooBig as exc:
        raise ApiError(413, "request body too large") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ApiError(400, f"request body is not valid JSON: {exc}") from exc
    except RecursionError as exc:
        # json's decoder recurses once per nested array or object.
        raise ApiError(400, "request body is nested too deeply") from exc
    if not isinstance(body, dict):
        raise ApiError(400, "request body must be a JSON object")
    return body
