"""Who sees what: a team never sees another team's code or report, nor any secret test data;
anonymous users are sent to log in.

Beyond the pages named here, every URL of the project is crawled as a team member with every
plausible argument: no response may contain a secret test's input or answer, or another team's
source code (its submission's or its printout's).
"""

from __future__ import annotations

import hashlib
from typing import TypedDict

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.resolvers import LocalePrefixPattern, RegexPattern, RoutePattern

from accounts.models import User
from contest.models import Language, Problem
from judge.models import Judgement, Printout, Submission
from judge.models import TestRun as RunRow
from judge.services import printouts
from tests.support import factories

pytestmark = pytest.mark.django_db

SECRET_INPUT = b"7013 9999 SECRET-INPUT-MARKER\n"
SECRET_ANSWER = b"SECRET-ANSWER-MARKER\n"
OTHER_SOURCE = b"/* OTHER-TEAM-SOURCE-MARKER */\nint main(){return 0;}\n"


class World(TypedDict):
    """The other team's judged submission (its source, a secret test's output), of problem A."""

    theirs: Submission
    problem: Problem


@pytest.fixture
def world(
    problem: Problem, team_user: User, other_team_user: User, languages: dict[str, Language]
) -> World:
    factories.add_test(problem, 3, "secret/marker", SECRET_INPUT, SECRET_ANSWER)
    theirs = Submission.objects.create(
        contest=problem.contest,
        team=other_team_user.team,
        problem=problem,
        language_id="c",
        filename="theirs.c",
        source=OTHER_SOURCE,
        submitted_at=problem.contest.start,
        state="final",
        classification="Wrong Answer",
    )
    judgement = Judgement.objects.create(
        submission=theirs, state="done", classification="Wrong Answer"
    )
    RunRow.objects.create(
        judgement=judgement,
        order=1,
        name="secret/marker",
        classification="Wrong Answer",
        output="THEIR-OUTPUT-MARKER",
    )
    theirs.current_judgement = judgement
    theirs.save()
    # Their printout of the same source: its text must not reach another team either.
    printouts.submit(
        team=other_team_user.team,  # type: ignore[arg-type]
        contest=problem.contest,
        file_name="theirs-print.c",
        content=OTHER_SOURCE,
    )
    return {"theirs": theirs, "problem": problem}


def _login(user: User) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def test_other_teams_submission_is_not_found(world: World, team_user: User) -> None:
    client = _login(team_user)
    pk = world["theirs"].pk
    for name in ("team:submission", "team:submission_source"):
        response = client.get(reverse(name, args=[pk]))
        assert response.status_code == 404, name
        assert b"OTHER-TEAM-SOURCE-MARKER" not in response.content
    assert b"theirs.c" not in client.get(reverse("team:submissions")).content


def test_own_team_and_jury_see_the_submission(
    world: World, other_team_user: User, judge_user: User, runner_user: User
) -> None:
    pk = world["theirs"].pk
    for user in (other_team_user, judge_user, runner_user):
        response = _login(user).get(reverse("team:submission_source", args=[pk]))
        assert response.status_code == 200
        assert b"OTHER-TEAM-SOURCE-MARKER" in response.content


def test_report_never_shows_outputs_or_answers(world: World, other_team_user: User) -> None:
    world["theirs"].contest.team_feedback = "all"  # the most a team is ever shown
    world["theirs"].contest.save()
    html = _login(other_team_user).get(reverse("team:submission", args=[world["theirs"].pk]))
    assert b"Wrong Answer" in html.content
    assert b"secret/marker" in html.content  # the test's name and verdict are the report
    for marker in (b"THEIR-OUTPUT-MARKER", b"SECRET-INPUT-MARKER", b"SECRET-ANSWER-MARKER"):
        assert marker not in html.content


@pytest.mark.parametrize("name", ["team:submit", "team:submissions"])
def test_anonymous_is_sent_to_login(name: str, world: World) -> None:
    response = Client().get(reverse(name))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


def test_anonymous_cannot_read_a_submission(world: World) -> None:
    pk = world["theirs"].pk
    for name in ("team:submission", "team:submission_source"):
        response = Client().get(reverse(name, args=[pk]))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("accounts:login"))


def _patterns(
    resolver: URLResolver, prefix: str = ""
) -> list[tuple[str, RegexPattern | RoutePattern | LocalePrefixPattern]]:
    found: list[tuple[str, RegexPattern | RoutePattern | LocalePrefixPattern]] = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            found += _patterns(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            found.append((prefix + str(entry.pattern), entry.pattern))
    return found


def _candidate_urls(world: World) -> set[str]:
    """Every route, each converter filled with every id or name that could lead to data."""
    import itertools
    import re

    from contest.models import TestCase

    ids = {
        world["theirs"].pk,
        world["problem"].pk,
        world["problem"].contest.pk,
        world["theirs"].current_judgement_id,
        *TestCase.objects.values_list("pk", flat=True),
        *Printout.objects.values_list("pk", flat=True),
    }
    secret = [hashlib.sha256(data).hexdigest() for data in (SECRET_INPUT, SECRET_ANSWER)]
    words = {"A", "test", "input", "answer", "source", *secret}
    urls = set()
    for route, _ in _patterns(get_resolver()):
        if route.startswith(("admin/", "django-rq/", "^")) or "(?P" in route:
            continue  # staff-only by construction (test_staff_tools_refuse_teams)
        params = re.findall(r"<(\w+:)?(\w+)>", route)
        contest = world["problem"].contest
        choices = [
            [str(contest.pk), contest.short_name]
            if "contest" in name
            else sorted(map(str, ids))
            if kind == "int:"
            else sorted(map(str, ids | words))
            for kind, name in params
        ]
        if len(params) > 2:  # keep the crawl small: ids of the other team's submission only
            choices = [[str(world["theirs"].pk), str(world["theirs"].current_judgement_id)]] * len(
                params
            )
        for combo in itertools.product(*choices):
            url = route
            for value in combo:
                url = re.sub(r"<(\w+:)?\w+>", value, url, count=1)
            urls.add("/" + url)
    return urls


def test_no_url_shows_secret_data_or_other_code_to_a_team(world: World, team_user: User) -> None:
    client = _login(team_user)
    checked = 0
    for url in sorted(_candidate_urls(world)):
        response = client.get(url)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        for marker in (
            b"SECRET-INPUT-MARKER",
            b"SECRET-ANSWER-MARKER",
            b"OTHER-TEAM-SOURCE-MARKER",
            b"THEIR-OUTPUT-MARKER",
        ):
            assert marker not in body, f"{url} shows {marker!r} to a team"
        checked += 1
    assert checked > 20  # the crawl really visited the site


def test_staff_tools_refuse_teams(world: World, team_user: User) -> None:
    client = _login(team_user)
    for url in ("/admin/", "/admin/contest/blob/", "/django-rq/"):
        response = client.get(url)
        assert response.status_code in (302, 403, 404), url
        assert b"SECRET" not in response.content


def test_the_crawl_does_reach_the_data_as_jury(world: World, judge_user: User) -> None:
    """The crawl above can fail: as a judge, it finds both the secret input and the source."""
    client = _login(judge_user)
    wanted = {b"SECRET-INPUT-MARKER", b"OTHER-TEAM-SOURCE-MARKER"}
    for url in sorted(_candidate_urls(world), key=lambda u: (not u.startswith("/jury"), u)):
        response = client.get(url)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        wanted = {marker for marker in wanted if marker not in body}
        if not wanted:
            break
    assert not wanted, f"never found {wanted}"
