"""The built-in "answers" language of submit-answer problems (docs/kinds.md) has no compiler:
the admin's languages page leaves it out, and its edit and self-test pages do not exist."""

from __future__ import annotations

import pytest

from accounts.models import User
from contest.models import Language
from contest.services.languages import ANSWERS_LANGUAGE, answers_language
from tests.jury.conftest import ClientAs

pytestmark = pytest.mark.django_db


def test_the_answers_language_is_not_on_the_compilers_pages(
    admin_user: User, client_as: ClientAs, languages: dict[str, Language]
) -> None:
    answers_language()
    admin = client_as(admin_user)
    listing = admin.get("/jury/languages/").content.decode()
    assert "/jury/languages/python3/" in listing
    assert f"/jury/languages/{ANSWERS_LANGUAGE}/" not in listing
    assert admin.get(f"/jury/languages/{ANSWERS_LANGUAGE}/").status_code == 404
    assert admin.post(f"/jury/languages/{ANSWERS_LANGUAGE}/selftest/").status_code == 404
