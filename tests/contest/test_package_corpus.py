"""Every package of the conformance corpus (../shared/conformance, beside the repo) that Juiz
judges (pass-fail and scoring) imports through import_package, and the Problem a worker rebuilds
from the database equals the one the package reader reads: tests, flags per test, number
grammar, includes, a scoring problem's test groups and the rest. A time limit of 1 s is given so
nothing is calibrated (the sandbox is not needed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_django import Settings

from contest.models import Contest
from contest.services.problem_import import import_package
from contest.testdata import engine_problem
from judging.problem.errors import PackageError
from judging.problem.package import check_judgeable, load_package, package_format
from judging.problem.yamlfile import read_mapping
from tests.support.packages import assert_equivalent, effective_flags

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "conformance"

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no conformance corpus at {CORPUS}"),
]


def _pass_fail(directory: Path) -> bool:
    """What Juiz judges: the kinds it cannot judge yet, and a package it refuses (one without
    test data: tests/judging/test_conformance.py's KNOWN_REFUSALS), are refused by the reader
    itself."""
    config = read_mapping(directory / "problem.yaml", "problem.yaml")
    try:
        check_judgeable(config, directory, package_format(config))
        load_package(directory, time_limit_override=1.0)
    except PackageError:
        return False
    return True


def _packages() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    found = sorted(p.parent for p in CORPUS.glob("*/*/problem.yaml"))
    return [p for p in found if _pass_fail(p)]


PACKAGES = _packages()


def test_the_corpus_has_pass_fail_packages_in_each_set_that_has_one() -> None:
    sets = {p.parent.name for p in PACKAGES}
    assert {"bapctools-test", "domjudge", "ppf-examples", "problemtools-examples"} <= sets
    assert "domjudge-scoring" in sets  # scoring packages are judged too


@pytest.mark.parametrize("package", PACKAGES, ids=[str(p.relative_to(CORPUS)) for p in PACKAGES])
def test_the_imported_package_is_the_one_the_reader_reads(
    package: Path, contest: Contest, settings: Settings, tmp_path: Path
) -> None:
    settings.JUIZ_CACHE_DIR = tmp_path / "cache"
    problem = import_package(contest, "A", package, time_limit_s=1.0)
    stored = engine_problem(problem)
    loaded = load_package(package, time_limit_override=1.0)
    assert len(stored.tests) == len(loaded.tests)
    assert [effective_flags(t, stored) for t in stored.tests] == [
        effective_flags(t, loaded) for t in loaded.tests
    ]
    assert stored.validation.number_grammar == loaded.validation.number_grammar
    assert_equivalent(stored, loaded)  # and every other field, includes among them
