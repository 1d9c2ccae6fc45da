"""The test cases of a package: data/sample then data/secret, in the format's order.

Both formats order a group's test cases and subgroups together, lexicographically by base name
(a test case's name without .in, a subgroup's directory name), recursing into subgroups where
they fall. A test case is an .in file with its .ans file; every other file beside them (.hint,
.desc, .interaction, .out, .in.statement, .ans.download, images ...) is for statements and
people, and is not read here.

Every test gets the output-validator flags of its own group (docs/packages.md, "Test data"):
  legacy   testdata.yaml in data/ or any group below it; output_validator_flags is inherited
           from the nearest ancestor whose testdata.yaml sets it.
  2023-07  test_group.yaml (testdata.yaml in the drafts) in data/, data/sample, data/secret
           and the groups; output_validator_args inherited the same way, and a test's own
           <name>.yaml may set output_validator_args and args (the submission's arguments).
A package without secret test data is judged on its samples, as DOMjudge and problemtools do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judging.constants import Constants
from judging.model import TestCase
from judging.problem.errors import PackageError
from judging.problem.links import text_link_target
from judging.problem.yamlfile import read_mapping, words

GROUP_CONFIG_FILES = {"legacy": ("testdata.yaml",), "2023-07": ("test_group.yaml", "testdata.yaml")}
TOP_GROUPS = (("sample", True), ("secret", False))
NO_TEST_DATA = "no test data"  # why a refused package's submissions cannot be judged

Flags = tuple[str, ...]


@dataclass(frozen=True)
class Settings:
    """What a group passes on to its tests and subgroups."""

    validator_flags: Flags = ()
    args: Flags = ()


@dataclass(frozen=True)
class TestData:
    tests: tuple[TestCase, ...]
    samples_only: bool = False  # no secret test: the samples are what is judged


def read_test_data(
    package: Path,
    fmt: str = "legacy",
    problem_flags: Flags = (),
    constants: Constants = (),
    *,
    answers_generated: bool = False,
) -> TestData:
    """The package's tests, each with its validator flags: `problem_flags` (legacy
    problem.yaml validator_flags) then its group's (test_group.yaml with `constants`). With
    `answers_generated` (juiz.yaml `answers`), a test may lack its .ans: it is then marked
    answer_generated, for the model solution to answer (judging/problem/answers.py)."""
    data = package / "data"
    if not data.is_dir():
        raise PackageError(
            "no data/ directory: the format requires data/secret/ (2025-09, Test data: "
            '"The secret directory must exist"); a package keeps its tests there',
            short=NO_TEST_DATA,
        )
    walker = _Walker(package.resolve(), fmt, problem_flags, constants, answers_generated)
    # Legacy's root group is data/ itself. 2025-09 names only sample, secret and the groups,
    # but packages of its drafts (and BAPCtools) put settings for both in data/ as well.
    root = walker.settings(data, "data", Settings())
    for top, sample in TOP_GROUPS:
        if (data / top).is_dir():
            walker.walk(data / top, top, sample, root)
    if not walker.tests:
        raise PackageError(
            "no test case in data/secret/ or data/sample/ (a .in file with its .ans file)",
            short=NO_TEST_DATA,
        )
    return TestData(tuple(walker.tests), samples_only=all(t.sample for t in walker.tests))


@dataclass
class _Walker:
    root: Path
    fmt: str
    problem_flags: Flags
    constants: Constants = ()
    answers_generated: bool = False
    tests: list[TestCase] = field(default_factory=list)

    def walk(self, group: Path, name: str, sample: bool, inherited: Settings) -> None:
        self._inside_package(group, f"data/{name}")
        settings = self.settings(group, f"data/{name}", inherited)
        for base, path in _entries(group, f"data/{name}", self.answers_generated, self.fmt):
            if path.is_dir():
                self.walk(path, f"{name}/{base}", sample, settings)
            else:
                self._add_test(path, f"{name}/{base}", sample, settings)

    def settings(self, group: Path, shown_as: str, inherited: Settings) -> Settings:
        for file_name in GROUP_CONFIG_FILES[self.fmt]:
            if (group / file_name).is_file():
                shown = f"{shown_as}/{file_name}"
                config = read_mapping(group / file_name, shown, self.constants)
                return _settings(config, f"{shown_as}/{file_name}", self.fmt, inherited)
        return inherited

    def _add_test(self, input_: Path, name: str, sample: bool, settings: Settings) -> None:
        answer = input_.with_suffix(".ans")
        self._inside_package(input_, f"data/{name}.in")
        self._inside_package(answer, f"data/{name}.ans")
        config = input_.with_suffix(".yaml")
        if self.fmt == "2023-07" and config.is_file():  # legacy has no test case .yaml
            yaml = read_mapping(config, f"data/{name}.yaml")
            settings = _settings(yaml, f"data/{name}.yaml", self.fmt, settings)
        flags = (*self.problem_flags, *settings.validator_flags)
        files = self._files_dir(input_, name)
        # A test may reuse another's files through links, which a copy may have kept as text.
        input_ = text_link_target(self.root, input_) or input_
        answer = text_link_target(self.root, answer) or answer
        test = TestCase(
            name,
            input_,
            answer,
            sample,
            validator_flags=flags,
            args=settings.args,
            files_dir=files,
            answer_generated=not answer.is_file(),
        )
        self.tests.append(test)

    def _files_dir(self, input_: Path, name: str) -> Path | None:
        """<test>.files/ (2023-07): its files join the submission's working directory."""
        folder = input_.with_suffix(".files")
        if not folder.is_dir():
            return None
        if self.fmt == "legacy":
            raise PackageError(f"data/{name}.files: input files are a 2023-07 feature")
        for path in folder.rglob("*"):
            self._inside_package(path, f"data/{name}.files/{path.relative_to(folder)}")
        return folder

    def _inside_package(self, path: Path, shown_as: str) -> None:
        # The format allows symbolic links, but only to files of the package itself: a link
        # elsewhere would let an uploaded package read the judge machine's files.
        if not path.resolve().is_relative_to(self.root):
            raise PackageError(f"{shown_as}: symbolic link to outside the package")


