"""The JavaScript harness (harnesses/javascript/): its serialisation and comparators as units
(run by node on the host: they are the harness's own code), and its behaviour on LeetCode's
module forms, printing and hostile solutions in the real sandbox."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from judging.classification import Classification
from judging.functions import casefile
from judging.functions.adapters.javascript import ADAPTER
from judging.functions.casefile import FunctionProblem
from judging.functions.compare import host_comparison
from judging.functions.runner import Harness, HarnessRun
from judging.functions.verdicts import run_report
from judging.graders.failures import compile_error_report
from judging.kit import Kit
from judging.languages import registry
from judging.report import Report
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox

C = Classification
KIT = Kit.of_checkout()
NODE = shutil.which("node")
REPO = Path(__file__).resolve().parents[3]


def node(script: str, data: Any) -> Any:
    """Run `script` with the harness's modules (serde, comparators) on `data` (JSON in, JSON
    out: the script calls out(value))."""
    assert NODE is not None, "node is a core toolchain"
    prologue = (
        f"const dir = {json.dumps(str(KIT.harness('javascript')))};\n"
        "const serde = require(dir + '/serde.js');\n"
        "const { comparatorFor } = require(dir + '/comparators.js');\n"
        "const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n"
        "const out = (v) => process.stdout.write(JSON.stringify(v));\n"
    )
    done = subprocess.run(
        [NODE, "-e", prologue + script],
        input=json.dumps(data).encode(),
        capture_output=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    return json.loads(done.stdout)


# --- serialisation and comparators, on the host ---------------------------------------------

ROUND_TRIPS = [
    ("int", 0),
    ("int", -(2**31)),
    ("long", 2**53 - 1),
    ("float", -2.5),
    ("float", 1e-9),
    ("bool", False),
    ("string", "héllo ✓ 😀"),
    ("char", "#"),
    ("int[]", [3, -1, 2]),
    ("string[]", ["", "a b"]),
    ("bool[]", [True, False]),
    ("int[][]", [[], [1, 2], [3]]),
    ("char[][]", [["X", "."], [".", "O"]]),
    ("ListNode", []),
    ("ListNode", [1, 2, 2, -3]),
    ("TreeNode", []),
    ("TreeNode", [3, 9, 20, None, None, 15, 7]),
    ("TreeNode", [1, None, 2, None, 3]),
    ("TreeNode", [5, 4, 8, 11, None, 13, 4, 7, 2, None, None, None, 1]),
    ("Graph", [[1, 2], [0], [0]]),
    ("GraphNode", []),
    ("GraphNode", [[]]),
    ("GraphNode", [[2, 4], [1, 3], [2, 4], [1, 3]]),
    ("ListNode[]", [[1, 4, 5], [], [2]]),
    ("ListNodeRandom", []),
    ("ListNodeRandom", [[7, None], [13, 0], [11, 4], [10, 2], [1, 0]]),
]


def test_every_type_round_trips() -> None:
    script = "out(data.map(([t, v]) => serde.serialize(serde.deserialize(v, t), t)));"
    assert node(script, ROUND_TRIPS) == [value for _, value in ROUND_TRIPS]


def test_deep_structures_are_handled_without_recursion() -> None:
    # 10^5 nodes: the harness must not spend the stack the solution's recursion needs.
    chain = list(range(100_000))
    right_spine = [v for k in range(100_000) for v in ((k,) if k == 0 else (None, k))]
    script = (
        "const list = serde.serialize(serde.deserialize(data[0], 'ListNode'), 'ListNode');"
        "const tree = serde.serialize(serde.deserialize(data[1], 'TreeNode'), 'TreeNode');"
        "out([list.length, tree.length, tree[tree.length - 1]]);"
    )
    assert node(script, [chain, right_spine]) == [100_000, len(right_spine), 99_999]


def test_a_cycle_argument_links_the_tail_back() -> None:
    script = (
        "out(data.map((spec) => { const head = serde.deserialize(spec, 'ListNodeCycle');"
        " const seen = []; let n = head;"
        " while (n && !seen.includes(n)) { seen.push(n); n = n.next; }"
        " return n ? seen.indexOf(n) : -1; }));"
    )
    specs = [
        {"values": [3, 2, 0, -4], "pos": 1},
        {"values": [1], "pos": 0},
        {"values": [1, 2], "pos": -1},
        {"values": [], "pos": -1},
    ]
    assert node(script, specs) == [1, 0, -1, -1]


def test_unreadable_results_become_invalid_values_not_crashes() -> None:
    script = """
