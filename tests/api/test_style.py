"""A judgement's style report in the API (`x_style`, an extension): the jury sees every one,
a team its own submission's report in force as its pages show it, nobody else any, and
`?strict=1` leaves it out."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client

from contest.models import TeamFeedback
from judge.models import Judgement, Submission
from judge.services.style import store_style
from judging.style.report import StyleIssue, found
from tests.api.conftest import World, client_for
from tests.api.schemas import assert_valid, strict_get

pytestmark = pytest.mark.django_db

ISSUE = StyleIssue("sum.py", 2, 30, "E702", "Multiple statements on one line", "error")


def _styled(submission: Submission) -> Judgement:
    """The submission's current judgement, with the report the style job would have stored."""
    judgement = Judgement.objects.get(pk=submission.current_judgement_id)
    store_style(judgement, found("ruff", "default", [ISSUE]))
    return judgement


def _style_of(client: Client, judgement: Judgement) -> object:
    response = client.get(f"/api/contests/test/judgements/{judgement.pk}")
    assert response.status_code == 200, response.content
    return response.json()["x_style"]


def test_the_jury_sees_a_judgements_style_report(world: World) -> None:
    judgement = _styled(world.accepted)
    assert _style_of(client_for(world.judge_user), judgement) == {
        "tool": "ruff",
        "rule_set": "default",
        "available": True,
        "reason": "",
        "total": 1,
        "issues": [
            {
                "file": "sum.py",
                "line": 2,
                "column": 30,
                "rule": "E702",
                "message": "Multiple statements on one line",
                "severity": "error",
            }
        ],
    }
    listed = client_for(world.judge_user).get("/api/contests/test/judgements").json()
    assert {j["id"]: j["x_style"] is not None for j in listed}[str(judgement.pk)]


def test_a_judgement_without_a_report_has_a_null_style(world: World) -> None:
    judgement = Judgement.objects.get(pk=world.accepted.current_judgement_id)
    assert _style_of(client_for(world.judge_user), judgement) is None


@pytest.mark.parametrize(
    ("level", "seen"),
    [
        (TeamFeedback.NONE, False),
        (TeamFeedback.VERDICT, True),
        (TeamFeedback.SAMPLES, True),
        (TeamFeedback.ALL, True),
    ],
)
def test_a_team_sees_its_own_report_as_its_feedback_level_allows(
    world: World, level: TeamFeedback, seen: bool
) -> None:
    world.contest.team_feedback = level
    world.contest.save()
    judgement = _styled(world.accepted)
    style = _style_of(client_for(world.team_user), judgement)
    assert (style is not None) == seen
    if seen:
        assert isinstance(style, dict) and style["total"] == 1


def test_a_team_sees_no_report_while_its_verdict_is_hidden(world: World) -> None:
    world.contest.team_feedback = TeamFeedback.ALL
    world.contest.show_pending_to_teams = False
    world.contest.save()
    judgement = _styled(world.accepted)
    # The verdict is not final yet: the team's own judgement, but neither verdict nor report.
    assert _style_of(client_for(world.team_user), judgement) is None
    assert _style_of(client_for(world.judge_user), judgement) is not None


def test_nobody_else_sees_a_teams_report(world: World) -> None:
    world.contest.team_feedback = TeamFeedback.ALL
    contest = world.contest
    # After the contest, when every current judgement is public.
    contest.start -= timedelta(hours=10)
    contest.end = contest.start + timedelta(hours=5)
    contest.save()
    judgement = _styled(world.accepted)
    assert _style_of(client_for(world.other_team_user), judgement) is None
    assert _style_of(client_for(), judgement) is None


def test_strict_mode_leaves_the_style_out(world: World) -> None:
    judgement = _styled(world.accepted)
    strict = strict_get(client_for(world.judge_user), f"contests/test/judgements/{judgement.pk}")
    assert_valid("judgement.json", strict)
    assert "x_style" not in strict
    access = strict_get(client_for(world.judge_user), "contests/test/access")
    by_type = {e["type"]: e["properties"] for e in access["endpoints"]}
    assert "x_style" not in by_type["judgements"]
    loose = client_for(world.judge_user).get("/api/contests/test/access").json()
    assert "x_style" in {e["type"]: e["properties"] for e in loose["endpoints"]}["judgements"]
