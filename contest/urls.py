from __future__ import annotations

from django.urls import path

from contest import views

app_name = "contest"

urlpatterns = [
    path("", views.home, name="home"),
    path("problems/", views.problem_list, name="problems"),
    path("problems/<str:letter>/", views.problem_detail, name="problem"),
    path("problems/<str:letter>/statement.pdf", views.problem_pdf, name="problem_pdf"),
    path("submit/", views.submit, name="submit"),
    path("submissions/", views.submission_list, name="submissions"),
    path("submissions/<int:pk>/", views.submission_detail, name="submission"),
    path("submissions/<int:pk>/source/", views.submission_source, name="submission_source"),
]
