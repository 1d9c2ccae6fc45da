"""The shared browser fixtures (tests/support/browser.py): one chromium for this package."""

from __future__ import annotations

from tests.support.browser import browser, contest, page_as, python, shot

__all__ = ["browser", "contest", "page_as", "python", "shot"]
