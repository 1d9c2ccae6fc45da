"""Style reports through the worker's job, in-process with the real engine, sandbox and ruff:
stored per judgement beside a verdict they never change, unavailable rather than failing
when the tool is missing, and absent when the problem asks for none."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_django import Settings

from accounts.models import User
from contest.models import Contest, Language, Problem, StyleRules
from judge.models import StyleCheck, Submission
from judge.services import jury
from judge.services.submit import submit
from tests.judge.test_pipeline import JAVA_AC
from tests.support import builders

pytestmark = [pytest.mark.django_db, pytest.mark.sandbox]

# Problem A's sum, right on every test, with an unused import and two statements on a line.
ACCEPTED_UNTIDY = b"import os\na, b = map(int, input().split()) ; print(a + b)\n"


@pytest.fixture(autouse=True)
def _own_cache(settings: Settings, tmp_path: Path) -> None:
    settings.JUIZ_CACHE_DIR = tmp_path / "cache"


def _style_on(contest: Contest, rules: str = StyleRules.DEFAULT) -> None:
    contest.style_rules = rules
    contest.save(update_fields=["style_rules"])


def _style(submission: Submission) -> StyleCheck:
    return StyleCheck.objects.get(judgement=builders.first_judgement(submission))


def test_an_accepted_program_with_style_issues_stays_accepted_and_keeps_its_report(
    problem: Problem, team_user: User, languages: dict[str, Language]
) -> None:
    _style_on(problem.contest)
    submission = builders.sent_and_judged(team_user, problem, ACCEPTED_UNTIDY)
    assert submission.classification == "Accepted"
    assert builders.first_judgement(submission).classification == "Accepted"
    style = _style(submission)
    assert style.available and style.tool == "ruff" and style.rule_set == "default"
    assert {(i["file"], i["line"], i["rule"]) for i in style.issues} == {
        ("sum.py", 1, "F401"),
        ("sum.py", 2, "E702"),
    }
    assert style.total == 2


def test_the_same_program_without_style_gets_the_same_verdict_and_no_report(
    problem: Problem, team_user: User, languages: dict[str, Language]
) -> None:
    submission = builders.sent_and_judged(team_user, problem, ACCEPTED_UNTIDY)
    assert submission.classification == "Accepted"
    assert not StyleCheck.objects.exists()


def test_a_problem_overrides_its_contest(
    problem: Problem, team_user: User, languages: dict[str, Language]
) -> None:
    _style_on(problem.contest)
    problem.style_rules = StyleRules.OFF
    problem.save(update_fields=["style_rules"])
    builders.sent_and_judged(team_user, problem, ACCEPTED_UNTIDY)
    assert not StyleCheck.objects.exists()


def test_a_missing_tool_is_style_unavailable_and_the_verdict_is_untouched(
    problem: Problem, team_user: User, languages: dict[str, Language], settings: Settings
) -> None:
    _style_on(problem.contest)
    settings.JUIZ_RUFF = Path("/nonexistent/ruff")
    submission = builders.sent_and_judged(team_user, problem, ACCEPTED_UNTIDY)
    assert submission.classification == "Accepted"
    style = _style(submission)
    assert not style.available and "ruff is not installed" in style.reason


def test_a_wrong_answer_keeps_its_verdict_and_gets_a_report_too(
    problem: Problem, team_user: User, languages: dict[str, Language]
) -> None:
    _style_on(problem.contest, StyleRules.STRICT)
    submission = builders.sent_and_judged(team_user, problem, builders.OFF_BY_ONE_ABOVE_TEN)
    assert submission.classification == "Wrong Answer"
    assert _style(submission).rule_set == "strict"


def test_each_judgement_has_its_own_report(
    problem: Problem, team_user: User, judge_user: User, languages: dict[str, Language]
) -> None:
    """A reevaluation after the jury changed the rules is checked with the new ones."""
    _style_on(problem.contest)
    submission = builders.sent_and_judged(team_user, problem, ACCEPTED_UNTIDY)
    _style_on(problem.contest, StyleRules.STRICT)
    again = jury.reevaluate(submission=submission, judge=judge_user)
    builders.judge_for_real(again)
    rule_sets = dict(StyleCheck.objects.values_list("judgement_id", "rule_set"))
    assert rule_sets == {builders.first_judgement(submission).pk: "default", again.pk: "strict"}


C_ACCEPTED_UNREAD = b"""#include <stdio.h>
int main(void) { long a, b; int unread = 7; scanf("%ld %ld", &a, &b);
  printf("%ld\\n", a + b); return 0; }
"""


@pytest.mark.parametrize(
    ("filename", "language", "source", "tool", "rule"),
    [
        ("sum.c", "c", C_ACCEPTED_UNREAD, "cppcheck", "unreadVariable"),
        ("Sum.java", "java", JAVA_AC, "checkstyle", "MultipleVariableDeclarations"),
    ],
)
def test_compiled_languages_keep_their_verdict_beside_their_tools_report(
    problem: Problem,
    team_user: User,
    languages: dict[str, Language],
    filename: str,
    language: str,
    source: bytes,
    tool: str,
    rule: str,
) -> None:
    _style_on(problem.contest, StyleRules.STRICT)
    submission = submit(
        user=team_user,
        contest=problem.contest,
        problem=problem,
        filename=filename,
        source=source,
        language=languages[language],
    )
    builders.judge_for_real(builders.first_judgement(submission))
    submission.refresh_from_db()
    assert submission.classification == "Accepted"
    style = _style(submission)
    assert style.available and style.tool == tool, style.reason
    assert rule in {i["rule"] for i in style.issues}
