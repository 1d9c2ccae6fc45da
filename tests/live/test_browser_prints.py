"""In Debian's chromium against a running daphne: a runner has the printout queue open; a team
uploads a file on its print page; the printout appears in the runner's queue without a reload
(team, location, file name); its PDF downloads; the runner prints it with the admin's command
(a script that copies the PDF) and marks it delivered."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from contest.models import Contest
from judge.models import Printout
from tests.live.test_browser_live import TIMEOUT_MS, chromium
from tests.live.threads import in_thread
from tests.support import factories
from tests.support.daphne import daphne, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

SOURCE = '#include <cstdio>\nint main() { puts("printed"); }\n'


def _page(browser: Browser, address: str, path: str, cookie: str) -> Page:
    context = browser.new_context(base_url=f"http://{address}", accept_downloads=True)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": f"http://{address}"}])
    page = context.new_page()
    page.goto(path)
    return page


def test_a_team_prints_and_the_runner_sees_it_live_and_downloads_the_pdf(tmp_path: Path) -> None:
    contest = factories.running_contest()
    copied = tmp_path / "printer-out.pdf"
    script = tmp_path / "lp"
    script.write_text(
        f"#!{sys.executable}\nimport shutil, sys\nshutil.copy(sys.argv[-1], sys.argv[1])\n"
    )
    script.chmod(0o755)
    contest.print_command = f"{script} {copied}"
    contest.save()
    team = factories.team("Alpha", location="Room 1, desk 7")
    member = factories.user("alpha1", role="team", team=team)
    runner = factories.user("runner1", role="runner")
    source = tmp_path / "main.cpp"
    source.write_text(SOURCE)
    cookies = session_cookie(member), session_cookie(runner)
    in_thread(_print, contest, cookies, source, copied)
    printout = in_thread(lambda: Printout.objects.select_related("delivered_by").get())
    assert printout.delivered_by is not None and printout.delivered_by.username == "runner1"
    assert printout.printed_at is not None


def _print(contest: Contest, cookies: tuple[str, str], source: Path, copied: Path) -> None:
    with daphne() as address, chromium() as browser:
        queue = _page(browser, address, f"/jury/prints/?contest={contest.pk}", cookies[1])
        queue.wait_for_selector("[data-live-stream]", state="attached")
        queue.wait_for_function("window.JuizLive && window.JuizLive.connected === true")
        queue.evaluate("window.__notReloaded = true")
        assert "No printouts yet." in queue.inner_text("tbody[data-live-prints]")

        team = _page(browser, address, "/print/", cookies[0])
        team.set_input_files("input[name=file]", str(source))
        team.click("form[data-print-form] button[type=submit]")
        team.wait_for_selector("text=main.cpp was sent to the printer.")

        row = queue.wait_for_selector("tbody[data-live-prints] tr[data-print-id]")
        text = row.inner_text()
        assert "Alpha" in text and "Room 1, desk 7" in text and "main.cpp" in text
        assert queue.evaluate("window.__notReloaded") is True

        with queue.expect_download() as download:
            queue.click("a[data-pdf]")
        path = download.value.path()
        assert path is not None and Path(path).read_bytes().startswith(b"%PDF-")

        queue.click("button[data-print]")  # a form: the page reloads with the message
        queue.wait_for_selector("text=Printed.")
        assert copied.read_bytes().startswith(b"%PDF-")
        queue.click("button[data-deliver]")
        queue.wait_for_selector("text=Printout delivered.")
        assert "Delivered by runner1" in queue.inner_text("tbody[data-live-prints]")
        team.reload()
        assert "Delivered" in team.inner_text("tr[data-printout]")
