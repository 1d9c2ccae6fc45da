from __future__ import annotations

from django.urls import path

from scoreboard import views

app_name = "scoreboard"

urlpatterns = [
    path("", views.board, name="board"),
    path("jury/", views.jury, name="jury"),
]
