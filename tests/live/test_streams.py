"""live.streams on the real Redis channel layer: versions, and publishing from sync code that
runs inside an event loop (e.g. under Playwright's sync API)."""

from __future__ import annotations

import asyncio
import uuid

from channels.layers import get_channel_layer

from live import streams
from tests.live.threads import in_thread


def test_versions_go_up_by_one_per_event_of_a_stream() -> None:
    stream = f"test.{uuid.uuid4().hex}"
    before = streams.version(stream)
    stamped = streams.publish([(stream, {"type": "hello"}), (stream, {"type": "hello"})])
    assert [e["version"] for e in stamped] == [before + 1, before + 2]
    assert streams.version(stream) == before + 2


def test_sync_code_inside_a_running_loop_can_publish() -> None:
    stream = f"test.{uuid.uuid4().hex}"

    async def scenario() -> dict[str, object]:
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(stream, channel)
        streams.publish([(stream, {"type": "hello"})])  # sync call, loop running here
        message = await asyncio.wait_for(layer.receive(channel), 5)
        await layer.group_discard(stream, channel)
        return dict(message["event"])

    event = in_thread(asyncio.run, scenario())
    assert event["type"] == "hello" and event["stream"] == stream