const loop = new serde.ListNode(1); loop.next = loop;
const shared = new serde.TreeNode(2);
const twins = serde.deserialize([[2], [1]], 'GraphNode'); twins.neighbors[0].val = 1;
const stray = serde.deserialize([[1, null]], 'ListNodeRandom'); stray.random = new serde.Node(5);
out([
  serde.serialize(loop, 'ListNode'),
  serde.serialize(new serde.TreeNode(1, shared, shared), 'TreeNode'),
  serde.serialize(twins, 'GraphNode'),
  serde.serialize(stray, 'ListNodeRandom'),
  serde.serialize(new Set([1]), 'int[]'),
  serde.serialize(new Map(), 'int'),
  serde.serialize(NaN, 'float'),
  serde.serialize([Infinity, 1n], 'float[]'),
  serde.serialize(Int32Array.from([1, 2]), 'int[]'),
  serde.serialize(42, 'void'),
]);"""
    *invalid, nan, infinite, typed, void = node(script, None)
    assert all(isinstance(v, dict) and set(v) == {"invalid"} for v in invalid), invalid
    assert (nan, infinite, typed, void) == ("nan", ["inf", 1], [1, 2], None)


def test_a_returned_graph_is_numbered_by_val_with_sorted_neighbours() -> None:
    script = (
        "const g = serde.deserialize(data, 'GraphNode'); g.neighbors.reverse();"
        "out(serde.serialize(g.neighbors[0], 'GraphNode'));"
    )
    assert node(script, [[2, 3], [1, 3], [1, 2]]) == [[2, 3], [1, 3], [1, 2]]


def test_sharing_is_found_through_every_link() -> None:
    script = """
