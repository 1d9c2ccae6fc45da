"""Exporting a contest as a package that Juiz imports back to the same scoreboard.

Written: api.json, contest.yaml, problems.yaml with each problem's Kattis package
(problems/<id>/<id>.zip; a function problem by its library id), organizations.json,
groups.json, teams.json, accounts.json (the contest's teams, with what they refer to; no
passwords: only their hashes are kept) and the logos,
submissions.json with submissions/<id>/files.zip, judgements.json, clarifications.json.
A problem the Kattis writer cannot express is listed without a package, and named in the
result's `skipped`.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from accounts.bulk.exporter import team_id
from contest.models import Contest, Problem
from judge.ccs_package import clarifications, contest_file, people, problems, submissions
from judge.ccs_package.files import dump
from judge.ccs_package.kattis import NotExportable, write_package, zip_package
from judging.classification import Classification

TypeId = Callable[[Classification], str]


@dataclass(slots=True)
class Exported:
    folder: Path
    skipped: dict[str, str] = field(default_factory=dict)  # problem letter -> why


def export_contest(contest: Contest, folder: Path, *, type_id: TypeId) -> Exported:
    """Write the package into `folder` (missing or empty). `type_id` maps a classification to
    the spec's judgement-type id: the API's table (api.judgement_types), handed in by the
    caller because the API is a layer above this one."""
    folder.mkdir(parents=True, exist_ok=True)
    if any(folder.iterdir()):
        raise FileExistsError(f"{folder} is not empty")
    result = Exported(folder)
    dump(folder / "api.json", {"version": "draft", "provider": {"name": "Juiz"}})
    _yaml(folder / "contest.yaml", contest_file.write(contest))
    _write_problems(contest, folder, result)
    people.write(folder, contest)
    submissions.write(contest, folder, type_id, team_id, problems.problem_id)
    clarifications.write(contest, folder, team_id, problems.problem_id)
    return result


def _write_problems(contest: Contest, folder: Path, result: Exported) -> None:
    entries = []
    ordered = Problem.objects.filter(contest=contest).order_by("letter")
    for ordinal, problem in enumerate(ordered, start=1):
        entries.append(problems.write(problem, ordinal, _package(problem, folder, result)))
    _yaml(folder / "problems.yaml", entries)


def _package(problem: Problem, folder: Path, result: Exported) -> str | None:
    if problem.library_id:
        return None  # x_library_id says it all
    ident = problems.problem_id(problem)
    with tempfile.TemporaryDirectory(prefix="juiz-export-") as tmp:
        try:
            written = write_package(problem, Path(tmp))
        except NotExportable as reason:
            result.skipped[problem.letter] = str(reason)
            return None
        target = folder / "problems" / ident
        target.mkdir(parents=True)
        zip_package(written, target / f"{ident}.zip")
    return f"{ident}.zip"


def zip_folder(folder: Path, archive: Path) -> Path:
    """The package as one zip whose top folder is the contest's id (the spec's advice)."""
    made = shutil.make_archive(str(archive.with_suffix("")), "zip", folder.parent, folder.name)
    return Path(made)


def _yaml(path: Path, data: object) -> None:
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
