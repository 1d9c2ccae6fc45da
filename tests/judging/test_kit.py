"""The engine takes the harnesses and the node tools as inputs (judging/kit.py): it never
looks for them itself, and a kit that lacks them is our failure, never a verdict."""

from __future__ import annotations

import ast
from pathlib import Path

import judging
from judging.classification import Classification as C
from judging.engine import SubmissionFile, judge_function
from judging.functions import casefile
from judging.kit import Kit
from judging.languages import registry
from judging.sandbox.fake import FakeSandbox
from judging.steps.compile import toolchain_mounts

JUDGING = Path(judging.__file__).parent
# Who may ask for this checkout's own kit: the command line and the library's tooling.
CHECKOUT_USERS = ("cli/", "functions/build.py", "kit.py")
ADD = casefile.load(Path(__file__).parent / "functions" / "data" / "add-two.json")


def test_only_the_command_line_and_the_tooling_use_the_checkouts_kit() -> None:
    users = {
        path.relative_to(JUDGING).as_posix()
        for path in JUDGING.rglob("*.py")
        if any(
            isinstance(node, ast.Attribute) and node.attr == "of_checkout"
            for node in ast.walk(ast.parse(path.read_text()))
        )
    }
    assert users and all(user.startswith(CHECKOUT_USERS) for user in users), users


def test_no_engine_module_builds_a_path_to_the_kits_folders() -> None:
    folders = {"harnesses", "tools", "node_modules"}
    building = {
        path.relative_to(JUDGING).as_posix()
        for path in JUDGING.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Div)
        and isinstance(node.right, ast.Constant)
        and node.right.value in folders
    }
    assert building == {"kit.py"}


def test_a_kit_without_harnesses_requires_reevaluation(tmp_path: Path) -> None:
    empty = Kit(tmp_path / "no-harnesses", tmp_path / "no-node-modules")
    sandbox = FakeSandbox([])
    report = judge_function(
        SubmissionFile("sol.py", b"def addTwo(a, b):\n    return a + b\n"),
        ADD,
        registry.all_languages(),
        sandbox,
        kit=empty,
    )
    assert report.classification is C.REQUIRES_REEVALUATION
    assert report.reason.startswith("host comparison failure: ")
    assert "comparators.py" in report.reason and sandbox.sessions == []


def test_compilers_see_the_kits_tsc_and_declarations(tmp_path: Path) -> None:
    (tmp_path / "harnesses" / "typescript").mkdir(parents=True)
    (tmp_path / "node_modules").mkdir()
    kit = Kit(tmp_path / "harnesses", tmp_path / "node_modules")
    shown = {(m.host, m.inside) for m in toolchain_mounts(kit)}
    assert (kit.node_modules, "/opt/juiz-node") in shown
    assert (kit.harness("typescript"), "/opt/juiz-ts") in shown
    assert not any(m.inside.startswith("/opt/juiz") for m in toolchain_mounts(None))
