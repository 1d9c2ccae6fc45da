from __future__ import annotations

from django.urls import path

from contest import views

app_name = "contest"

urlpatterns = [
    path("", views.home, name="home"),
]
