"""End to end, for a submit-answer problem (the demo's L, imported as a package): in Debian's
chromium against a running daphne, a team reads the statement's list of inputs and answer
file names, uploads its answer files through the submit form (several at once), a real RQ
worker judges them (nothing runs: the validator judges each file), and the team's list shows
the verdict live; the submission's page shows each test's verdict. And a submit-answer problem
authored in the web app: an admin creates it on the jury's problem list and uploads its tests,
and a team's answer files go the same way to a live verdict."""

from __future__ import annotations

import io
import tempfile
import zipfile
from pathlib import Path

import pytest

from config.demo_problems import PROBLEMS, write_package
from contest.models import Contest, Problem
from contest.services.problem_import import import_package
from judge.models import Submission
from tests.live.test_browser_kinds import _page, wait_for_status
from tests.live.test_browser_live import _open, chromium
from tests.live.threads import in_thread
from tests.support import factories
from tests.support.burst_worker import burst
from tests.support.daphne import daphne, session_cookie

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.worker,
]

ANSWERS = {"01.out": b"4\n", "02.out": b"168\n", "03.out": b"78498\n", "04.out": b"216816\n"}


def test_answer_files_from_the_form_to_a_live_verdict(redis_conn: object) -> None:
    factories.seed_languages()
    contest = factories.running_contest()
    spec = next(p for p in PROBLEMS if p.letter == "L")
    with tempfile.TemporaryDirectory() as tmp:
        primes = import_package(contest, "L", write_package(spec, Path(tmp)))
    team = factories.team("Alpha")
    cookie = session_cookie(factories.user("alpha1", role="team", team=team))
    in_thread(_drive, contest, primes, cookie)


def _drive(contest: Contest, primes: Problem, cookie: str) -> None:
    with daphne() as address, chromium() as browser:
        statement = _page(browser, address, "/problems/L/", cookie)
        slots = statement.inner_text("table.answer-slots")
        assert "secret/04" in slots and "04.out" in slots
        statement.context.close()
        mine = _open(browser, address, "/submissions/", cookie)
        form = _page(browser, address, "/submit/", cookie)
        form.select_option("#id_problem", value=str(primes.pk))
        uploads = [
            {"name": name, "mimeType": "text/plain", "buffer": data}
            for name, data in ANSWERS.items()
        ]
        form.set_input_files("#id_file", files=uploads)
        form.click("form[data-submit-form] button[type=submit]")
        form.wait_for_url("**/submissions/**")
        form.context.close()
        submission = in_thread(lambda: Submission.objects.get(problem=primes))
        assert submission.language_id == "answers"
        in_thread(burst, "judging")  # a real worker
        wait_for_status(mine, submission.pk, "Accepted")
        assert mine.evaluate("window.__notReloaded") is True
        detail = _page(browser, address, f"/submissions/{submission.pk}/", cookie)
        assert "Answer files" in detail.inner_text("body")


def test_a_problem_authored_as_submit_answer_from_the_jury_pages_to_a_verdict(
    redis_conn: object,
) -> None:
    factories.seed_languages()
    contest = factories.running_contest()
    admin = session_cookie(factories.user("boss", role="admin"))
    team = factories.team("Alpha")
    cookie = session_cookie(factories.user("alpha1", role="team", team=team))
    in_thread(_author_and_answer, contest, admin, cookie)


def _tests_zip() -> bytes:
    """Two tests as a zip of .in/.ans pairs, as an admin uploads them."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data, answer in (("sample/01", "10", "4"), ("secret/02", "1000", "168")):
            archive.writestr(f"{name}.in", f"{data}\n")
            archive.writestr(f"{name}.ans", f"{answer}\n")
    return buffer.getvalue()


def _author_and_answer(contest: Contest, admin: str, cookie: str) -> None:
    with daphne() as address, chromium() as browser:
        jury = _page(browser, address, "/jury/problems/", admin)
        jury.fill("#new-problem [name=letter]", "P")
        jury.fill("#new-problem [name=name]", "Primes")
        jury.select_option("#new-problem [name=kind]", value="submit-answer")
        jury.click("#new-problem button[type=submit]")
        jury.wait_for_url("**/jury/problems/*/")
        archive = {"name": "tests.zip", "mimeType": "application/zip", "buffer": _tests_zip()}
        jury.set_input_files("input[name=archive]", files=[archive])
        jury.click("button[name=upload]")
        jury.wait_for_selector("text=2 test case(s) stored")
        jury.context.close()
        statement = _page(browser, address, "/problems/P/", cookie)
        assert "02.out" in statement.inner_text("table.answer-slots")
        statement.context.close()
        mine = _open(browser, address, "/submissions/", cookie)
        problem = in_thread(lambda: Problem.objects.get(contest=contest, letter="P"))
        form = _page(browser, address, "/submit/", cookie)
        form.select_option("#id_problem", value=str(problem.pk))
        uploads = [
            {"name": name, "mimeType": "text/plain", "buffer": data}
            for name, data in (("01.out", b"4\n"), ("02.out", b"168\n"))
        ]
        form.set_input_files("#id_file", files=uploads)
        form.click("form[data-submit-form] button[type=submit]")
        form.wait_for_url("**/submissions/**")
        submission = in_thread(lambda: Submission.objects.get(problem=problem))
        in_thread(burst, "judging")  # a real worker
        wait_for_status(mine, submission.pk, "Accepted")