out(data.map(([t, v]) => {
  const original = serde.deserialize(v, t);
  const before = serde.reachableNodes(original);
  return [serde.sharesNode(serde.deserialize(v, t), before), serde.sharesNode(original, before)];
}));"""
    cases = [
        ("GraphNode", [[2], [1]]),
        ("ListNodeRandom", [[1, 1], [2, 0]]),
        ("TreeNode", [1, 2, 3]),
        ("ListNode[]", [[1], [2, 3]]),
        ("int[][]", [[1], [2]]),
    ]
    assert node(script, cases) == [[False, True]] * len(cases)


COMPARISONS = [
    ("exact", [1, [2, "a"]], [1, [2, "a"]]),
    ("exact", [1, 2], [2, 1]),
    ("exact", 1, 1.0),
    ("exact", True, 1),
    ("exact", None, 0),
    ("exact", {"a": 1}, {"a": 1}),
    ("float", [0.1 + 0.2], [0.3]),
    ("float", 1000000.5, 1000000.0),
    ("float", 0.500002, 0.5),
    ("float", [1.0], [1.0, 1.0]),
    ("unordered", [[1], [2], [1]], [[1], [1], [2]]),
    ("unordered", [[1], [2], [2]], [[1], [1], [2]]),
    ("unordered", [[1, 2]], [[2, 1]]),
    ("unordered-nested", [["a", "b"], ["c"]], [["c"], ["b", "a"]]),
    ("unordered-nested", [["a", "a"]], [["a"]]),
    ("unordered-nested", [[1, 10, 2]], [[2, 1, 10]]),
    ("set", [3, 1, 1, 2], [1, 2, 3]),
    ("set", [1, 2], [1, 2, 3]),
    ("linkedlist", [1, 2], [1, 2]),
    ("tree", [1, None, 2], [1, None, 2, None, None]),
    ("tree", [1, 2], [1, None, 2]),
    ("exact", None, None),
    ("unordered", None, None),
]


def test_the_comparators_agree_with_the_hosts() -> None:
    sys.path.insert(0, str(REPO / "harnesses" / "python"))
    try:
        import comparators as host
    finally:
        sys.path.remove(str(REPO / "harnesses" / "python"))
        sys.modules.pop("comparators", None)
    script = "out(data.map(([name, got, expected]) => comparatorFor(name)(got, expected)));"
    harness = node(script, COMPARISONS)
    assert harness == [host.compare(name, got, want) for name, got, want in COMPARISONS]
    assert True in harness and False in harness


def test_the_main_thread_finds_the_nonce_without_parsing_the_cases() -> None:
    script = (
        "const { topLevelString } = require(dir + '/scan.js');"
        "out(data.map((text) => topLevelString(text, 'nonce')));"
    )
    texts = [
        '{"nonce":"ab12","manifest":{},"cases":[]}',
        # Only the outermost object's member counts, wherever it is.
        '{ "manifest": {"nonce": "inner"}, "cases": [{"name": "\\"nonce\\":\\"x"}],'
        ' "nonce" : "outer" }',
        '{"cases": [["nonce", "no"]], "nonce": 5}',
        '{"title": "unterminated',
        '{"n\\u006fnce": "escaped"}',
        '[{"nonce": "in an array"}]',
    ]
    assert node(script, texts) == ["ab12", "outer", None, None, "escaped", None]


# --- in the sandbox ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox()


def add_problem(**extra: Any) -> FunctionProblem:
    manifest: dict[str, Any] = {
        "id": "add",
        "title": "Add",
        "kind": "function",
        "entry": "add_two",
        "argTypes": ["int", "int"],
        "returnType": "int",
        "comparator": "exact",
        "timeLimit": 2,
        "cases": [
            {"name": "small", "args": [1, 2], "expected": 3},
            {"name": "negative", "args": [-5, 2], "expected": -3},
            {"name": "hidden", "args": [100, 23], "expected": 123, "hidden": True},
        ],
    }
    return casefile.parse({**manifest, **extra})


ADD = add_problem()


def run(sandbox: Sandbox, tmp: Path, source: str, problem: FunctionProblem = ADD) -> HarnessRun:
    config = registry.get("javascript")
    assert config is not None
    harness = Harness(ADAPTER, problem, KIT)
    build = harness.build(sandbox, config, source.encode(), tmp)
    assert build.ok, build.report
    return harness.run(sandbox, build, problem.cases, tmp)


def report_of(harness_run: HarnessRun) -> Report:
    return run_report(harness_run, host_comparison(harness_run.problem, KIT))


def judged(sandbox: Sandbox, tmp: Path, source: str, problem: FunctionProblem = ADD) -> Report:
    return report_of(run(sandbox, tmp, source, problem))


def verdicts(report: Report) -> list[Classification]:
    return [t.classification for t in report.tests]


MODULE_FORMS = {
    "function declaration": "function addTwo(a, b) { return a + b; }",
    "var function expression": "var addTwo = function (a, b) { return a + b; };",
    "const arrow": "const addTwo = (a, b) => a + b;",
    "let, assigned later": "let addTwo;\naddTwo = (a, b) => a + b;",
    "the entry as written": "function add_two(a, b) { return a + b; }",
    "class Solution": "class Solution { addTwo(a, b) { return a + b; } }",
    "class Solution with an arrow field": "class Solution { addTwo = (a, b) => a + b; }",
    "Solution as a constructor function": (
        "var Solution = function () {};\nSolution.prototype.addTwo = function (a, b) "
        "{ return a + b; };"
    ),
    "module.exports": "module.exports = { addTwo: (a, b) => a + b };",
    "exports property": "exports.addTwo = function (a, b) { return a + b; };",
    "strict mode, shebang and a final comment": (
        "#!/usr/bin/env node\n'use strict';\nfunction addTwo(a, b) { return a + b; } // end"
    ),
}


@pytest.mark.sandbox
@pytest.mark.parametrize("form", MODULE_FORMS)
def test_leetcode_module_forms_are_found(sandbox: Sandbox, tmp_path: Path, form: str) -> None:
    report = judged(sandbox, tmp_path, MODULE_FORMS[form])
    assert report.classification is C.ACCEPTED, report.to_dict()


@pytest.mark.sandbox
def test_a_missing_entry_is_a_runtime_error_naming_it(sandbox: Sandbox, tmp_path: Path) -> None:
    report = judged(sandbox, tmp_path, "function addThree(a, b, c) { return a + b + c; }")
    assert report.classification is C.RUNTIME_ERROR
    assert "add_two or addTwo" in report.tests[0].checker_message


@pytest.mark.sandbox
def test_prints_go_to_stderr_never_to_the_channel(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
function addTwo(a, b) {
  console.log('LLJUDGE {"i":0,"name":"small","status":"pass","got":3}');
  console.info("info"); console.warn("warn"); console.error("error"); console.table([a, b]);
  process.stdout.write("stdout write\\n");
  process.stderr.write("stderr write\\n");
  return a + b;
}"""
    harness_run = run(sandbox, tmp_path, source)
    assert report_of(harness_run).classification is C.ACCEPTED
    assert harness_run.parsed.ignored == 0  # nothing but the harness reached fd 1
    stderr = harness_run.stderr_tail.decode()
    for printed in ('"status":"pass"', "info", "warn", "error", "stdout write", "stderr write"):
        assert printed in stderr


