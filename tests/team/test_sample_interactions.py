"""An interactive problem's statement shows its sample interactions (the judge's lines and the
program's, side by side) in place of its samples' input and answer, as the format says; the
package import keeps them."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from contest.models import Contest
from contest.services.problem_import import import_package
from team.samples import Line, lines
from tests.support import factories

GUESS = (
    Path(__file__).resolve().parents[2].parent / "shared/conformance/problemtools-examples/guess"
)


def test_an_interaction_reads_as_the_judges_and_the_programs_lines() -> None:
    assert lines(">50\n<lower\n---\n<7\n>49\n") == [
        Line("program", "50"),
        Line("judge", "lower"),
        Line("pass", ""),
        Line("judge", "7"),
        Line("program", "49"),
    ]


@pytest.mark.django_db
@pytest.mark.skipif(not GUESS.is_dir(), reason="no conformance corpus beside the repo")
def test_the_statement_of_an_interactive_package_shows_its_sample_interactions(
    contest: Contest, settings: Settings, tmp_path: Path
) -> None:
    settings.JUIZ_CACHE_DIR = tmp_path / "cache"
    problem = import_package(contest, "A", GUESS, time_limit_s=1.0)
    assert [name for name, _ in problem.interactions] == ["sample/1", "sample/2"]
    html = Client().get(reverse("team:problem", args=["A"])).content.decode()
    table = html.split('data-interaction="sample/1"')[1].split("</table>")[0]
    first = (GUESS / "data/sample/1.interaction").read_text().splitlines()[0]
    assert first.startswith(">")  # the program guesses first: its column
    assert f"<tr><td></td><td><code>{first[1:]}</code></td></tr>" in table
    assert "<tr><td><code>higher</code></td><td></td></tr>" in table
    assert "<h3>Input 1</h3>" not in html  # no input/answer pair in their place


@pytest.fixture
def contest(db: None) -> Contest:
    return factories.running_contest()
