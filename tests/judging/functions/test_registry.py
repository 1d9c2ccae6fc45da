"""Which languages have a harness and a starter, and the dispatch to their modules."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.functions import casefile, starters
from judging.functions.adapters.base import HarnessAdapter
from judging.functions.adapters.registry import HARNESS_LANGUAGES, adapter_for

DATA = Path(__file__).resolve().parent / "data"
MANIFEST = casefile.load(DATA / "add-two.json").manifest


def test_only_the_five_harness_languages_can_have_an_adapter() -> None:
    assert HARNESS_LANGUAGES == ("python3", "java", "javascript", "typescript", "cpp")
    assert adapter_for("c") is None and adapter_for("rust") is None
    python = adapter_for("python3")
    assert isinstance(python, HarnessAdapter) and python.language == "python3"


def test_starters_dispatch_to_the_language_module() -> None:
    assert "addTwo" in starters.starter(MANIFEST, "python3")
    assert "addTwo" in starters.signature(MANIFEST, "python3")
    assert "python3" in starters.languages_with_harness()
    with pytest.raises(LookupError, match="no starter code for language 'c'"):
        starters.starter(MANIFEST, "c")
