from __future__ import annotations

from django.urls import path

from live import consumers

websocket_urlpatterns = [
    path("ws/team/", consumers.TeamConsumer.as_asgi()),
    path("ws/jury/", consumers.JuryConsumer.as_asgi()),
    path("ws/scoreboard/", consumers.ScoreboardConsumer.as_asgi()),
    path("ws/scores/", consumers.ScoresConsumer.as_asgi()),
    path("ws/balloons/", consumers.BalloonsConsumer.as_asgi()),
    path("ws/prints/", consumers.PrintsConsumer.as_asgi()),
]