@pytest.mark.sandbox
def test_lines_written_to_the_raw_fd_are_ignored(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
const fs = require("fs");
function addTwo(a, b) {
  fs.writeSync(1, 'LLJUDGE {"i":0,"name":"small","status":"pass","got":3}\\n');
  fs.writeSync(1, 'LLJUDGE-SUMMARY {"passed":3,"total":3}\\n');
  return a - b;
}"""
    harness_run = run(sandbox, tmp_path, source)
    assert harness_run.parsed.ignored == 2 * len(ADD.cases)
    assert report_of(harness_run).classification is C.WRONG_ANSWER


HUNT_THE_NONCE = """
// Everything a solution can reach without reading the process's memory: the nonce is in none
// of it. The first call also puts traps on what the harness might use to write the channel
// (JSON.stringify, fs.writeSync, String, Buffer.from, Object.prototype.toJSON, the getters node
// reads from a Buffer); the later calls search what the traps caught.
const fs = require("fs");
const threads = require("worker_threads");
const caught = [];
let hunting = false;  // the hunt's own calls are not caught
function keep(value) {
  if (hunting) return;
  try { caught.push(typeof value === "string" ? value : Buffer.from(value).toString("latin1")); }
  catch { try { caught.push(JSON.stringify(value)); } catch {} }
}
function trap() {
  const stringify = JSON.stringify, writeSync = fs.writeSync, from = Buffer.from, S = String;
  JSON.stringify = function (...args) {
    if (!hunting) caught.push(args);
    return stringify.apply(this, args);
  };
  fs.writeSync = function (fd, data, ...rest) { keep(data); return writeSync(fd, data, ...rest); };
  Buffer.from = function (...args) { keep(args[0]); return from.apply(Buffer, args); };
  globalThis.String = function (value) { if (!hunting) caught.push(value); return S(value); };
  Object.defineProperty(Object.prototype, "toJSON", { configurable: true, value() {
    if (!hunting) caught.push(this);
    return this; } });
  const typed = Object.getPrototypeOf(Uint8Array.prototype);
  for (const name of ["byteLength", "length", "buffer"]) {
    const getter = Object.getOwnPropertyDescriptor(typed, name).get;
    Object.defineProperty(typed, name, { configurable: true, get() {
      if (!hunting && this instanceof Buffer && caught.length < 10000) caught.push(this);
      return getter.call(this); } });
  }
}
function places() {
  const found = [JSON.stringify(threads.workerData), process.argv.join(" "),
    JSON.stringify(process.env), fs.readFileSync("/proc/self/cmdline", "latin1")];
  const buffer = Buffer.alloc(1 << 16);  // the payload came on fd 0: reread it from the start
  try { found.push(buffer.toString("latin1", 0, fs.readSync(0, buffer, 0, buffer.length, 0))); }
  catch {}
  try { found.push(fs.readFileSync("/proc/self/fd/0", "latin1")); } catch {}
  for (const name of fs.readdirSync(".")) {
    try { found.push(fs.readFileSync(name, "latin1")); } catch {}
  }
  for (const module of Object.values(require.cache)) {
    try { found.push(JSON.stringify(Object.entries(module.exports).map(String))); } catch {}
  }
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    try { found.push(String(globalThis[name])); } catch {}
  }
  for (const value of caught) {
    try { found.push(typeof value === "string" ? value : JSON.stringify(value)); } catch {}
    try { if (value instanceof Uint8Array) found.push(Buffer.prototype.latin1Slice.call(value)); }
    catch {}
  }
  return found.join("\\n");
}
let calls = 0;
function addTwo(a, b) {
  if (calls++ === 0) trap();
  hunting = true;
  const text = places();
  hunting = false;
  for (const nonce of text.match(/[0-9a-f]{32}/g) || []) {
    fs.writeSync(1, `LLJUDGE-SUMMARY {"nonce":"${nonce}","passed":3,"total":3}\\n`);
  }
  if (threads.parentPort) threads.parentPort.postMessage({ type: "end" });
  return text.includes('"expected":' + (100 + 23)) ? 1 : a - b;  // not in this source
}"""


@pytest.mark.sandbox
def test_the_solution_cannot_find_the_nonce_or_forge_records(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    harness_run = run(sandbox, tmp_path, HUNT_THE_NONCE)
    assert harness_run.parsed.complete, harness_run.parsed.violation
    report = report_of(harness_run)
    assert verdicts(report) == [C.WRONG_ANSWER] * 3
    # The hidden case's expected value was not in the box either (a - b, not 1).
    assert report.tests[2].got_preview == "77"


@pytest.mark.sandbox
def test_runaway_recursion_fails_only_its_case(sandbox: Sandbox, tmp_path: Path) -> None:
    source = "function addTwo(a, b) { return a < 0 ? addTwo(a, b) : a + b; }"
    report = judged(sandbox, tmp_path, source)
    assert verdicts(report) == [C.ACCEPTED, C.RUNTIME_ERROR, C.ACCEPTED]
    assert "RangeError: Maximum call stack size exceeded" in report.tests[1].checker_message
    assert "solution.js:1" in report.tests[1].checker_message


@pytest.mark.sandbox
def test_records_before_an_endless_case_are_kept(sandbox: Sandbox, tmp_path: Path) -> None:
    # The main thread writes each record as it arrives, while the worker is still busy.
    source = "function addTwo(a, b) { while (a < 0) {} return a + b; }"
    report = judged(sandbox, tmp_path, source, add_problem(timeLimit=1))
    assert verdicts(report) == [C.ACCEPTED, C.TIME_LIMIT_EXCEEDED, C.EVALUATION_SKIPPED]


@pytest.mark.sandbox
def test_filling_the_heap_is_memory_limit_exceeded(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
function addTwo(a, b) {
  const hoard = [];
  for (;;) hoard.push(new Array(1 << 16).fill(a + 0.5));
}"""
    report = judged(sandbox, tmp_path, source, add_problem(memoryMb=64))
    assert report.classification is C.MEMORY_LIMIT_EXCEEDED, report.to_dict()


