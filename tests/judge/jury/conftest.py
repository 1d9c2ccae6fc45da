from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def python(languages: dict[str, Any]) -> Any:
    return languages["python3"]


@pytest.fixture
def contest(db: Any) -> Any:
    """A running contest that takes more submissions of a solved problem (the jury tests
    submit freely)."""
    from tests.support import factories

    return factories.running_contest(multiple_accepts=True)
