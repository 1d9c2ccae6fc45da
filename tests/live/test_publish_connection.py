"""Synchronous publishers (the judging worker) send through one loop per process, which keeps
the channel layer's Redis connection: not a new connection per event (issue 17, the latency
beyond the compile). After a Redis restart the next event goes out on a new connection."""

from __future__ import annotations

from typing import Any

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from pytest_django import Settings

from live import streams
from tests.support.servers import RedisServer, redis_server

STREAM = "jury.77"


def _use(settings: Settings, server: RedisServer) -> None:
    settings.REDIS_URL = server.url
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [server.url], "prefix": "juiz-test-publish"},
        }
    }


def _connections(server: RedisServer) -> int:
    info: dict[str, Any] = redis.Redis(port=server.port).info("stats")
    return int(info["total_connections_received"])


def _listening_channel() -> str:
    layer = get_channel_layer()
    channel: str = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(STREAM, channel)
    return channel


def _received(channel: str) -> dict[str, Any]:
    message: dict[str, Any] = async_to_sync(get_channel_layer().receive)(channel)
    return message


def test_twenty_events_share_one_connection(settings: Settings) -> None:
    with redis_server() as server:
        _use(settings, server)
        streams.publish([(STREAM, {"type": "warm-up"})])
        before = _connections(server)
        for n in range(20):
            streams.publish([(STREAM, {"type": "tick", "n": n})])
        # A new loop per publish would have opened 20 connections (one per event loop).
        assert _connections(server) - before <= 2


def test_an_event_after_a_redis_restart_reaches_its_group(settings: Settings) -> None:
    with redis_server() as server:
        _use(settings, server)
        streams.publish([(STREAM, {"type": "before"})])
        server.stop()
        server.start()
        channel = _listening_channel()
        (sent,) = streams.publish([(STREAM, {"type": "after"})])
        assert _received(channel)["event"] == sent
