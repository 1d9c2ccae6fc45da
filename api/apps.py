from __future__ import annotations

from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = "ICPC CCS Contest API"

    def ready(self) -> None:
        # The hooks (live.events) sit below every app; the feed's recorder reads the API's
        # own views, so it is connected from here, once every app is loaded.
        from api.feed.record import FeedRecorder
        from live.events import connect_feed

        connect_feed(FeedRecorder())
