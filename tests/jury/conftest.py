from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.judge.jury.conftest import contest, python

__all__ = ["client_as", "contest", "python"]


@pytest.fixture
def client_as() -> Any:
    """client_as(user) -> a test client logged in as that user (None: anonymous)."""

    def make(user: Any) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    return make
