"""Answers made by a problem's model solution, in the web app (docs/packages.md, "juiz.yaml").

The generated tests' answers are Blobs like every test file; Problem.answers_key names the
generation they hold: a hash of the model solution, its language and entry point, and every
generated test's input, arguments and files
(judging.graders.generate_answers.answers_key). When that
no longer matches the problem's data (the jury changed the solution or the inputs), the
answers are stale and `refresh_answers` makes them again on this worker, in the sandbox, once:
the judging job calls it before it judges, and the jury's changes queue it at once
(judge/jobs/answers.py). A model solution that fails is the jury's to fix, never a verdict:
AnswersFailed, with the test and the reason.
"""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

from django.db import transaction

from contest.engine import engine_kit, worker_sandbox
from contest.juiz import solution_path
from contest.models import Blob, Language, Problem, TestCase
from contest.testdata import engine_problem, unpacked_dir
from judging.classification import Classification
from judging.graders.generate_answers import answer_name, answers_key, generate_answers, tree_digest
from judging.languages.base import LanguageConfig
from judging.model import Problem as EngineProblem
from judging.model import TestCase as EngineTest
from judging.submission import read_submission


class AnswersFailed(Exception):
    """The model solution could not make the answers (its report's reason)."""


def current_key(problem: Problem) -> str:
    """The key of the answers the problem's present data calls for ("" without a solution).
    The inputs are not fetched: their Blobs' hashes are the SHA-256 answers_key wants."""
    if problem.answer_source_id is None:
        return ""
    rows = problem.tests.filter(answer_generated=True).order_by("order")
    tests = [
        EngineTest(
            row.name,
            Path(row.input_id),  # only its name, the hash, is read
            Path(),
            args=tuple(row.args),
            files_dir=unpacked_dir(row.files_id) if row.files_id else None,
        )
        for row in rows
    ]
    return answers_key(
        tree_digest(solution_path(problem)),
        problem.answer_language,
        problem.answer_entrypoint,
        tests,
        input_digest=lambda test: test.input.name,
    )


def answers_stale(problem: Problem) -> bool:
    return problem.answer_source_id is not None and current_key(problem) != problem.answers_key


def refresh_answers(problem_id: int) -> bool:
    """Make the problem's answers again if they are stale; True when it did."""
    problem = Problem.objects.select_related("contest").get(pk=problem_id)
    if problem.answer_source_id is None:
        return False
    key = current_key(problem)
    if key == problem.answers_key:
        return False
    engine = engine_problem(problem)
    with tempfile.TemporaryDirectory(prefix="juiz-answers-") as tmp:
        _generate(problem, engine, Path(tmp))
        return _store(problem.pk, key, Path(tmp))


def _generate(problem: Problem, engine: EngineProblem, out: Path) -> None:
    path = solution_path(problem)
    report = generate_answers(
        read_submission(path),
        dataclasses.replace(engine, tests=_generated(engine)),
        _languages(problem.answer_language),
        worker_sandbox(),
        out,
        kit=engine_kit(),
        language_id=problem.answer_language or None,
        entrypoint=problem.answer_entrypoint or None,
    )
    if report.classification is not Classification.ACCEPTED:
        why = report.reason or report.classification.value
        raise AnswersFailed(f"model solution {problem.answer_solution}: {why}")


def _store(problem_id: int, key: str, out: Path) -> bool:
    """Store the answers, unless the data changed meanwhile (they would answer old inputs:
    whoever changed it made them stale again, and they are made at the next refresh)."""
    blobs = [Blob.store_file(path) for path in sorted(out.glob("*.ans"))]
    with transaction.atomic():
        locked = Problem.objects.select_for_update().get(pk=problem_id)
        if current_key(locked) != key:
            return False
        rows = list(locked.tests.filter(answer_generated=True).order_by("order"))
        for index, row in enumerate(rows):
            assert (out / answer_name(index)).is_file()
            row.answer = blobs[index]
        TestCase.objects.bulk_update(rows, ["answer"])
        locked.answers_key = key
        locked.save(update_fields=["answers_key"])
    return True


def _generated(engine: EngineProblem) -> list[EngineTest]:
    return [t for t in engine.tests if t.answer_generated]


def _languages(solution_language: str) -> list[LanguageConfig]:
    """Every configured language, the solution's enabled even if teams may not use it."""
    configs = [lang.to_config() for lang in Language.objects.all()]
    return [
        dataclasses.replace(c, enabled=True) if c.id == solution_language else c for c in configs
    ]
