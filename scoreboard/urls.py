from __future__ import annotations

from django.urls import path

from scoreboard import award_page, logos, views

app_name = "scoreboard"

urlpatterns = [
    path("", views.board, name="board"),
    path("scores/", views.scores, name="scores"),
    path("jury/", views.jury, name="jury"),
    path("awards/", award_page.page, name="awards"),
    path("logos/<int:pk>/", logos.logo, name="logo"),
]