@pytest.mark.sandbox
def test_an_exception_at_load_time_is_a_runtime_error(sandbox: Sandbox, tmp_path: Path) -> None:
    report = judged(sandbox, tmp_path, "throw new Error('broken at the top');")
    assert report.classification is C.RUNTIME_ERROR
    assert "broken at the top" in report.tests[0].stderr_preview


@pytest.mark.sandbox
def test_a_syntax_error_is_a_compile_time_error(sandbox: Sandbox, tmp_path: Path) -> None:
    config = registry.get("javascript")
    assert config is not None
    source = b"function addTwo(a, b) { return a + ; }"
    build = Harness(ADAPTER, ADD, KIT).build(sandbox, config, source, tmp_path)
    report = compile_error_report(build)
    assert report.classification is C.COMPILE_TIME_ERROR
    assert report.compile is not None and "SyntaxError" in report.compile.output


STACK_PROBLEM = {
    "id": "stack",
    "title": "Stack",
    "kind": "sequence",
    "class": "Stack",
    "comparator": "exact",
    "methods": {
        "constructor": {"argTypes": []},
        "push": {"argTypes": ["int"], "returnType": "void"},
        "pop": {"argTypes": [], "returnType": "int"},
    },
    "cases": [
        {
            "name": "pops",
            "steps": [
                {"method": "constructor", "args": [], "expected": None},
                {"method": "push", "args": [4], "expected": None},
                {"method": "pop", "args": [], "expected": 4},
                {"method": "pop", "args": [], "expected": -1},
            ],
        }
    ],
}


