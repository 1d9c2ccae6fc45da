"""The jury's services are tested on a contest that takes more submissions of a solved problem
(the jury tests submit freely), with the Python of the engine's registry."""

from __future__ import annotations

import pytest

from contest.models import Contest, Language


@pytest.fixture
def python(languages: dict[str, Language]) -> Language:
    return languages["python3"]


@pytest.fixture
def contest(db: None) -> Contest:
    """A running contest that takes more submissions of a solved problem (the jury tests
    submit freely)."""
    from tests.support import factories

    return factories.running_contest(multiple_accepts=True)
