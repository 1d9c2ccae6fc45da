"""The schema checks themselves can fail: strictness, the judgement-type ids, multipleOf."""

from __future__ import annotations

import json

import pytest

from tests.api.schemas import SCHEMA_DIR, assert_valid

SUBMISSION = {
    "id": "1",
    "language_id": "python3",
    "problem_id": "7",
    "team_id": "3",
    "time": "2024-01-01T12:00:00.000+00:00",
    "contest_time": "0:12:00.000",
    "entry_point": None,
    "files": [],
}


def test_a_valid_submission_passes() -> None:
    assert_valid("submission.json", SUBMISSION)


@pytest.mark.parametrize(
    "broken",
    [
        {k: v for k, v in SUBMISSION.items() if k != "team_id"},  # required property missing
        {**SUBMISSION, "teamid": "3"},  # misspelt extra property (strict mode)
        {**SUBMISSION, "time": "2024-01-01 12:00:00"},  # not a TIME
        {**SUBMISSION, "contest_time": "12 minutes"},  # not a RELTIME
        # Java submissions must carry an entry_point.
        {**{k: v for k, v in SUBMISSION.items() if k != "entry_point"}, "language_id": "java"},
    ],
)
def test_broken_objects_fail(broken: dict[str, object]) -> None:
    with pytest.raises(AssertionError):
        assert_valid("submission.json", broken)


def test_judgement_type_ids_are_only_the_spec_list() -> None:
    base = {"name": "x", "penalty": True, "solved": False}
    for code in ("WA", "RTE", "SE"):
        assert_valid("judgement-type.json", {"id": code, **base})
    # Juiz's former ids of its own, and any other, are refused.
    for code in ("SK", "IEV", "PSE", "XYZ"):
        with pytest.raises(AssertionError):
            assert_valid("judgement-type.json", {"id": code, **base})


def test_an_extension_property_fails_strict_mode() -> None:
    base = {"id": "WA", "name": "x", "penalty": True, "solved": False}
    with pytest.raises(AssertionError):
        assert_valid("judgement-type.json", {**base, "x_mooshak": ["Wrong Answer"]})


def test_multiple_of_is_checked_in_decimal() -> None:
    problem = {"id": "1", "label": "A", "name": "x", "ordinal": 1, "test_data_count": 0}
    assert_valid("problem.json", {**problem, "time_limit": 0.043})
    with pytest.raises(AssertionError):
        assert_valid("problem.json", {**problem, "time_limit": 0.0435})


def test_multiple_of_is_checked_in_decimal_inside_a_collection() -> None:
    """runs.json's items are a $ref to run.json: the decimal check must follow it."""
    run = {
        "id": "1",
        "judgement_id": "1",
        "ordinal": 1,
        "judgement_type_id": "AC",
        "time": "2024-01-01T12:00:00.000+00:00",
        "contest_time": "0:12:00.000",
    }
    assert_valid("runs.json", [{**run, "run_time": 0.043}])
    with pytest.raises(AssertionError):
        assert_valid("runs.json", [{**run, "run_time": 0.0435}])


CLARIFICATION = {
    "id": "2",
    "from_team_id": None,
    "to_team_ids": ["34"],
    "to_group_ids": None,
    "reply_to_id": "1",
    "problem_id": None,
    "text": "Yes you may!",
    "time": "2024-01-01T12:00:00.000+00:00",
    "contest_time": "0:12:00.000",
}


def test_the_shared_clarification_schema_still_lags_the_text() -> None:
    """When the shared schema names to_team_ids, drop the adjustment in schemas.py."""
    shared = json.loads((SCHEMA_DIR / "clarification.json").read_text())
    assert "to_team_id" in shared["properties"] and "to_team_ids" not in shared["properties"]


def test_clarifications_follow_the_texts_recipients() -> None:
    assert_valid("clarification.json", CLARIFICATION)
    assert_valid("clarification.json", {**CLARIFICATION, "to_team_ids": None})
    with pytest.raises(AssertionError):  # a team's question has no recipients
        assert_valid("clarification.json", {**CLARIFICATION, "from_team_id": "34"})
    with pytest.raises(AssertionError):  # the old single recipient is gone
        assert_valid("clarification.json", {**CLARIFICATION, "to_team_id": "34"})
    question = {**CLARIFICATION, "from_team_id": "34", "to_team_ids": None}
    assert_valid("clarification.json", question)
