"""The error pages (400, 403, 404, 500, and the CSRF failure's 403) with DEBUG off: each is in
the site's layout, with the header and a way back. The 500 page is rendered without a request
and must not touch the database (the failure may be the database)."""

from __future__ import annotations

from typing import NoReturn

import pytest
from django.http import HttpRequest
from django.template import loader
from django.test import Client
from django.urls import include, path
from pytest_django import Settings

from accounts.models import User
from contest.models import Contest


def _boom(request: HttpRequest) -> NoReturn:
    raise RuntimeError("a bug")


urlpatterns = [path("boom/", _boom), path("", include("config.urls"))]


@pytest.fixture(autouse=True)
def debug_off(settings: Settings) -> None:
    settings.DEBUG = False


def _in_layout(html: str) -> None:
    assert '<header class="topbar">' in html
    assert 'class="brand" href="/"' in html
    assert '<a href="/">Back to the contest</a>' in html


@pytest.mark.django_db
def test_an_unknown_page_is_a_404_in_the_layout(contest: Contest) -> None:
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    _in_layout(html)
    assert "Page not found" in html
    assert "<code>/no-such-page/</code>" in html
    assert 'class="clock"' in html  # the request's context is there: the contest's clock


@pytest.mark.django_db
def test_another_teams_submission_is_a_404_in_the_layout(team_user: User) -> None:
    client = Client()
    client.force_login(team_user)
    response = client.get("/submissions/999999/")
    assert response.status_code == 404
    _in_layout(response.content.decode())


@pytest.mark.django_db
def test_a_team_on_a_jury_page_gets_a_403_in_the_layout(team_user: User) -> None:
    client = Client()
    client.force_login(team_user)
    response = client.get("/jury/")
    assert response.status_code == 403
    html = response.content.decode()
    _in_layout(html)
    assert f"Your account ({team_user.username}) may not open this page." in html
    assert "Log out" in html  # the header still knows who is logged in


@pytest.mark.django_db
def test_a_bad_host_is_a_400_in_the_layout() -> None:
    response = Client().get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    html = response.content.decode()
    _in_layout(html)
    assert "Bad request" in html


@pytest.mark.django_db
def test_a_form_without_its_csrf_token_is_a_403_in_the_layout(team_user: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(team_user)
    response = client.post("/submit/", {"code": "print(1)"})
    assert response.status_code == 403
    html = response.content.decode()
    _in_layout(html)
    assert "The form expired" in html


@pytest.mark.urls(__name__)
def test_a_crash_is_a_500_in_the_layout_without_the_database() -> None:
    """No django_db mark: any query while rendering the page would fail the test."""
    response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500
    html = response.content.decode()
    _in_layout(html)
    assert "Something went wrong on our side" in html
    assert "Log in" not in html  # who is logged in is unknown without a request


def test_the_500_page_renders_with_no_context_at_all() -> None:
    html = loader.get_template("500.html").render()
    _in_layout(html)
