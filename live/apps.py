from __future__ import annotations

from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"

    def ready(self) -> None:
        from judge.services.results import judgement_changed
        from live.receivers import on_judgement_changed

        judgement_changed.connect(on_judgement_changed, dispatch_uid="live.judgement_changed")
