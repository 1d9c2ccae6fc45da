from __future__ import annotations

from typing import Any

import pytest
from django.test import Client


@pytest.fixture
def client_as() -> Any:
    """client_as(user) -> a test client logged in as that user (None: anonymous)."""

    def make(user: Any) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def python(languages: dict[str, Any]) -> Any:
    return languages["python3"]


@pytest.fixture
def contest(db: Any) -> Any:
    """A running contest that takes more submissions of a solved problem (the jury tests
    submit freely)."""
    from tests import factories

    return factories.running_contest(multiple_accepts=True)
