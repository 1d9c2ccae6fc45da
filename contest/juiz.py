"""What juiz.yaml adds to a problem, between the database and the engine (docs/packages.md,
"juiz.yaml"): the model solution that makes the generated answers, and a multi-stage problem's
stages and the program between them.

Both programs are stored as zips of their files (Blobs), a single file as a zip of that one
file, so that a worker rebuilds them, and the generation key, from the database alone.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path, PurePosixPath

from contest.models import Blob
from contest.models import Problem as ProblemRow
from contest.testdata import store_zip, unpacked_dir
from judging.model import Problem as EngineProblem


def solution_path(problem: ProblemRow) -> Path:
    """The model solution on this machine: its one file, or the folder of its files."""
    assert problem.answer_source_id is not None
    root = unpacked_dir(problem.answer_source_id)
    single = root / PurePosixPath(problem.answer_solution).name
    return single if single.is_file() else root


def store_program(path: Path) -> Blob:
    """A program (a file or a directory of files) as the zip of its files."""
    if path.is_dir():
        return store_zip([("", path)])
    with tempfile.TemporaryDirectory(prefix="juiz-program-") as tmp:
        shutil.copy2(path, Path(tmp) / path.name)
        return store_zip([("", Path(tmp))])


def apply_package(problem: ProblemRow, loaded: EngineProblem, root: Path) -> None:
    """Copy onto the row what the package reader read of juiz.yaml from the package `root`."""
    problem.types = sorted(loaded.types)
    stages = loaded.multi_stage
    problem.stages = (
        [{"name": s.name, "args": list(s.args)} for s in stages.stages] if stages else []
    )
    problem.stage_program = store_program(stages.program_dir) if stages else None
    problem.stage_program_language = (stages.program_language or "") if stages else ""
    answers = loaded.answers
    problem.answer_solution = answers.solution if answers else ""
    problem.answer_language = answers.language if answers else ""
    problem.answer_entrypoint = answers.entrypoint if answers else ""
    problem.answers_key = answers.key if answers else ""
    problem.answer_source = store_program(root / answers.solution) if answers else None
