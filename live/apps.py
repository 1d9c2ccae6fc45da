from __future__ import annotations

from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"

    def ready(self) -> None:
        # The hooks (live.events) sit below every app that calls them; the publisher reads
        # those apps' rows, so it is connected here, once every app is loaded.
        from live.events import connect
        from live.publish import LivePublisher

        connect(LivePublisher())
