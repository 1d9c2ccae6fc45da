"""Fuzzing the team's submit form with Hypothesis: never a 5xx, and a refusal stores nothing.
Bounded (max_examples) so CI stays quick."""

from __future__ import annotations

import os

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts.models import User
from contest.models import Language, Problem
from judge.models import Submission

pytestmark = pytest.mark.django_db

BUDGET = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# What a browser can send in a form field (no unpaired surrogates: UTF-8 cannot carry them).
form_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=40) | st.sampled_from(
    ["", "²", "\u0661", "1", "9" * 30, "\x00", 'a"b.py', "a\r\nb.py", "../a.py", ".py", "a" * 300]
)


@BUDGET
@given(
    problem_value=form_text,
    language=st.sampled_from(["python3", "cpp", ""]) | form_text,
    filename=form_text,
    code=form_text,
    # Names the test client can build an upload with (it refuses "/", "." and "..").
    upload_name=st.none() | form_text.filter(lambda n: os.path.basename(n) not in {"", ".", ".."}),
)
def test_no_submit_form_is_a_server_error(
    problem: Problem,
    languages: dict[str, Language],
    team_user: User,
    problem_value: str,
    language: str,
    filename: str,
    code: str,
    upload_name: str | None,
) -> None:
    client = Client()
    client.force_login(team_user)
    before = Submission.objects.count()
    data: dict[str, object] = {
        "problem": problem_value if problem_value != "1" else problem.pk,
        "language": language,
        "filename": filename,
        "code": code,
    }
    if upload_name is not None:
        data["file"] = SimpleUploadedFile(upload_name, code.encode() or b"print(1)\n")
    response = client.post(reverse("team:submit"), data)
    assert response.status_code < 500
    if response.status_code == 200:  # the form again, with its errors
        assert Submission.objects.count() == before
