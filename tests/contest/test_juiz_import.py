"""Importing packages with juiz.yaml into the web app: generated answers stored as test data
with their solution and key, a multi-stage problem's stages and program, and the engine's view
rebuilt from the database alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from contest.models import Contest, Language, Problem
from contest.services.answers import answers_stale, current_key
from contest.services.problem_import import import_package
from contest.testdata import engine_problem

pytestmark = pytest.mark.django_db

PACKAGES = Path(__file__).resolve().parents[1] / "judging" / "juiz_packages"


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUIZ_CACHE_DIR", str(tmp_path / "engine-cache"))


@pytest.mark.sandbox
def test_generated_answers_are_stored_as_test_data_with_their_solution_and_key(
    contest: Contest, languages: dict[str, Language], tmp_path: Path
) -> None:
    package = shutil.copytree(PACKAGES / "square", tmp_path / "square")
    problem = import_package(contest, "A", package)
    rows = list(problem.tests.order_by("order"))
    assert [(t.name, t.answer_generated, t.answer.read()) for t in rows] == [
        ("sample/1", False, b"9\n"),
        ("secret/1", True, b"144\n"),
        ("secret/2", True, b"49\n"),
        ("secret/3", True, b"10000000000\n"),
    ]
    assert (problem.answer_solution, problem.answer_language) == (
        "submissions/accepted/square.py",
        "python3",
    )
    assert problem.answer_source_id is not None
    # The key the package reader made is the one the database's data calls for: the first
    # judgement does not make them again.
    assert problem.answers_key == current_key(problem)
    assert not answers_stale(problem)
    engine = engine_problem(Problem.objects.get(pk=problem.pk))
    assert engine.answers is not None and engine.answers.solution == problem.answer_solution
    assert [t.answer_generated for t in engine.tests] == [False, True, True, True]


def test_a_multi_stage_package_keeps_its_stages_and_program_between_them(
    contest: Contest, languages: dict[str, Language]
) -> None:
    problem = import_package(contest, "B", PACKAGES / "codec")
    assert "multi-stage" in problem.types
    assert problem.stages == [
        {"name": "encode", "args": ["encode"]},
        {"name": "decode", "args": ["decode"]},
    ]
    engine = engine_problem(Problem.objects.get(pk=problem.pk))
    assert "multi-stage" in engine.types
    assert engine.multi_stage is not None
    assert [s.args for s in engine.multi_stage.stages] == [("encode",), ("decode",)]
    assert (engine.multi_stage.program_dir / "between.py").is_file()


def test_importing_a_package_without_juiz_yaml_over_one_forgets_its_declarations(
    contest: Contest, languages: dict[str, Language], tmp_path: Path
) -> None:
    import_package(contest, "B", PACKAGES / "codec")
    plain = shutil.copytree(PACKAGES / "codec", tmp_path / "codec")
    (plain / "juiz.yaml").unlink()
    problem = import_package(contest, "B", plain)
    assert (problem.stages, problem.stage_program_id, problem.answer_source_id) == ([], None, None)
    assert engine_problem(problem).multi_stage is None
