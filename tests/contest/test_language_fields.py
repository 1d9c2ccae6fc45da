"""A language's fields are listed once, by the engine's LanguageConfig: the database row, the
jury's form and the rejudge trigger are all derived from it."""

from __future__ import annotations

import dataclasses

import pytest

from contest.models import Language
from contest.models.language import (
    EDITABLE_FIELDS,
    JUDGING_FIELDS,
    REGISTRY_ONLY_FIELDS,
    STORED_FIELDS,
)
from judging.languages import registry
from judging.languages.base import LanguageConfig
from jury.forms import LanguageForm


def test_every_field_of_the_dataclass_is_stored_or_comes_from_the_registry() -> None:
    names = {f.name for f in dataclasses.fields(LanguageConfig)}
    assert set(STORED_FIELDS) | REGISTRY_ONLY_FIELDS == names
    assert not set(STORED_FIELDS) & REGISTRY_ONLY_FIELDS


def test_the_model_has_a_column_for_every_stored_field() -> None:
    columns = {field.name for field in Language._meta.get_fields()}
    assert set(STORED_FIELDS) <= columns


@pytest.mark.parametrize("config", registry.all_languages(), ids=lambda c: c.id)
def test_a_registry_language_survives_the_database_unchanged(config: LanguageConfig) -> None:
    assert Language.from_config(config).to_config() == config


def test_the_jury_form_edits_every_stored_field_but_the_key() -> None:
    assert tuple(LanguageForm.Meta.fields) == EDITABLE_FIELDS
    assert "id" not in EDITABLE_FIELDS


def test_a_change_of_a_command_or_a_limit_offers_a_rejudge_and_a_new_name_does_not() -> None:
    assert {"compile_command", "run_command", "time_factor", "run_processes"} <= JUDGING_FIELDS
    assert not {"name", "extensions", "version_command", "enabled"} & JUDGING_FIELDS
