"""A live update while Redis is down is dropped with one log line: no exception reaches the
judging that committed, and no traceback per event fills the log (issue 12, item 1)."""

from __future__ import annotations

import logging

import pytest
from pytest_django import Settings

from live import streams
from live.events import run_safely
from tests.support.servers import redis_server


def test_an_update_while_redis_is_down_is_one_warning(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    with redis_server() as server:
        settings.REDIS_URL = server.url
        server.stop()
        with caplog.at_level(logging.WARNING, logger="live.events"):
            run_safely(lambda: streams.publish([("team.1.1", {"type": "hello"})]))
    (record,) = caplog.records
    assert record.levelno == logging.WARNING
    assert "update not published (ConnectionError" in record.getMessage()
    assert record.exc_info is None
