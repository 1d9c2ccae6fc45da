"""Mooshak's classifications mapped onto the spec's judgement types (api/judgement_types.py)."""

from __future__ import annotations

import pytest

from api.judgement_types import CCS_TYPE, ccs_id, is_run, judgement_types
from judge.services.jury import change
from judging.classification import PENALTY, SEVERITY, Classification
from tests.api.conftest import World, client_for
from tests.api.schemas import spec_judgement_type_ids

C = Classification


def test_every_classification_maps_to_a_spec_id() -> None:
    assert set(CCS_TYPE) == set(SEVERITY)
    assert set(CCS_TYPE.values()) <= spec_judgement_type_ids()


@pytest.mark.parametrize(
    ("mooshak", "ccs"),
    [
        (C.INVALID_EXIT_VALUE, "RTE"),
        (C.PROGRAM_SIZE_EXCEEDED, "SE"),
        (C.INVALID_SUBMISSION, "SE"),
        (C.REQUIRES_REEVALUATION, "JE"),
        (C.INVALID_FUNCTION, "IF"),
    ],
)
def test_the_finer_classifications_share_a_type(mooshak: Classification, ccs: str) -> None:
    assert ccs_id(mooshak) == ccs


def test_a_type_keeps_the_penalty_of_its_classifications() -> None:
    for judgement_type in judgement_types():
        assert {PENALTY[c] for c in judgement_type.mooshak} == {judgement_type.penalty}


def test_only_accepted_solves() -> None:
    assert [t.id for t in judgement_types() if t.solved] == ["AC"]


def test_a_skipped_test_is_no_run() -> None:
    assert not is_run(C.EVALUATION_SKIPPED)
    assert all(is_run(c) for c in SEVERITY if c is not C.EVALUATION_SKIPPED)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("verdict", "ccs"),
    [(C.PROGRAM_SIZE_EXCEEDED, "SE"), (C.EVALUATION_SKIPPED, "JE"), (C.INVALID_EXIT_VALUE, "RTE")],
)
def test_a_judges_verdict_is_reported_mapped(
    world: World, verdict: Classification, ccs: str
) -> None:
    change(submission=world.accepted, judge=world.judge_user, classification=verdict, comment="x")
    path = f"/api/contests/test/judgements?submission_id={world.accepted.pk}"
    for user in (world.judge_user, world.team_user):
        (judgement,) = client_for(user).get(path).json()
        assert judgement["judgement_type_id"] == ccs
        assert judgement["x_mooshak"] == verdict.value
