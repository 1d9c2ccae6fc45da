"""contests/<id>/event-feed: the spec's NDJSON notifications, streamed through ASGI.

A reader's loop: read the rows after its last token (one query per batch), send them, then wait
for the hub's wake-up (api/feed/hub.py) or the keep-alive time. `stream=false` sends what is
there and ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.http import HttpRequest, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.views.decorators.csrf import csrf_exempt

from api import extensions
from api.feed import read, record, tail, ticks
from api.feed.hub import hub
from api.feed.read import Reader
from api.http import ApiError, api_user, error_response, get_contest

# The spec: a newline when there has been no event for 120 s.
KEEPALIVE_S = 120.0
# A reader looks again this often even without a wake-up (a lost Redis message costs at most
# this, with api/feed/tail.py's own RECHECK_S).
RECHECK_S = 5.0


def _open(request: HttpRequest, cid: str) -> tuple[Reader, int]:
    user = api_user(request)
    contest = get_contest(cid)
    reader = read.reader_for(user, contest.pk, request.GET.get("types"), extensions.strict(request))
    record.ensure_started(contest.pk)
    token = request.GET.get("since_token", request.GET.get("since_id"))
    return reader, read.start_after(reader, token)


def _streaming(request: HttpRequest) -> bool:
    return request.GET.get("stream", "true").lower() not in ("false", "0", "no")


@csrf_exempt
async def event_feed(request: HttpRequest, cid: str) -> HttpResponseBase:
    if request.method not in ("GET", "HEAD"):
        refused = error_response(405, f"method {request.method} not allowed here")
        refused["Allow"] = "GET"
        return refused
    try:
        reader, last = await sync_to_async(_open, thread_sensitive=False)(request, cid)
    except ApiError as error:
        return error_response(error.status, error.message, error.headers)
    body = _lines(reader, last, streaming=_streaming(request))
    response = StreamingHttpResponse(body, content_type="application/x-ndjson")
    response["Access-Control-Allow-Origin"] = "*"
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy must not hold the stream back
    return response


async def _lines(reader: Reader, last: int, *, streaming: bool) -> AsyncIterator[str]:
    keepalive = float(getattr(settings, "JUIZ_FEED_KEEPALIVE_S", KEEPALIVE_S))
    fetch = sync_to_async(read.after, thread_sensitive=False)
    sent_at = time.monotonic()
    while True:
        if streaming:
            wake = hub().ticket(reader.contest_id)
            rows, last = await tail.rows_after(reader, last)
        else:
            wake, rows = None, await fetch(reader, last)
            last = rows[-1].pk if rows else last
        if rows:
            sent_at = time.monotonic()
            yield "".join(read.line(reader, row) for row in rows)
            if len(rows) == read.BATCH:
                continue  # more behind: read on before waiting
        if wake is None:
            return
        await ticks.maybe_record(reader.contest_id)
        quiet = time.monotonic() - sent_at
        if quiet >= keepalive:
            sent_at = time.monotonic()
            yield "\n"
            continue
        with contextlib.suppress(TimeoutError):  # a look at the rows all the same
            await asyncio.wait_for(wake.wait(), timeout=min(RECHECK_S, keepalive - quiet))
