"""A stored problem written back as a Kattis package (legacy format) that Juiz's own reader
(judging/problem/package.py) reads to the same problem: limits, tests by name, validation and
its flags, the output validator, scoring groups, sample interactions, include/, statement.

What the legacy format cannot say (2023-07 constants, languages, file writing, per-test flags
or arguments, juiz.yaml's answers and stages, 2025-09 scoring groups) is refused with the
reason, rather than written as a package that would judge differently.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path
from typing import Any

import yaml
from django.utils.text import slugify

from contest.models import Problem, TestGroup, Validation
from contest.testdata import blob_path, unpacked_dir


class NotExportable(Exception):
    """The problem has what the written package could not say; the message says what."""


def write_package(problem: Problem, dest: Path) -> Path:
    """Write the package folder dest/<slug>; return it."""
    _check_exportable(problem)
    root = dest / (slugify(problem.name) or problem.letter.lower())
    root.mkdir(parents=True)
    _write_yaml(root / "problem.yaml", problem_yaml(problem))
    _write_tests(problem, root / "data")
    _write_groups(problem, root / "data")
    for name, text in problem.interactions:
        (root / "data" / f"{name}.interaction").write_text(text, encoding="utf-8")
    if problem.validator is not None:
        shutil.copytree(unpacked_dir(problem.validator.sha256), root / "output_validators" / "v")
    if problem.includes is not None:
        shutil.copytree(unpacked_dir(problem.includes.sha256), root / "include")
    _write_statement(problem, root / "problem_statement")
    return root


def zip_package(folder: Path, archive: Path) -> Path:
    """The folder zipped as one top folder (the format's layout)."""
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(f"{folder.name}/{path.relative_to(folder).as_posix()}")
            info.external_attr = (path.stat().st_mode & 0o777 | 0o100000) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zipped.writestr(info, path.read_bytes())
    return archive


def _check_exportable(problem: Problem) -> None:
    reasons = [
        ("a function problem (it travels by its library id)", bool(problem.library_id)),
        ("2023-07 constants", bool(problem.constants)),
        ("a list of languages", problem.languages is not None),
        ("allowed file writing", problem.allow_file_writing),
        ("answers made by a model solution (juiz.yaml)", bool(problem.answer_solution)),
        ("stages (juiz.yaml)", bool(problem.stages)),
        ("meaningful characters", bool(problem.meaningful_characters)),
        ("2025-09 scoring groups", problem.test_groups.exclude(rules="legacy").exists()),
    ]
    tests = problem.tests.all()
    reasons += [
        ("tests with their own validator flags", tests.exclude(validator_flags=None).exists()),
        ("tests with arguments", tests.exclude(args=[]).exists()),
    ]
    found = [what for what, has in reasons if has]
    if found:
        raise NotExportable(f"problem {problem.letter} has {', '.join(found)}")


def problem_yaml(problem: Problem) -> dict[str, Any]:
    defaulted = set(problem.defaulted_limits)
    limits: dict[str, Any] = {"time_limit": problem.time_limit_s}
    if "memory" not in defaulted:
        limits["memory"] = problem.memory_mb
    if "output" not in defaulted:
        limits["output"] = problem.output_kib / 1024  # MiB in the format
    if "code" not in defaulted:
        limits["code"] = problem.source_size_kib
    if "multi-pass" in problem.types:
        limits["validation_passes"] = problem.validation_passes
    config: dict[str, Any] = {"name": problem.name, "limits": limits}
    if "scoring" in problem.types:
        config["type"] = "scoring"
    config["validation"] = _validation(problem)
    if problem.validator_flags:
        config["validator_flags"] = problem.validator_flags
    return config


def _validation(problem: Problem) -> str:
    words = ["custom" if problem.validation == Validation.CUSTOM else "default"]
    words += [kind for kind in ("interactive", "multi-pass") if kind in problem.types]
    return " ".join(words)


def _write_tests(problem: Problem, data: Path) -> None:
    for test in problem.tests.select_related("input", "answer", "files"):
        stem = data / test.name
        stem.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(blob_path(test.input.sha256), stem.with_name(f"{stem.name}.in"))
        shutil.copyfile(blob_path(test.answer.sha256), stem.with_name(f"{stem.name}.ans"))
        if test.files is not None:
            shutil.copytree(unpacked_dir(test.files.sha256), stem.with_name(f"{stem.name}.files"))


def _write_groups(problem: Problem, data: Path) -> None:
    """Every key written on every group: the legacy rules inherit from the nearest ancestor,
    and explicit keys read back the same whatever the ancestors say."""
    for group in problem.test_groups.all():
        _write_yaml(data / group.name / "testdata.yaml", _legacy_group(group))


def _legacy_group(group: TestGroup) -> dict[str, Any]:
    config: dict[str, Any] = {
        "on_reject": group.on_reject,
        "grader_flags": group.aggregation,
        "reject_score": group.reject_score,
    }
    if group.accept_score is not None:
        config["accept_score"] = group.accept_score
    if group.min_score is not None or group.max_score is not None:
        low = "-inf" if group.min_score is None else f"{group.min_score:g}"
        high = "+inf" if group.max_score is None else f"{group.max_score:g}"
        config["range"] = f"{low} {high}"
    return config


def _write_statement(problem: Problem, folder: Path) -> None:
    folder.mkdir()
    if problem.statement:
        (folder / "problem.en.md").write_text(problem.statement, encoding="utf-8")
    if problem.statement_pdf:
        with problem.statement_pdf.open("rb") as pdf:
            (folder / "problem.en.pdf").write_bytes(pdf.read())


def _write_yaml(path: Path, config: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True), "utf-8")
