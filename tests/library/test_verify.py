"""verify_language on a tiny library, and (marked refs) the whole library in every language."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.functions.adapters.registry import HARNESS_LANGUAGES
from judging.kit import Kit
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox
from library import index
from library.build import load_problem
from library.verify import Sources, Verification, verify_language, write_coverage
from tests.library import tiny_library

KIT = Kit.of_checkout()


def _sources(language_id: str = "python3") -> Sources:
    return Sources.from_library("add", language_id)


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox()


@pytest.mark.sandbox
def test_a_missing_or_wrong_reference_is_not_verified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox: Sandbox
) -> None:
    directory = tiny_library.make(tmp_path, monkeypatch)
    problem = load_problem("add")
    missing = verify_language(problem, "java", sandbox, kit=KIT, sources=_sources("java"))
    assert not missing.ok and missing.detail == "no reference solution (solution.java)"
    (directory / "refs" / "solution.py").write_bytes(b"def addTwo(a, b):\n    return a\n")
    wrong = verify_language(
        problem, "python3", sandbox, kit=KIT, sources=_sources("python3"), skip_naive=True
    )
    assert not wrong.ok and wrong.reference == "Wrong Answer" and "case 'small'" in wrong.detail


@pytest.mark.sandbox
def test_skip_naive_verifies_the_reference_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox: Sandbox
) -> None:
    tiny_library.make(tmp_path, monkeypatch, naive=b"syntax error(")
    result = verify_language(
        load_problem("add"), "python3", sandbox, kit=KIT, sources=_sources(), skip_naive=True
    )
    assert result.ok and result.naive == "" and result.cpu_limit_ms > 0


def test_coverage_merges_results(tmp_path: Path) -> None:
    path = tmp_path / "coverage.json"
    write_coverage([Verification("a", "java", False, "x")], path)
    write_coverage([Verification("a", "cpp", True, "y"), Verification("b", "java", True, "")], path)
    import json

    coverage = json.loads(path.read_text())
    assert set(coverage["a"]) == {"java", "cpp"} and coverage["b"]["java"]["ok"] is True


@pytest.mark.refs
@pytest.mark.sandbox
@pytest.mark.slow
@pytest.mark.parametrize("language_id", HARNESS_LANGUAGES)
def test_every_reference_of_the_library_verifies(language_id: str, sandbox: Sandbox) -> None:
    failures = []
    for problem_id in index.library_ids():
        sources = Sources.from_library(problem_id, language_id)
        result = verify_language(
            load_problem(problem_id), language_id, sandbox, kit=KIT, sources=sources
        )
        if not result.ok:
            failures.append(f"{problem_id}: {result.detail}")
    assert not failures, "\n".join(failures)


@pytest.mark.sandbox
def test_a_reference_starved_of_wall_clock_time_is_run_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox: Sandbox
) -> None:
    # The first run ends on the wall-clock limit with CPU time to spare (a busy machine); the
    # verification must not call the reference slow for it.
    from judging.classification import Classification
    from judging.report import Report
    from library import verify

    tiny_library.make(tmp_path, monkeypatch)
    real_run, calls = verify._run, []

    def starved_once(*args: object) -> object:
        calls.append(args)
        if len(calls) == 1:
            return verify._Outcome(Report(Classification.TIME_LIMIT_EXCEEDED), 10, 4000)
        return real_run(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(verify, "_run", starved_once)
    result = verify_language(
        load_problem("add"), "python3", sandbox, kit=KIT, sources=_sources(), skip_naive=True
    )
    assert result.ok and result.reference == "Accepted" and len(calls) == 2
