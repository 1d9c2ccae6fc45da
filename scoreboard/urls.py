from __future__ import annotations

from django.urls import path

from scoreboard import views

app_name = "scoreboard"

urlpatterns = [
    path("", views.board, name="board"),
    path("scores/", views.scores, name="scores"),
    path("jury/", views.jury, name="jury"),
]
