"""The schema checks themselves can fail: strictness, the judgement-type ids, multipleOf."""

from __future__ import annotations

import pytest

from tests.api.schemas import assert_valid

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
