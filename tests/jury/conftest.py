"""The jury pages' fixtures: a client logged in as anyone, and the jury's contest and Python
(tests/judge/jury/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from accounts.models import User
from tests.judge.jury.conftest import contest, python

__all__ = ["ClientAs", "client_as", "contest", "python"]

ClientAs = Callable[[User | None], Client]
"""client_as(user): a test client logged in as that user (None: anonymous)."""


@pytest.fixture
def client_as() -> ClientAs:
    """client_as(user) -> a test client logged in as that user (None: anonymous)."""

    def make(user: User | None) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    return make
