"""The worker's test-data cache: files named by their hash, fetched once, checked, and the
engine's Problem built from the database."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from pytest_django import DjangoAssertNumQueries, Settings

from contest.models import Blob, BlobChunk, Problem
from contest.testdata import CorruptBlob, blob_path, engine_problem, zip_directory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, settings: Settings) -> Path:
    settings.JUIZ_CACHE_DIR = tmp_path / "cache"
    return tmp_path / "cache"


def test_blob_is_fetched_once_under_its_hash(
    cache: Path, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    blob = Blob.store(b"1 2\n")
    with django_assert_num_queries(2):  # the blob's row, then its chunks
        path = blob_path(blob.sha256)
    assert path == cache / "blobs" / hashlib.sha256(b"1 2\n").hexdigest()
    assert path.read_bytes() == b"1 2\n"
    with django_assert_num_queries(0):
        assert blob_path(blob.sha256) == path
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left


def test_corrupt_blob_is_refused(cache: Path) -> None:
    blob = Blob.objects.create(sha256="0" * 64, size=3)
    BlobChunk.objects.create(blob=blob, index=0, data=b"abc")
    with pytest.raises(CorruptBlob):
        blob_path("0" * 64)
    assert not (cache / "blobs" / ("0" * 64)).exists()


def test_zip_is_deterministic(tmp_path: Path) -> None:
    folder = tmp_path / "v"
    folder.mkdir()
    (folder / "validator.py").write_text("print()\n")
    assert zip_directory(folder) == zip_directory(folder)


def test_the_engines_problem_is_built_from_the_database(problem: Problem, cache: Path) -> None:
    engine = engine_problem(problem)
    assert engine.id == "test/A"
    assert engine.time_limit_s == problem.time_limit_s
    assert [t.name for t in engine.tests] == ["sample/1", "secret/1"]
    assert engine.tests[0].sample and not engine.tests[1].sample
    assert engine.tests[1].input.read_bytes() == b"40 2\n"
    assert engine.tests[1].answer.read_bytes() == b"42\n"
    assert engine.validation.kind == "mooshak"
