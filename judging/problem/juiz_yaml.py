"""juiz.yaml: what a package may declare beyond the problem package format (docs/packages.md,
"juiz.yaml").

The 2025-09 format has neither of these: its answers are always files (`.ans`; "judge systems
are not responsible for executing the provided generators") and its multi-pass problems run the
same submission with the output validator between passes. So Juiz reads one small file of its
own, beside problem.yaml, with two optional keys:

    answers:                    # official answers made by running the model solution
      solution: submissions/accepted/model.py   # a file or directory of the package
      language: python3         # optional: else by the files' extensions
      entrypoint: model.py      # optional: as submissions.yaml's
    multi_stage:                # the submission runs once per stage
      stages:
        - {name: encode, args: [encode]}
        - {name: decode, args: [decode]}
      program: juiz/between/    # run between two stages (a file or directory of the package)
      language: python3         # optional

Every path is relative to the package and must stay inside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judging.model import MultiStage, Stage
from judging.problem.errors import PackageError
from judging.problem.yamlfile import read_mapping, words

FILE_NAME = "juiz.yaml"
MULTI_STAGE = "multi-stage"  # the problem type word (judging.model.Problem.types)
KEYS = ("answers", "multi_stage")


@dataclass(frozen=True)
class AnswersDeclaration:
    solution: Path  # inside the package
    name: str  # as written, e.g. "submissions/accepted/model.py"
    language: str = ""  # "": by extension
    entrypoint: str = ""


@dataclass(frozen=True)
class JuizConfig:
    answers: AnswersDeclaration | None = None
    multi_stage: MultiStage | None = None


def read_juiz_yaml(directory: Path) -> JuizConfig:
    """The package's juiz.yaml (an empty JuizConfig when there is none)."""
    path = directory / FILE_NAME
    if not path.is_file():
        return JuizConfig()
    config = read_mapping(path, FILE_NAME)
    unknown = sorted(set(config) - set(KEYS))
    if unknown:
        raise PackageError(f"{FILE_NAME}: unknown key {unknown[0]!r} (known: {', '.join(KEYS)})")
    return JuizConfig(
        answers=_answers(directory, config.get("answers")),
        multi_stage=_multi_stage(directory, config.get("multi_stage")),
    )


def _answers(directory: Path, value: Any) -> AnswersDeclaration | None:
    if value is None:
        return None
    shown = f"{FILE_NAME}: answers"
    if not isinstance(value, dict) or not isinstance(value.get("solution"), str):
        raise PackageError(f"{shown}: expected a mapping with solution: <path of the solution>")
    name = value["solution"].strip("/")
    return AnswersDeclaration(
        solution=_inside(directory, name, f"{shown}.solution"),
        name=name,
        language=_text(value.get("language"), f"{shown}.language"),
        entrypoint=_text(value.get("entrypoint"), f"{shown}.entrypoint"),
    )


def _multi_stage(directory: Path, value: Any) -> MultiStage | None:
    if value is None:
        return None
    shown = f"{FILE_NAME}: multi_stage"
    if not isinstance(value, dict):
        raise PackageError(f"{shown}: expected a mapping with stages and program")
    stages = value.get("stages")
    if not isinstance(stages, list) or len(stages) < 2:
        raise PackageError(f"{shown}.stages: expected a list of at least two stages")
    parsed = tuple(_stage(item, f"{shown}.stages[{i}]") for i, item in enumerate(stages))
    names = [s.name for s in parsed]
    if len(set(names)) != len(names):
        raise PackageError(f"{shown}.stages: stage names must differ, got {', '.join(names)}")
    program = value.get("program")
    if not isinstance(program, str):
        raise PackageError(f"{shown}.program: expected the path of the program between stages")
    language = _text(value.get("language"), f"{shown}.language")
    return MultiStage(parsed, _inside(directory, program, f"{shown}.program"), language or None)


def _stage(item: Any, shown: str) -> Stage:
    if isinstance(item, str):
        return Stage(item, (item,))  # a bare name is also the submission's one argument
    if not isinstance(item, dict) or not isinstance(item.get("name"), str) or not item["name"]:
        raise PackageError(f"{shown}: expected a name, or a mapping with name and args")
    args = item.get("args", [item["name"]])
    return Stage(item["name"], words(args, f"{shown}.args"))


def _inside(directory: Path, name: str, shown: str) -> Path:
    path = (directory / name).resolve()
    # A link out of the package would let an uploaded package run the judge machine's files.
    if not path.is_relative_to(directory.resolve()):
        raise PackageError(f"{shown}: {name} is outside the package")
    if not path.exists():
        raise PackageError(f"{shown}: {name} does not exist")
    return path


def _text(value: Any, shown: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise PackageError(f"{shown}: expected a string")
    return value
