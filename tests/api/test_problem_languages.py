"""GET contests/<id>/problem-languages, Juiz's extension: the languages each problem is judged
in."""

from __future__ import annotations

import pytest
from django.test import Client

from contest.models import Language, Problem

pytestmark = pytest.mark.django_db


def test_the_api_lists_per_problem_the_judged_languages(
    fn: Problem, problem: Problem, languages: dict[str, Language]
) -> None:
    response = Client().get("/api/contests/test/problem-languages")
    assert response.status_code == 200
    rows = {row["label"]: row for row in response.json()}
    assert rows["F"]["kind"] == "function" and rows["F"]["judged"] == ["python3"]
    assert rows["F"]["languages"]["java"] == "verifying"
    assert rows["F"]["languages"]["cpp"] == "not-judged"
    assert "c" not in rows["F"]["languages"]
    assert "c" in rows["A"]["judged"] and rows["A"]["kind"] == "stdin"
    one = Client().get(f"/api/contests/test/problem-languages?problem_id={fn.pk}").json()
    assert [row["label"] for row in one] == ["F"]


def test_a_packages_language_restriction_is_what_the_api_lists(
    problem: Problem, languages: dict[str, Language]
) -> None:
    problem.languages = ["cpp", "kotlin"]
    problem.save()
    rows = {
        row["label"]: row for row in Client().get("/api/contests/test/problem-languages").json()
    }
    expected = {lang for lang in ("cpp", "kotlin") if languages[lang].enabled}
    assert "cpp" in expected
    assert set(rows["A"]["judged"]) == expected
    assert set(rows["A"]["languages"]) == expected
