"""The engine's view of what juiz.yaml adds to a problem row (contest/juiz.py stores it): the
model solution's AnswerSource and a multi-stage problem's stages and program."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from contest.models import Problem as ProblemRow
from judging.model import AnswerSource, MultiStage, Stage

Unpack = Callable[[str], Path]


def engine_fields(problem: ProblemRow, unpack: Unpack) -> dict[str, Any]:
    """The engine Problem's `answers` and `multi_stage` for this row (`unpack`: a zip Blob's
    folder on this machine, contest.testdata.unpacked_dir)."""
    return {"answers": answer_source(problem), "multi_stage": multi_stage(problem, unpack)}


def answer_source(problem: ProblemRow) -> AnswerSource | None:
    if problem.answer_source_id is None:
        return None
    return AnswerSource(
        problem.answer_solution,
        problem.answer_language,
        problem.answers_key,
        problem.answer_entrypoint,
    )


def multi_stage(problem: ProblemRow, unpack: Unpack) -> MultiStage | None:
    if not problem.stages or problem.stage_program_id is None:
        return None
    stages = tuple(Stage(s["name"], tuple(s.get("args", ()))) for s in problem.stages)
    program = unpack(problem.stage_program_id)
    return MultiStage(stages, program, problem.stage_program_language or None)
