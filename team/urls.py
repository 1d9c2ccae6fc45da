from __future__ import annotations

from django.urls import path

from team import views
from team.views import clarifications, functions, prints

app_name = "team"

urlpatterns = [
    path("", views.home, name="home"),
    path("problems/", views.problem_list, name="problems"),
    path("problems/<str:letter>/", views.problem_detail, name="problem"),
    path("problems/<str:letter>/statement.pdf", views.problem_pdf, name="problem_pdf"),
    path("problems/<str:letter>/inputs/<int:order>/", views.problem_input, name="problem_input"),
    path("problems/<str:letter>/run/", functions.run, name="function_run"),
    path(
        "problems/<str:letter>/run/<str:job_id>/",
        functions.run_result,
        name="function_run_result",
    ),
    path("problems/<str:letter>/submit/", functions.submit, name="function_submit"),
    path("submit/", views.submit, name="submit"),
    path("submissions/", views.submission_list, name="submissions"),
    path("submissions/<int:pk>/", views.submission_detail, name="submission"),
    path("submissions/<int:pk>/source/", views.submission_source, name="submission_source"),
    path(
        "submissions/<int:pk>/source/<int:index>/",
        views.submission_source,
        name="submission_file",
    ),
    path("clarifications/", clarifications.clarifications, name="clarifications"),
    path("print/", prints.print_page, name="print"),
    path("clarifications/read/", clarifications.mark_read, name="clarifications_read"),
]