@pytest.mark.sandbox
def test_a_failing_step_keeps_the_results_before_it(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
class Stack {
  constructor() { this.items = []; }
  push(x) { this.items.push(x); return "ignored: void"; }
  pop() { if (!this.items.length) throw new RangeError("empty"); return this.items.pop(); }
}"""
    harness_run = run(sandbox, tmp_path, source, casefile.parse(STACK_PROBLEM))
    (record,) = harness_run.parsed.records
    assert (record.status, record.got) == ("error", [None, None, 4])
    assert record.error.startswith("RangeError: empty")


TREE_CODEC = {
    "id": "codec",
    "title": "Codec",
    "kind": "roundtrip",
    "class": "Codec",
    "encode": "serialize",
    "decode": "deserialize",
    "dataType": "TreeNode",
    "comparator": "tree",
    "cases": [{"name": "example", "data": [1, 2, 3, None, None, 4, 5]}],
}


@pytest.mark.sandbox
def test_leetcodes_top_level_codec_functions_are_accepted(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
var serialize = function (root) { return JSON.stringify(root); };
var deserialize = function (data) { return JSON.parse(data); };"""
    report = judged(sandbox, tmp_path, source, casefile.parse(TREE_CODEC))
    assert report.classification is C.ACCEPTED, report.to_dict()


@pytest.mark.sandbox
def test_an_encoding_that_is_not_a_string_cannot_pass(sandbox: Sandbox, tmp_path: Path) -> None:
    source = "class Codec { serialize(root) { return root; } deserialize(data) { return data; } }"
    report = judged(sandbox, tmp_path, source, casefile.parse(TREE_CODEC))
    assert report.classification is C.RUNTIME_ERROR
    assert "encode must return a string" in report.tests[0].checker_message


@pytest.mark.sandbox
def test_the_solution_runs_on_the_main_thread(sandbox: Sandbox, tmp_path: Path) -> None:
    # No worker thread to start (about 50 ms of a run): the stack comes from --stack-size.
    source = """
const { isMainThread } = require("worker_threads");
function addTwo(a, b) { if (!isMainThread) throw new Error("in a worker"); return a + b; }"""
    assert judged(sandbox, tmp_path, source).classification is C.ACCEPTED


def test_the_stack_is_never_deeper_than_the_box_lets_the_main_thread_grow() -> None:
    from judging.functions.adapters.javascript import STACK_SLACK_BYTES, stack_kib
    from judging.sandbox.outcome import RLIM_INFINITY

    mib = 1024 * 1024
    assert stack_kib(256, RLIM_INFINITY) == 128 * 1024  # half the memory limit
    assert stack_kib(2048, RLIM_INFINITY) == 256 * 1024  # at most 256 MiB
    assert stack_kib(256, 64 * mib) == (64 * mib - STACK_SLACK_BYTES) // 1024
    assert stack_kib(256, 8 * mib) == 984  # no room: node's own default
