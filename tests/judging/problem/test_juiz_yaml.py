"""juiz.yaml: the answers and multi_stage declarations, and what the reader refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.model import Stage
from judging.problem.errors import PackageError
from judging.problem.juiz_yaml import read_juiz_yaml
from judging.problem.testdata import read_test_data
from tests.judging.problem.builders import write_package


def test_a_package_without_juiz_yaml_declares_nothing(tmp_path: Path) -> None:
    config = read_juiz_yaml(tmp_path)
    assert (config.answers, config.multi_stage) == (None, None)


def test_the_answers_declaration_names_the_solution_in_the_package(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "juiz.yaml": "answers: {solution: submissions/accepted/a.py, language: python3}\n",
            "submissions/accepted/a.py": "print(1)\n",
        },
    )
    answers = read_juiz_yaml(root).answers
    assert answers is not None
    assert (answers.name, answers.language) == ("submissions/accepted/a.py", "python3")
    assert answers.solution == (root / "submissions/accepted/a.py").resolve()


def test_stages_take_their_arguments_and_a_bare_name_is_its_own_argument(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "juiz.yaml": "multi_stage:\n  stages: [{name: one, args: [-x, '1']}, two]\n"
            "  program: between.py\n",
            "between.py": "",
        },
    )
    multi = read_juiz_yaml(root).multi_stage
    assert multi is not None
    assert multi.stages == (Stage("one", ("-x", "1")), Stage("two", ("two",)))
    assert multi.program_dir == (root / "between.py").resolve()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("colour: blue\n", "unknown key 'colour'"),
        ("answers: submissions/a.py\n", "expected a mapping with solution"),
        ("answers: {solution: ../outside.py}\n", "outside the package"),
        ("answers: {solution: missing.py}\n", "does not exist"),
        ("multi_stage: {stages: [one], program: p.py}\n", "at least two stages"),
        ("multi_stage: {stages: [a, a], program: p.py}\n", "must differ"),
        ("multi_stage: {stages: [a, b]}\n", "program between stages"),
    ],
)
def test_a_wrong_declaration_is_a_package_error_saying_what(
    tmp_path: Path, text: str, message: str
) -> None:
    root = write_package(tmp_path / "pkg", {"juiz.yaml": text, "p.py": ""})
    (tmp_path / "outside.py").write_text("")
    with pytest.raises(PackageError, match=message):
        read_juiz_yaml(root)


def test_a_test_may_lack_its_answer_only_when_answers_are_generated(tmp_path: Path) -> None:
    root = write_package(tmp_path, {"data/secret/1.in": "1\n", "data/sample/1.in": "2\n"})
    (root / "data/sample/1.ans").write_text("4\n")
    with pytest.raises(PackageError, match="no answer file"):
        read_test_data(root, "2023-07")
    tests = read_test_data(root, "2023-07", answers_generated=True).tests
    assert [(t.name, t.answer_generated) for t in tests] == [
        ("sample/1", False),
        ("secret/1", True),
    ]
