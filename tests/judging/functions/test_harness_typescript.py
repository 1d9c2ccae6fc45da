"""TypeScript: tsc with the declarations of harnesses/typescript/, then the JavaScript harness.
What is TypeScript's own: type errors are Compile Time Errors, LeetCode's loose strictness
compiles, the declared node classes do not clash with a solution's own, and the stdin language
compiles and runs in the real sandbox. Every test compiles once (tsc takes seconds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.classification import Classification
from judging.functions import casefile
from judging.functions.casefile import FunctionProblem
from judging.languages import registry
from judging.report import Report
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox
from judging.selftest import self_test
from tests.judging.functions import inline

C = Classification
pytestmark = pytest.mark.sandbox

REVERSE = casefile.parse(
    {
        "id": "reverse",
        "title": "Reverse a list",
        "kind": "function",
        "entry": "reverseList",
        "argTypes": ["ListNode"],
        "returnType": "ListNode",
        "comparator": "linkedlist",
        "cases": [
            {"name": "three", "args": [[1, 2, 3]], "expected": [3, 2, 1]},
            {"name": "empty", "args": [[]], "expected": []},
            {"name": "hidden", "args": [[5, 6]], "expected": [6, 5], "hidden": True},
        ],
    }
)


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox()


def judged(sandbox: Sandbox, tmp: Path, source: str, problem: FunctionProblem = REVERSE) -> Report:
    report, _ = inline.judge(sandbox, "typescript", problem, source)
    return report


def test_a_type_error_is_a_compile_time_error_with_tscs_message(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    source = "function reverseList(head: ListNode | null): ListNode | null {\n  return 42;\n}\n"
    report = judged(sandbox, tmp_path, source)
    assert report.classification is C.COMPILE_TIME_ERROR
    assert report.compile is not None
    assert "solution.ts(2,3): error TS2322" in report.compile.output


LOOSE_AND_SHADOWING = """
// LeetCode's commented definition, pasted in for real: it shadows the declared ListNode.
class ListNode {
  val: number;
  next: ListNode | null;
  constructor(val?: number, next?: ListNode | null) {
    this.val = val === undefined ? 0 : val;
    this.next = next === undefined ? null : next;
  }
}

import * as fs from "fs";
const { inspect } = require("util");

// No strict null checks, implicit any: `prev.val` and an untyped helper compile.
function describe(node) {
  return node === null ? "null" : inspect(node.val);
}

function reverseList(head: ListNode | null): ListNode | null {
  let prev: ListNode = null;
  while (head !== null) {
    const next = head.next;
    head.next = prev;
    prev = head;
    head = next;
  }
  console.log(describe(prev), typeof fs.readFileSync);
  return prev;
}
"""


def test_leetcode_style_code_compiles_and_runs(sandbox: Sandbox, tmp_path: Path) -> None:
    report = judged(sandbox, tmp_path, LOOSE_AND_SHADOWING)
    assert report.classification is C.ACCEPTED, report.to_dict()


SQUARE = [[2, 4], [1, 3], [2, 4], [1, 3]]
CLONE = casefile.parse(
    {
        "id": "clone",
        "title": "Clone a graph",
        "kind": "function",
        "entry": "cloneGraph",
        "argTypes": ["GraphNode"],
        "returnType": "GraphNode",
        "mustCopy": 0,
        "comparator": "exact",
        "cases": [{"name": "square", "args": [SQUARE], "expected": SQUARE}],
    }
)


def test_the_declared_node_class_builds_copies(sandbox: Sandbox, tmp_path: Path) -> None:
    # `Node`, LeetCode's older name, and `_Node` are both declared and both work at run time.
    source = """
function cloneGraph(node: Node | null): Node | null {
  const copies = new Map<_Node, _Node>();
  const copy = (n: _Node): _Node => {
    if (!copies.has(n)) {
      copies.set(n, new Node(n.val));
      copies.get(n).neighbors = n.neighbors.map(copy);
    }
    return copies.get(n);
  };
  return node === null ? null : copy(node);
}
"""
    report = judged(sandbox, tmp_path, source, CLONE)
    assert report.classification is C.ACCEPTED, report.to_dict()


def test_the_stdin_language_passes_its_self_test(sandbox: Sandbox) -> None:
    config = registry.get("typescript")
    assert config is not None
    result = self_test(config, sandbox, inline.KIT)
    assert result.ok, (result.message, result.report and result.report.to_dict())
    assert result.version.startswith("Version 5.")
