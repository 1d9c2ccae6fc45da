"""Playwright (sync API) driving Debian's chromium against pytest-django's live server.

No browser is ever downloaded: the system chromium is launched by path. Screenshots of the
pages a test visits go to artifacts/screenshots/ (git-ignored). The browser test packages
(tests/team/browser/, tests/jury/browser/) take these fixtures into their conftest, each
package with a chromium of its own.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Browser, BrowserContext, Locator, Page
from pytest_django.live_server_helper import LiveServer

from accounts.models import User
from contest.models import Contest, Language
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.support.factories import PASSWORD

SCREENSHOTS = Path(settings.BASE_DIR) / "artifacts" / "screenshots"
TIMEOUT_MS = 20_000

PageAs = Callable[[User], Page]
"""page_as(user): a logged-in page."""
Shot = Callable[[Page, str], Path]
"""shot(page, name): the screenshot's path."""


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    """One chromium for the browser tests; package scope, because while Playwright's sync API
    is open its event loop runs in this thread, which would break async_to_sync (Channels) in
    every later test of the process."""
    from playwright.sync_api import sync_playwright

    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package")
    # Django refuses ORM calls from a thread with a running loop unless told that it is safe
    # (it is: nothing else runs here); the permission ends with the browser.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield chromium
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def contest(transactional_db: None) -> Contest:
    from tests.support import factories

    return factories.running_contest(multiple_accepts=True)


@pytest.fixture
def page_as(browser: Browser, live_server: LiveServer) -> Iterator[PageAs]:
    """page_as(user) -> a page of a fresh browser context, logged in through the login form."""
    contexts: list[BrowserContext] = []

    def login(user: User) -> Page:
        context = browser.new_context(
            base_url=live_server.url, viewport={"width": 1280, "height": 900}
        )
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.goto("/accounts/login/")
        page.fill("#id_username", user.username)
        page.fill("#id_password", PASSWORD)
        page.click("main form button[type=submit]")
        page.wait_for_url(lambda url: "/accounts/login/" not in url)
        return page

    yield login
    for context in contexts:
        context.close()


@pytest.fixture
def shot() -> Shot:
    def take(page: Page, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture
def python(languages: dict[str, Language]) -> Language:
    return languages["python3"]


_WITHOUT_KATEX = """el => {
  const copy = el.cloneNode(true);
  copy.querySelectorAll(".katex").forEach(k => k.remove());
  return copy.textContent;
}"""


def text_outside_math(element: Locator) -> str:
    """An element's text without KaTeX's output, whose MathML keeps the TeX as an annotation
    (for screen readers and copying): what is left is TeX that was not typeset."""
    return str(element.evaluate(_WITHOUT_KATEX))
