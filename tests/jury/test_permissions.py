"""Every jury and admin URL x (anonymous, team, runner, judge, admin).

Anonymous users are sent to log in; teams reach nothing; runners read the queue and the
clarifications, deliver balloons and handle printouts; judges
reach the jury pages but not the admin ones (compilers, problem data, contest settings, the
worker status page, teams).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.urls import get_resolver, reverse

from accounts.models import User
from contest.models import Language, Problem
from judge.models import LanguageSelfTest, PackageImport
from judge.services import clarifications, jury, printouts, rejudge
from judging.classification import Classification
from jury import urls as jury_urls
from scoreboard import balloons
from scoreboard.models import Balloon
from tests.jury.conftest import ClientAs
from tests.support import builders, factories

if TYPE_CHECKING:
    from _pytest.mark.structures import ParameterSet

pytestmark = pytest.mark.django_db

READER, JUDGE, ADMIN = "reader", "judge", "admin"
ROLES = ("anonymous", "team", "runner", "judge", "admin")
ALLOWED = {
    READER: {"runner", "judge", "admin"},
    JUDGE: {"judge", "admin"},
    ADMIN: {"admin"},
}

Row = tuple[str, str, str, int, tuple[str, ...]]
"""(url name, method, who may, status when allowed, arguments from the world)"""
TABLE: list[Row] = [
    ("home", "get", READER, 200, ()),
    ("submission", "get", JUDGE, 200, ("submission",)),
    ("validate", "post", JUDGE, 302, ("submission",)),
    ("change", "post", JUDGE, 302, ("submission",)),
    ("reevaluate", "post", JUDGE, 302, ("submission",)),
    ("make_current", "post", JUDGE, 302, ("submission",)),
    ("compare", "get", JUDGE, 200, ("submission", "old", "new")),
    ("run", "get", JUDGE, 200, ("submission", "run")),
    ("test_data", "get", JUDGE, 200, ("test", "kind")),
    ("rejudges", "get", JUDGE, 200, ()),
    ("rejudge_new", "get", JUDGE, 200, ()),
    ("rejudge_new", "post", JUDGE, 400, ()),  # an empty form: refused, not forbidden
    ("rejudge", "get", JUDGE, 200, ("rejudge",)),
    ("rejudge_progress", "get", JUDGE, 200, ("rejudge",)),
    ("rejudge_apply", "post", JUDGE, 302, ("rejudge",)),
    ("rejudge_cancel", "post", JUDGE, 302, ("rejudge",)),
    ("audit", "get", JUDGE, 200, ()),
    ("statistics", "get", JUDGE, 200, ()),
    ("statistics_data", "get", JUDGE, 200, ("statistics",)),
    ("balloons", "get", READER, 200, ()),
    # Each role that may gets its turn on a fresh world: deliver, then undo a delivery.
    ("balloon_deliver", "post", READER, 302, ("balloon",)),
    ("balloon_undeliver", "post", READER, 302, ("delivered_balloon",)),
    ("prints", "get", READER, 200, ()),
    ("print_pdf", "get", READER, 200, ("printout",)),
    ("print_send", "post", READER, 302, ("printout",)),  # no command set: a message, no 500
    ("print_deliver", "post", READER, 302, ("printout",)),
    ("print_undeliver", "post", READER, 302, ("delivered_printout",)),
    ("statement", "get", JUDGE, 200, ("problem",)),
    ("languages", "get", ADMIN, 200, ()),
    ("language", "get", ADMIN, 200, ("language",)),
    ("language", "post", ADMIN, 400, ("language",)),
    ("language_selftest", "post", ADMIN, 302, ("language",)),
    ("selftest", "get", ADMIN, 200, ("selftest",)),
    ("problems", "get", ADMIN, 200, ()),
    ("problem_new", "post", ADMIN, 400, ()),  # an empty form: refused
    ("problem_import", "post", ADMIN, 302, ()),
    ("package_import", "get", ADMIN, 200, ("package_import",)),
    ("package_import_status", "get", ADMIN, 200, ("package_import",)),
    ("problem", "get", ADMIN, 200, ("problem",)),
    ("problem", "post", ADMIN, 400, ("problem",)),
    ("problem_tests", "post", ADMIN, 302, ("problem",)),
    ("problem_groups", "post", ADMIN, 302, ("problem",)),  # an empty form: pass-fail
    ("problem_solution", "post", ADMIN, 302, ("problem",)),  # an empty form: back to the page
    ("problem_answers", "post", ADMIN, 302, ("problem",)),
    ("function_problem_import", "post", ADMIN, 302, ()),
    ("problem_reverify", "post", ADMIN, 302, ("problem",)),
    ("contest_settings", "get", ADMIN, 200, ()),
    ("contest_settings", "post", ADMIN, 400, ()),
    ("clarifications", "get", READER, 200, ()),
    ("clarification", "get", READER, 200, ("question",)),
    ("clarification", "get", READER, 200, ("answer",)),
    ("clarification_claim", "post", JUDGE, 302, ("question",)),
    ("clarification_release", "post", JUDGE, 302, ("question",)),
    ("clarification_answer", "post", JUDGE, 400, ("question",)),  # no text: refused
    ("clarification_no_reply", "post", JUDGE, 302, ("question",)),
    ("clarification_edit", "post", JUDGE, 302, ("answer",)),
    ("clarification_withdraw", "post", JUDGE, 302, ("answer",)),
    ("announce", "get", JUDGE, 200, ()),
    ("announce", "post", JUDGE, 400, ()),  # no text: refused
    ("workers", "get", ADMIN, 200, ()),
    ("workers_status", "get", ADMIN, 200, ()),
    ("workers_requeue", "post", ADMIN, 409, ("old",)),  # a judgement that did not fail: refused
    ("teams", "get", ADMIN, 200, ()),
    ("teams_import", "post", ADMIN, 400, ()),  # no file: refused
    ("teams_export", "get", ADMIN, 200, ("export",)),
    ("teams_passwords", "post", ADMIN, 302, ()),  # every account has one: nothing to show
    ("contest_package", "get", ADMIN, 200, ()),
    ("contest_package_import", "post", ADMIN, 400, ()),  # no file: refused
]


@pytest.fixture
def world(
    problem: Problem, python: Language, team_user: User, other_team_user: User, judge_user: User
) -> dict[str, object]:
    """The arguments of the jury URLs, by name."""
    submission = builders.judged(team_user, problem, Classification.WRONG_ANSWER)
    again = jury.reevaluate(submission=submission, judge=judge_user)
    builders.store(again, Classification.ACCEPTED)
    other = builders.judged(other_team_user, problem, Classification.WRONG_ANSWER)
    rs = rejudge.create(
        contest=problem.contest,
        judge=judge_user,
        selection=rejudge.Selection(submission_ids=(other.pk,)),
    )
    selftest = LanguageSelfTest.objects.create(language=python)
    question = clarifications.ask(user=team_user, contest=problem.contest, text="Round?")
    asked = clarifications.ask(user=team_user, contest=problem.contest, text="Sorted?")
    answer = clarifications.answer(question=asked, judge=judge_user, text="Yes.", to_all=False)
    accepted = builders.judged(team_user, problem, Classification.ACCEPTED)
    balloons.refresh(problem.contest, team_user.team_id, problem.pk)  # type: ignore[arg-type]
    balloon = Balloon.objects.get(submission=accepted)
    solved_b = factories.sum_problem(problem.contest, "B")
    earned = builders.judged(other_team_user, solved_b, Classification.ACCEPTED)
    balloons.refresh(problem.contest, other_team_user.team_id, solved_b.pk)  # type: ignore[arg-type]
    delivered = balloons.deliver(
        balloon_id=Balloon.objects.get(submission=earned).pk, user=judge_user
    )
    team = team_user.team
    assert team is not None
    printout = printouts.submit(
        team=team, contest=problem.contest, file_name="a.py", content=b"print(1)\n"
    )
    sent = printouts.submit(
        team=team, contest=problem.contest, file_name="b.py", content=b"print(2)\n"
    )
    delivered_printout = printouts.deliver(printout_id=sent.pk, user=judge_user)
    package_import = PackageImport.objects.create(
        contest=problem.contest, letter="Z", archive_name="z.zip", archive_path="/nonexistent"
    )
    return {
        "submission": submission.pk,
        "old": submission.current_judgement_id,
        "new": again.pk,
        "run": submission.current_judgement.runs.first().pk,
        "test": problem.tests.first().pk,
        "kind": "in",
        "rejudge": rs.pk,
        "problem": problem.pk,
        "language": python.pk,
        "selftest": selftest.pk,
        "package_import": package_import.pk,
        "question": question.pk,
        "answer": answer.pk,
        "balloon": balloon.pk,
        "delivered_balloon": delivered.pk,
        "printout": printout.pk,
        "delivered_printout": delivered_printout.pk,
        "export": "teams.csv",
        "statistics": "verdicts",
    }


@pytest.fixture
def users(
    team_user: User, runner_user: User, judge_user: User, admin_user: User
) -> dict[str, User | None]:
    return {
        "anonymous": None,
        "team": team_user,
        "runner": runner_user,
        "judge": judge_user,
        "admin": admin_user,
    }


def _cases() -> list[ParameterSet]:
    return [
        pytest.param(row, role, id=f"{row[0]}-{row[1]}-{role}") for row in TABLE for role in ROLES
    ]


@pytest.mark.parametrize(("row", "role"), _cases())
def test_each_role_gets_the_status_the_table_says_at_each_jury_url(
    world: dict[str, object],
    users: dict[str, User | None],
    client_as: ClientAs,
    row: Row,
    role: str,
) -> None:
    name, method, who, status, arg_names = row
    url = reverse(f"jury:{name}", args=[world[a] for a in arg_names])
    response = getattr(client_as(users[role]), method)(url)
    if role == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("accounts:login"))
    elif role in ALLOWED[who]:
        assert response.status_code == status
    else:
        assert response.status_code == 403


def test_the_table_covers_every_jury_url() -> None:
    names = {p.name for p in jury_urls.urlpatterns}
    assert names == {row[0] for row in TABLE}
    assert get_resolver().resolve("/jury/").url_name == "home"


def test_runners_read_the_queue_without_links_to_sources(
    world: dict[str, object], runner_user: User, client_as: ClientAs
) -> None:
    response = client_as(runner_user).get(reverse("jury:home"))
    assert response.status_code == 200
    assert str(world["submission"]).encode() in response.content
    assert b"/jury/submissions/" not in response.content
    assert b"Rejudges" not in response.content
