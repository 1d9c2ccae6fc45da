"""The test cases of a package: data/sample then data/secret, in the format's order.

Both formats order a group's test cases and subgroups together, lexicographically by base name
(a test case's name without .in, a subgroup's directory name), recursing into subgroups where
they fall. Output-validator flags come from the nearest group configuration that sets them
(testdata.yaml in legacy, test_group.yaml or testdata.yaml in 2023-07) and a test's own .yaml.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judging.model import TestCase
from judging.problem.errors import PackageError
from judging.problem.yamlfile import read_mapping, words

# 2023-07 renamed testdata.yaml to test_group.yaml; drafts in between used either.
GROUP_CONFIG_FILES = ("test_group.yaml", "testdata.yaml")
TOP_GROUPS = (("sample", True), ("secret", False))

Flags = tuple[str, ...]


@dataclass(frozen=True)
class TestData:
    tests: tuple[TestCase, ...]
    # Flags every test shares (the engine has one validator invocation per problem).
    validator_flags: Flags = ()


def read_test_data(package: Path) -> TestData:
    data = package / "data"
    if not data.is_dir():
        raise PackageError("no data/ directory: a package keeps its tests in data/secret/")
    walker = _Walker(package.resolve())
    root_flags = _group_flags(data, "data", ())
    for top, sample in TOP_GROUPS:
        if (data / top).is_dir():
            walker.walk(data / top, top, sample, root_flags)
    if not any(not t.sample for t in walker.tests):
        raise PackageError("data/secret/ has no test case (a .in file with its .ans file)")
    return TestData(tuple(walker.tests), _shared_flags(walker.flags))


@dataclass
class _Walker:
    root: Path
    tests: list[TestCase] = field(default_factory=list)
    flags: list[tuple[str, Flags]] = field(default_factory=list)

    def walk(self, group: Path, name: str, sample: bool, flags: Flags) -> None:
        self._inside_package(group, f"data/{name}")
        flags = _group_flags(group, f"data/{name}", flags)
        for base, path in _entries(group, f"data/{name}"):
            if path.is_dir():
                self.walk(path, f"{name}/{base}", sample, flags)
            else:
                self._add_test(path, f"{name}/{base}", sample, flags)

    def _add_test(self, input_: Path, name: str, sample: bool, flags: Flags) -> None:
        answer = input_.with_suffix(".ans")
        self._inside_package(input_, f"data/{name}.in")
        self._inside_package(answer, f"data/{name}.ans")
        config = input_.with_suffix(".yaml")
        if config.is_file():
            flags = _case_flags(read_mapping(config, f"data/{name}.yaml"), f"data/{name}", flags)
        self.tests.append(TestCase(name=name, input=input_, answer=answer, sample=sample))
        self.flags.append((name, flags))

    def _inside_package(self, path: Path, shown_as: str) -> None:
        # The format allows symbolic links, but only to files of the package itself: a link
        # elsewhere would let an uploaded package read the judge machine's files.
        if not path.resolve().is_relative_to(self.root):
            raise PackageError(f"{shown_as}: symbolic link to outside the package")


def _entries(group: Path, shown_as: str) -> list[tuple[str, Path]]:
    """(base name, path) of the group's test inputs and subgroups, in the format's order."""
    inputs: dict[str, Path] = {}
    groups: dict[str, Path] = {}
    answers: set[str] = set()
    for path in group.iterdir():
        if path.name.startswith("."):
            continue  # .gitignore and the like are not test data
        if path.is_dir():
            _check_group_name(path, shown_as, groups)
        elif path.suffix == ".in":
            inputs[path.stem] = path
        elif path.suffix == ".ans":
            answers.add(path.stem)
    _check_pairs(inputs, answers, shown_as)
    for clash in sorted(inputs.keys() & groups.keys()):
        raise PackageError(f"{shown_as}: {clash}.in and subgroup {clash}/ share a name")
    return sorted({**inputs, **groups}.items())


def _check_group_name(path: Path, shown_as: str, groups: dict[str, Path]) -> None:
    if path.suffix == ".files":
        raise PackageError(
            f"{shown_as}/{path.name}: test cases with input files (.files) are not supported"
        )
    if "." not in path.name:  # group names have no dots; x.download and such are not groups
        groups[path.name] = path


def _check_pairs(inputs: dict[str, Path], answers: set[str], shown_as: str) -> None:
    for base in sorted(inputs.keys() - answers):
        raise PackageError(f"{shown_as}/{base}.in has no answer file {base}.ans")
    for base in sorted(answers - inputs.keys()):
        raise PackageError(f"{shown_as}/{base}.ans has no input file {base}.in")


def _group_flags(group: Path, shown_as: str, inherited: Flags) -> Flags:
    for name in GROUP_CONFIG_FILES:
        if (group / name).is_file():
            config = read_mapping(group / name, f"{shown_as}/{name}")
            return _case_flags(config, f"{shown_as}/{name}", inherited)
    return inherited


def _case_flags(config: dict[str, Any], shown_as: str, inherited: Flags) -> Flags:
    if words(config.get("args"), f"{shown_as}: args"):
        raise PackageError(f"{shown_as}: command-line arguments for submissions are not supported")
    if "output_validator_args" in config:  # 2023-07: a list (early drafts: a string)
        return words(config["output_validator_args"], f"{shown_as}: output_validator_args")
    if "output_validator_flags" in config:  # legacy: a string, or {name: ..., flags: ...}
        value = config["output_validator_flags"]
        if isinstance(value, dict):
            value = value.get("flags")
        return words(value, f"{shown_as}: output_validator_flags")
    return inherited


def _shared_flags(per_test: list[tuple[str, Flags]]) -> Flags:
    distinct: dict[Flags, str] = {}
    for name, flags in per_test:
        distinct.setdefault(flags, name)
    if len(distinct) > 1:
        (a, name_a), (b, name_b) = list(distinct.items())[:2]
        raise PackageError(
            "output validator flags differ between test groups, which is not supported: "
            f"{name_a} has {' '.join(a) or '(none)'}, {name_b} has {' '.join(b) or '(none)'}"
        )
    return next(iter(distinct), ())
