"""Small problem packages written by a test, and the check that the Problem the web app
rebuilds from its database (contest.testdata.engine_problem) judges as the package reader's
Problem (load_package) does: the same fields, the files compared by content (their paths
differ: the worker's cache against the package folder)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from judging.model import Problem, TestCase

Tree = dict[str, bytes]  # relative path -> content


def write_package(root: Path, files: Mapping[str, str | bytes]) -> Path:
    """A package folder at `root` holding `files` (relative path -> text or bytes)."""
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode() if isinstance(content, str) else content)
    return root


def tree(directory: Path | None) -> Tree | None:
    """A directory's files by relative path (None for no directory)."""
    if directory is None:
        return None
    if directory.is_file():  # a single-file validator is its own folder's only file
        return {directory.name: directory.read_bytes()}
    return {
        p.relative_to(directory).as_posix(): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


def effective_flags(test: TestCase, problem: Problem) -> tuple[str, ...]:
    """The flags the checker gets for `test`: its own, else the problem's (judging/checkers)."""
    if test.validator_flags is not None:
        return test.validator_flags
    return problem.validation.flags


def case_view(test: TestCase, problem: Problem) -> dict[str, object]:
    return {
        "name": test.name,
        "sample": test.sample,
        "input": test.input.read_bytes(),
        "answer": test.answer.read_bytes(),
        "flags": effective_flags(test, problem),
        "args": test.args,
        "files": tree(test.files_dir),
    }


def includes_view(problem: Problem) -> dict[str, Tree | None]:
    return {key: tree(path) for key, path in problem.includes}


def problem_view(problem: Problem) -> dict[str, object]:
    """Everything that decides a verdict, with files as contents."""
    validation = problem.validation
    return {
        "name": problem.name,
        "time_limit_s": problem.time_limit_s,
        "time_limit_source": problem.time_limit_source,
        "memory_mb": problem.memory_mb,
        "output_kib": problem.output_kib,
        "source_size_kib": problem.source_size_kib,
        "defaulted": problem.defaulted,
        "constants": problem.constants,
        "languages": problem.languages,
        "allow_file_writing": problem.allow_file_writing,
        "validation_passes": problem.validation_passes,
        "interactions": problem.interactions,
        "types": problem.types,
        "includes": includes_view(problem),
        "validation.kind": validation.kind,
        "validation.flags": validation.flags,
        "validation.meaningful": validation.meaningful,
        "validation.number_grammar": validation.number_grammar,
        "validation.constants": validation.constants,
        "validation.language": validation.validator_language,
        "validation.validator": tree(validation.validator_dir),
        "groups": problem.groups,  # a scoring problem's test groups, as GroupSpecs
    }


def assert_equivalent(stored: Problem, loaded: Problem, fields: Sequence[str] = ()) -> None:
    """`stored` (engine_problem) judges as `loaded` (load_package): field by field, then test
    by test, so that a failure names what differs. `fields` limits the problem's fields."""
    mine, theirs = problem_view(stored), problem_view(loaded)
    for key in fields or mine:
        assert mine[key] == theirs[key], f"{key}: {mine[key]!r} != {theirs[key]!r}"
    assert [t.name for t in stored.tests] == [t.name for t in loaded.tests]
    for a, b in zip(stored.tests, loaded.tests, strict=True):
        assert case_view(a, stored) == case_view(b, loaded), a.name
