from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from config import switcher

urlpatterns = [
    path("admin/", admin.site.urls),
    path("django-rq/", include("django_rq.urls")),
    path("accounts/", include("accounts.urls")),
    path("api/", include("api.urls")),
    path("jury/", include("jury.urls")),
    path("scoreboard/", include("scoreboard.urls")),
    path("contest/choose/", switcher.choose, name="contest_choose"),
    path("", include("team.urls")),
]
