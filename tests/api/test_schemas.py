"""Every endpoint's response validates against the ICPC CCS JSON schemas (fetched with
`strict=1`, which leaves Juiz's `x_` extensions out), and carries exactly the properties the
access endpoint announces."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client

from api.extensions import is_extension
from api.judgement_types import CCS_TYPE
from api.serializers import PROPERTIES
from judge.services import clarifications
from judging.classification import SEVERITY
from tests.api.conftest import World, client_for
from tests.api.schemas import assert_valid, spec_judgement_type_ids, strict_get

pytestmark = pytest.mark.django_db

TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$")
RELTIME = re.compile(r"^-?\d+:[0-5]\d:[0-5]\d\.\d{3}$")

# (collection path under the contest, collection schema, object schema, access type)
COLLECTIONS = [
    ("problems", "problems.json", "problem.json", "problems"),
    ("languages", "languages.json", "language.json", "languages"),
    ("groups", "groups.json", "group.json", "groups"),
    ("organizations", "organizations.json", "organization.json", "organizations"),
    ("teams", "teams.json", "team.json", "teams"),
    ("accounts", "accounts.json", "account.json", "accounts"),
    ("judgement-types", "judgement-types.json", "judgement-type.json", "judgement-types"),
    ("submissions", "submissions.json", "submission.json", "submissions"),
    ("judgements", "judgements.json", "judgement.json", "judgements"),
    ("runs", "runs.json", "run.json", "runs"),
    ("clarifications", "clarifications.json", "clarification.json", "clarifications"),
    ("awards", "awards.json", "award.json", "awards"),
]


@pytest.fixture
def talking(world: World) -> World:
    """The world with a question, its answer to all, and an announcement to a group."""
    contest, judge = world.contest, world.judge_user
    question = clarifications.ask(
        user=world.team_user, contest=contest, text="Round?", problem=world.problem
    )
    clarifications.answer(question=question, judge=judge, text="No.", to_all=True)
    category = world.team_user.team.category
    clarifications.announce(judge=judge, contest=contest, text="Water.", category=category)
    return world


def _spec_properties(kind: str) -> set[str]:
    return {p for p in PROPERTIES[kind] if not is_extension(p)}


def _get(client: Client, path: str) -> Any:
    response = client.get(f"/api/{path}")
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/json"
    assert response["Access-Control-Allow-Origin"] == "*"
    return response.json()


def _strict(client: Client, path: str) -> Any:
    return strict_get(client, path)


@pytest.mark.parametrize(("name", "many", "one", "kind"), COLLECTIONS)
def test_collection_and_objects_validate_for_the_jury(
    talking: World, name: str, many: str, one: str, kind: str
) -> None:
    client = client_for(talking.judge_user)
    objects = _strict(client, f"contests/test/{name}")
    assert objects, f"{name} is empty: the test would prove nothing"
    assert_valid(many, objects)
    for obj in objects:
        assert set(obj) == _spec_properties(kind), obj
        assert _strict(client, f"contests/test/{name}/{obj['id']}") == obj
        assert_valid(one, obj)
    # Without strict=1 the objects carry exactly the announced properties, extensions too.
    assert all(set(o) == set(PROPERTIES[kind]) for o in _get(client, f"contests/test/{name}"))


@pytest.mark.parametrize(("name", "many", "one", "kind"), COLLECTIONS)
def test_collections_validate_for_the_public_after_the_contest(
    talking: World, name: str, many: str, one: str, kind: str
) -> None:
    contest = talking.contest
    contest.start -= timedelta(hours=10)
    contest.end = contest.start + timedelta(hours=5)
    contest.save()
    if name in ("runs", "clarifications", "accounts"):  # never public (test_runs, ..._writes)
        return
    objects = _strict(client_for(), f"contests/test/{name}")
    assert objects
    assert_valid(many, objects)


def test_contest_endpoints_validate(world: World) -> None:
    contest = world.contest
    contest.freeze_start = contest.end - timedelta(hours=1)
    contest.save()
    client = client_for()
    contests = _get(client, "contests")
    assert_valid("contests.json", contests)
    single = _get(client, "contests/test")
    assert_valid("contest.json", single)
    assert contests == [single]
    assert set(single) == set(PROPERTIES["contest"])
    assert single["id"] == "test"
    assert TIME.match(single["start_time"]), single["start_time"]
    assert single["duration"] == "5:00:00.000"
    assert single["scoreboard_freeze_duration"] == "1:00:00.000"
    assert single["penalty_time"] == "0:20:00.000"
    state = _get(client, "contests/test/state")
    assert_valid("state.json", state)
    assert set(state) == set(PROPERTIES["state"])
    assert state["started"] == single["start_time"] and state["ended"] is None


def test_api_information_and_access_validate(world: World) -> None:
    info = _get(client_for(), "")
    assert_valid("api_information.json", info)
    assert info["provider"]["name"] == "Juiz"
    team_access = _strict(client_for(world.team_user), "contests/test/access")
    assert_valid("access.json", team_access)
    assert team_access["capabilities"] == ["team_submit", "post_clar"]
    public_access = _strict(client_for(), "contests/test/access")
    assert_valid("access.json", public_access)
    assert public_access["capabilities"] == []
    judge_access = _strict(client_for(world.judge_user), "contests/test/access")
    assert judge_access["capabilities"] == ["post_clar"]
    # Accounts are the jury's only.
    assert {e["type"] for e in team_access["endpoints"]} == set(PROPERTIES) - {"accounts"}
    assert {e["type"] for e in judge_access["endpoints"]} == set(PROPERTIES)
    # The public never sees a run or a clarification, so neither is announced to it.
    public_types = set(PROPERTIES) - {"runs", "clarifications", "accounts"}
    assert {e["type"] for e in public_access["endpoints"]} == public_types
    for endpoint in team_access["endpoints"]:
        assert set(endpoint["properties"]) == _spec_properties(endpoint["type"])


def test_access_announces_the_extensions_unless_strict(world: World) -> None:
    access = _get(client_for(world.judge_user), "contests/test/access")
    by_type = {e["type"]: e["properties"] for e in access["endpoints"]}
    assert "x_mooshak" in by_type["judgements"] and "x_mooshak" in by_type["judgement-types"]
    assert by_type == {t: list(p) for t, p in PROPERTIES.items()}


def test_times_use_the_spec_formats(world: World) -> None:
    client = client_for(world.judge_user)
    sub = _get(client, f"contests/test/submissions/{world.accepted.pk}")
    assert TIME.match(sub["time"]) and RELTIME.match(sub["contest_time"])
    assert sub["contest_time"].startswith("1:00:")  # the contest started an hour ago
    done = _get(client, f"contests/test/judgements?submission_id={world.accepted.pk}")
    assert len(done) == 1
    assert done[0]["judgement_type_id"] == "AC"
    assert done[0]["max_run_time"] == 0.12
    for key in ("start_time", "end_time"):
        assert TIME.match(done[0][key]), done[0][key]
    for key in ("start_contest_time", "end_contest_time"):
        assert RELTIME.match(done[0][key]), done[0][key]


def test_objects_carry_the_model_values(world: World) -> None:
    client = client_for(world.judge_user)
    problem = _get(client, f"contests/test/problems/{world.problem.pk}")
    assert problem["label"] == "A" and problem["ordinal"] == 1
    assert problem["rgb"] == "#3366cc" and problem["color"] is None
    assert problem["time_limit"] == 1.0 and problem["test_data_count"] == 2
    assert problem["memory_limit"] == 256 and problem["output_limit"] == 8
    java = _get(client, "contests/test/languages/java")
    assert java["extensions"] == ["java"] and java["entry_point_required"] is False
    assert java["compiler"]["command"] == "javac" and "{files}" in java["compiler"]["args"]
    assert java["runner"]["version_command"] == "java -version"
    rival = _get(client, f"contests/test/submissions/{world.rival.pk}")
    assert rival["entry_point"] == "Sum"  # Java's entry point is the public class
    team = _get(client, f"contests/test/teams/{world.team_user.team_id}")
    assert team["group_ids"] == [str(world.team_user.team.category_id)]


def test_judgement_types_are_the_spec_ids_mapped_from_mooshak(world: World) -> None:
    types = _get(client_for(), "contests/test/judgement-types")
    ids = [t["id"] for t in types]
    assert ids == ["AC", "PE", "WA", "OLE", "MLE", "TLE", "IF", "RTE", "CE", "SE", "JE"]
    assert set(ids) <= spec_judgement_type_ids()
    by_id = {t["id"]: t for t in types}
    assert by_id["AC"] == {
        "id": "AC",
        "name": "Accepted",
        "penalty": False,
        "solved": True,
        "x_mooshak": ["Accepted"],
    }
    assert by_id["RTE"]["x_mooshak"] == ["Invalid Exit Value", "Runtime Error"]
    assert by_id["SE"]["x_mooshak"] == ["Invalid Submission", "Program Size Exceeded"]
    assert by_id["SE"]["penalty"] is False and by_id["RTE"]["penalty"] is True
    assert by_id["WA"]["penalty"] is True and by_id["CE"]["penalty"] is False
    # Every classification is listed under exactly the type the table maps it to.
    listed = {name: t["id"] for t in types for name in t["x_mooshak"]}
    assert listed == {c.value: CCS_TYPE[c] for c in SEVERITY}


def test_a_judgement_carries_the_mapped_id_and_the_mooshak_name(world: World) -> None:
    path = f"contests/test/judgements?submission_id={world.rival.pk}"
    verdict = _get(client_for(world.judge_user), path)
    assert verdict[0]["judgement_type_id"] == "RTE"
    assert verdict[0]["x_mooshak"] == "Invalid Exit Value"
    strict = _strict(client_for(world.judge_user), path)
    assert strict[0]["judgement_type_id"] == "RTE" and "x_mooshak" not in strict[0]
    queued = _get(
        client_for(world.judge_user), f"contests/test/judgements?submission_id={world.queued.pk}"
    )
    assert queued[0]["judgement_type_id"] is None and queued[0]["x_mooshak"] is None


def test_unknown_objects_are_404_json(world: World) -> None:
    client = client_for(world.judge_user)
    for path in (
        "contests/nope",
        "contests/nope/problems",
        "contests/test/problems/999999",
        "contests/test/submissions/abc",
        "contests/test/judgements/999999",
        "contests/test/judgement-types/XX",
    ):
        response = client.get(f"/api/{path}")
        assert response.status_code == 404, path
        assert response.json()["code"] == 404 and response.json()["message"]