def _entries(
    group: Path, shown_as: str, generated: bool = False, fmt: str = "2023-07"
) -> list[tuple[str, Path]]:
    """(base name, path) of the group's test inputs and subgroups, in the format's order."""
    inputs: dict[str, Path] = {}
    groups: dict[str, Path] = {}
    answers: set[str] = set()
    for path in group.iterdir():
        if path.name.startswith((".", "-")):
            continue  # the format: such files are as if removed (.gitignore and the like)
        if path.is_dir():
            _check_group_name(path, shown_as, groups)
        elif path.suffix == ".in":
            inputs[path.stem] = path
        elif path.suffix == ".ans":
            answers.add(path.stem)
    _check_pairs(inputs, answers, shown_as, generated, fmt)
    for path in group.glob("*.files"):
        if path.is_dir() and path.stem not in inputs:
            raise PackageError(f"{shown_as}/{path.name} has no input file {path.stem}.in")
    for clash in sorted(inputs.keys() & groups.keys()):
        raise PackageError(f"{shown_as}: {clash}.in and subgroup {clash}/ share a name")
    return sorted({**inputs, **groups}.items())


def _check_group_name(path: Path, shown_as: str, groups: dict[str, Path]) -> None:
    if "." not in path.name:  # group names have no dots; x.files, x.download are not groups
        groups[path.name] = path


def _check_pairs(
    inputs: dict[str, Path], answers: set[str], shown_as: str, generated: bool, fmt: str
) -> None:
    # The .in declares the test. A missing .ans is an error only when no model solution makes
    # it (juiz.yaml `answers`). An .ans alone is one in 2023-07; legacy says only that inputs
    # end in .in and answers in .ans, and DOMjudge, which reads a legacy package's tests by
    # their .in files, ships such leftovers in its own examples (boolfind's 9.ans, 10.ans):
    # there it declares no test.
    for base in sorted(inputs.keys() - answers) if not generated else ():
        raise PackageError(f"{shown_as}/{base}.in has no answer file {base}.ans")
    for base in sorted(answers - inputs.keys()) if fmt != "legacy" else ():
        raise PackageError(f"{shown_as}/{base}.ans has no input file {base}.in")


def _settings(config: dict[str, Any], shown_as: str, fmt: str, inherited: Settings) -> Settings:
    flags = inherited.validator_flags
    if fmt == "2023-07" and "output_validator_args" in config:  # a list (early drafts: a string)
        flags = words(config["output_validator_args"], f"{shown_as}: output_validator_args")
    elif "output_validator_flags" in config:  # legacy: a string, or {name: ..., flags: ...}
        value = config["output_validator_flags"]
        if isinstance(value, dict):
            value = value.get("flags")
        flags = words(value, f"{shown_as}: output_validator_flags")
    args = inherited.args
    if fmt == "2023-07" and "args" in config:
        args = words(config["args"], f"{shown_as}: args")
    return Settings(flags, args)
