"""The Python harness (harnesses/python/): its serialisation and namespace as units, and its
behaviour on LeetCode habits and hostile solutions in the real sandbox."""

from __future__ import annotations

import json
import math
import sys
from collections import deque
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from judging.classification import Classification
from judging.functions import casefile
from judging.functions.adapters.python3 import HARNESS
from judging.functions.protocol import Record
from judging.functions.starters.python3 import signature, starter
from judging.kit import Kit
from judging.report import Report
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox
from tests.judging.functions import inline
from tests.judging.functions.scenario_files import SCENARIOS

C = Classification
HARNESS_DIR = Kit.of_checkout().harness(HARNESS)


@pytest.fixture(scope="module")
def harness() -> Iterator[dict[str, ModuleType]]:
    """The harness's modules, imported as the box imports them (top-level names)."""
    sys.path.insert(0, str(HARNESS_DIR))
    try:
        import nodes
        import prelude
        import serde

        yield {"serde": serde, "nodes": nodes, "prelude": prelude}
    finally:
        sys.path.remove(str(HARNESS_DIR))
        for name in ("serde", "nodes", "prelude", "comparators"):
            sys.modules.pop(name, None)


# --- serialisation ----------------------------------------------------------------------

ROUND_TRIPS = [
    ("int", 0),
    ("int", -(2**31)),
    ("long", 2**62 + 7),
    ("float", -2.5),
    ("float", 1e-9),
    ("bool", False),
    ("string", "héllo ✓ 😀"),
    ("string", ""),
    ("char", "#"),
    ("int[]", []),
    ("int[]", [3, -1, 2]),
    ("string[]", ["", "a b"]),
    ("float[]", [0.5, -1.25]),
    ("bool[]", [True, False]),
    ("int[][]", [[], [1, 2], [3]]),
    ("char[][]", [["X", "."], [".", "O"]]),
    ("long[][]", [[2**40]]),
    ("ListNode", []),
    ("ListNode", [1, 2, 2, -3]),
    ("TreeNode", []),
    ("TreeNode", [3, 9, 20, None, None, 15, 7]),
    ("TreeNode", [1, None, 2, None, 3]),
    ("TreeNode", [5, 4, 8, 11, None, 13, 4, 7, 2, None, None, None, 1]),
    ("Graph", []),
    ("Graph", [[1, 2], [0], [0]]),
    ("GraphNode", []),
    ("GraphNode", [[]]),
    ("GraphNode", [[2, 4], [1, 3], [2, 4], [1, 3]]),
    ("ListNode[]", []),
    ("ListNode[]", [[1, 4, 5], [], [2]]),
    ("ListNodeRandom", []),
    ("ListNodeRandom", [[7, None], [13, 0], [11, 4], [10, 2], [1, 0]]),
    ("ListNodeRandom", [[1, 0]]),
]


@pytest.mark.parametrize(("type_name", "value"), ROUND_TRIPS)
def test_every_type_round_trips(harness: dict[str, ModuleType], type_name: str, value: Any) -> None:
    serde = harness["serde"]
    loaded = serde.load(type_name, value)
    assert serde.dump(type_name, loaded) == value
    # What goes on the channel must be plain JSON.
    assert json.loads(json.dumps(serde.dump(type_name, loaded), allow_nan=False)) == value


def test_floats_arrive_as_floats_and_ints_as_ints(harness: dict[str, ModuleType]) -> None:
    serde = harness["serde"]
    assert type(serde.load("float", 3)) is float
    assert type(serde.load("int", 3)) is int
    assert serde.dump("float", 3) == 3.0


@pytest.mark.parametrize(
    ("value", "start"),
    [
        ({"values": [3, 2, 0, -4], "pos": 1}, 1),
        ({"values": [1], "pos": 0}, 0),
        ({"values": [1, 2], "pos": -1}, None),
        ({"values": [], "pos": -1}, None),
    ],
)
def test_a_cycle_argument_links_the_tail_back(
    harness: dict[str, ModuleType], value: dict[str, Any], start: int | None
) -> None:
    head = harness["serde"].load("ListNodeCycle", value)
    nodes = []
    node = head
    while node is not None and node not in nodes:
        nodes.append(node)
        node = node.next
    assert [n.val for n in nodes] == value["values"]
    assert (None if node is None else nodes.index(node)) == start


def test_returned_values_are_read_by_duck_typing(harness: dict[str, ModuleType]) -> None:
    serde = harness["serde"]

    class Mine:  # a solution's own node class, with any extra fields
        def __init__(self, val: int, **links: Mine | None) -> None:
            self.val, self.extra = val, "ignored"
            self.next = self.left = self.right = self.random = None
            self.neighbors: list[Mine] = []
            self.__dict__.update(links)

    assert serde.dump("ListNode", Mine(1, next=Mine(2))) == [1, 2]
    assert serde.dump("TreeNode", Mine(1, right=Mine(2))) == [1, None, 2]
    a, b = Mine(1), Mine(2)
    a.neighbors, b.neighbors = [b], [a]
    assert serde.dump("GraphNode", b) == [[2], [1]]
    assert serde.dump("int[]", (1, 2)) == [1, 2]
    assert serde.dump("int[][]", deque([range(2), (5,)])) == [[0, 1], [5]]
    assert serde.dump("float", Fraction(1, 4)) == 0.25
    assert serde.dump("float[]", [Decimal("1.5"), 2]) == [1.5, 2.0]
    assert serde.dump("string[]", ("a", "b")) == ["a", "b"]
    assert "invalid" in serde.dump("char[]", "ab")  # a string is not an array of chars


def test_a_returned_graph_is_numbered_by_val_with_sorted_neighbours(
    harness: dict[str, ModuleType],
) -> None:
    serde = harness["serde"]
    graph = serde.load("GraphNode", [[2, 3], [1, 3], [1, 2]])
    graph.neighbors.reverse()
    third = graph.neighbors[0]
    assert third.val == 3
    assert serde.dump("GraphNode", third) == [[2, 3], [1, 3], [1, 2]]


def test_unreadable_results_are_marked_invalid(harness: dict[str, ModuleType]) -> None:
    serde, nodes = harness["serde"], harness["nodes"]
    loop = nodes.ListNode(1)
    loop.next = loop
    shared = nodes.TreeNode(2)
    tree = nodes.TreeNode(1, shared, shared)
    twins = serde.load("GraphNode", [[2], [1]])
    twins.neighbors[0].val = 1
    stray = serde.load("ListNodeRandom", [[1, None]])
    stray.random = nodes.RandomNode(5)
    for type_name, value in [
        ("ListNode", loop),
        ("TreeNode", tree),
        ("GraphNode", twins),
        ("ListNodeRandom", stray),
        ("int[]", {1, 2}),
        ("int", object()),
        ("ListNode", 5),
    ]:
        dumped = serde.dump(type_name, value)
        assert isinstance(dumped, dict) and "invalid" in dumped, (type_name, dumped)
    assert serde.dump("float", math.nan) == "nan"
    assert serde.dump("float[]", [math.inf]) == ["inf"]
    assert serde.dump("void", 42) is None


def test_sharing_is_found_through_every_link(harness: dict[str, ModuleType]) -> None:
    serde = harness["serde"]
    for type_name, value in [
        ("GraphNode", [[2], [1]]),
        ("ListNodeRandom", [[1, 1], [2, 0]]),
        ("TreeNode", [1, 2, 3]),
        ("ListNode[]", [[1], [2, 3]]),
        ("int[][]", [[1], [2]]),
    ]:
        original = serde.load_copy(type_name, value)
        before = serde.Reachable(original)
        copy = serde.load_copy(type_name, value)
        assert not before.shares_with(copy)
        assert before.shares_with(original)
    tree = serde.load("TreeNode", [1, 2, 3])
    assert serde.Reachable(tree).shares_with(serde.load("TreeNode", [9]).__class__(9, tree.left))
    assert not serde.Reachable(serde.load("int[]", [1, 2])).shares_with([1, 2])


# --- the solution's namespace ----------------------------------------------------------


def test_leetcode_names_are_there_without_imports(harness: dict[str, ModuleType]) -> None:
    import collections
    import heapq

    names = harness["prelude"].implicit_names(set())
    for name in ("List", "Optional", "Dict", "Tuple", "deque", "defaultdict", "heappush"):
        assert name in names, name
    for name in ("inf", "gcd", "comb", "lru_cache", "cache", "bisect_left", "accumulate"):
        assert name in names, name
    for name in ("math", "heapq", "collections", "itertools", "functools", "bisect", "re"):
        assert isinstance(names[name], ModuleType), name
    assert names["Counter"] is collections.Counter  # not typing's alias of it
    assert names["heappop"] is heapq.heappop
    assert "pow" not in names  # math.pow would break pow(a, b, mod)
    assert {"ListNode", "TreeNode"} <= set(names) and "Node" not in names


def test_node_is_the_class_the_problem_needs(harness: dict[str, ModuleType]) -> None:
    prelude, nodes = harness["prelude"], harness["nodes"]
    assert prelude.implicit_names({"GraphNode"})["Node"] is nodes.GraphNode
    assert prelude.implicit_names({"ListNodeRandom"})["Node"] is nodes.RandomNode


def test_a_run_injects_only_the_implicit_names_the_solution_mentions(
    harness: dict[str, ModuleType], tmp_path: Path
) -> None:
    import heapq
    import typing

    prelude = harness["prelude"]
    source = "class S:\n    def f(self, xs: Optional[int]) -> int:\n        return heappop(xs)\n"
    (tmp_path / "solution.py").write_text(source)
    # As the harness compiles it (annotations become strings: their names count too).
    wanted = prelude.mentioned(prelude.compile_solution(str(tmp_path / "solution.py")))
    names = prelude.implicit_names(set(), wanted)
    assert names["Optional"] is typing.Optional and names["heappop"] is heapq.heappop
    assert "deque" not in names and "math" not in names
    assert {"ListNode", "TreeNode"} <= set(names)
    everything = prelude.implicit_names(set())
    assert all(names[n] is everything[n] for n in names)


@pytest.mark.parametrize(
    "source",
    [
        'f = eval("deque")',
        'f = globals()["deque"]',
        "import sys\nf = sys.modules[__name__].deque",
        'f = getattr(__import__("solution"), "deque")',
        "from __future__ import annotations\ndef f(xs: List[int]) -> Deque[int]: ...",
    ],
)
def test_a_solution_that_can_reach_names_without_naming_them_gets_them_all(
    harness: dict[str, ModuleType], source: str
) -> None:
    assert harness["prelude"].mentioned(compile(source, "solution.py", "exec")) is None


def test_the_compile_step_writes_the_table_and_reports_syntax_errors_as_py_compile(
    tmp_path: Path,
) -> None:
    import shutil
    import subprocess

    from judging.functions.adapters.python3 import HARNESS_FILES

    for name in HARNESS_FILES:
        shutil.copyfile(HARNESS_DIR / name, tmp_path / name)

    def compile_step(source: str) -> subprocess.CompletedProcess[str]:
        (tmp_path / "solution.py").write_text(source)
        argv = [sys.executable, "-B", "names.py"]
        return subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, check=False)

    assert compile_step("def f():\n    return 1\n").returncode == 0
    table = json.loads((tmp_path / "implicit.json").read_text())
    assert table["deque"] == ["collections", "deque"] and table["re"] == ["re", None]
    assert table["Counter"] == ["collections", "Counter"]  # not typing's alias of it
    assert "pow" not in table
    broken = compile_step("def f(:\n")
    reference = subprocess.run(
        [sys.executable, "-m", "py_compile", "solution.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert broken.returncode == reference.returncode == 1
    assert broken.stderr == reference.stderr and "SyntaxError" in broken.stderr


@pytest.mark.parametrize(
    ("entry", "override", "expected"),
    [
        ("twoSum", None, ["twoSum", "two_sum"]),
        ("twoSum", "pair", ["pair", "twoSum", "two_sum"]),
        ("sum", None, ["sum"]),
        ("maxAreaOfIsland", None, ["maxAreaOfIsland", "max_area_of_island"]),
        ("isValidBST", None, ["isValidBST", "is_valid_bst"]),
    ],
)
def test_the_entry_candidates_are_the_override_the_entry_then_its_snake_case(
    harness: dict[str, ModuleType], entry: str, override: str | None, expected: list[str]
) -> None:
    assert harness["prelude"].candidates(entry, override) == expected


# --- in the sandbox --------------------------------------------------------------------


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox()


def problem(manifest: dict[str, Any], cases: list[dict[str, Any]]) -> casefile.FunctionProblem:
    return inline.problem(manifest, cases, "python-harness")


def judge(
    sandbox: Sandbox, tmp: Path, built: casefile.FunctionProblem, source: str
) -> tuple[Report, tuple[Record, ...]]:
    report, run = inline.judge(sandbox, "python3", built, source)
    return report, run.parsed.records if run is not None else ()


COPY_RANDOM = problem(inline.COPY_RANDOM, inline.COPY_CASES)


def verdicts(report: Report) -> list[Classification]:
    return [t.classification for t in report.tests]


PAIR = {"kind": "function", "entry": "pairSum", "argTypes": ["int[]"], "returnType": "int"}
PAIR_CASES = [
    {"name": "a", "args": [[1, 2]], "expected": 3},
    {"name": "b", "args": [[5, -5]], "expected": 0, "hidden": True},
]


@pytest.mark.sandbox
def test_implicit_imports_work(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
class Solution:
    def pairSum(self, nums: List[int]) -> int:
        heap: List[int] = []
        for x in nums:
            heappush(heap, x)
        counts = Counter(nums)
        queue = deque(sorted(counts.elements()))
        assert bisect_left([1, 2, 3], 2) == 1 and gcd(6, 4) == 2 and comb(4, 2) == 6
        assert list(accumulate([1, 2])) == [1, 3] and inf > 10**18 and math.isqrt(16) == 4
        assert pow(3, 2, 5) == 4  # the builtin, not math.pow

        @lru_cache(None)
        def total(i: int) -> int:
            return 0 if i == len(queue) else queue[i] + total(i + 1)

        best: Optional[int] = reduce(lambda a, b: a + b, heap, 0)
        assert best == total(0)
        return best
"""
    report, _ = judge(sandbox, tmp_path, problem(PAIR, PAIR_CASES), source)
    assert report.classification is C.ACCEPTED, report.to_dict()


@pytest.mark.sandbox
def test_recursion_100000_deep_through_c_frames_works(sandbox: Sandbox, tmp_path: Path) -> None:
    # lru_cache wrappers recurse in C: this needs a big thread stack, not only a high limit.
    source = """
import functools

def length(head):
    @functools.lru_cache(maxsize=None)
    def depth(node):
        return 0 if node is None else 1 + depth(node.next)
    return depth(head)
"""
    manifest = {"kind": "function", "entry": "length", "argTypes": ["ListNode"]}
    cases = [{"name": "deep", "args": [list(range(100_000))], "expected": 100_000}]
    report, _ = judge(sandbox, tmp_path, problem({**manifest, "returnType": "int"}, cases), source)
    assert report.classification is C.ACCEPTED, report.to_dict()


@pytest.mark.sandbox
def test_importing_the_node_classes_gives_the_harness_own(sandbox: Sandbox, tmp_path: Path) -> None:
    # The library's typed references import them (`from nodes import ListNode`) instead of
    # relying on the injected names: the import must give the very classes the harness binds
    # and builds the arguments with.
    source = """
from nodes import ListNode as Imported

def length(head):
    assert Imported is ListNode and type(head) is Imported
    n = 0
    while head:
        n, head = n + 1, head.next
    return n
"""
    manifest = {"kind": "function", "entry": "length", "argTypes": ["ListNode"]}
    cases = [{"name": "three", "args": [[1, 2, 3]], "expected": 3}]
    report, _ = judge(sandbox, tmp_path, problem({**manifest, "returnType": "int"}, cases), source)
    assert report.classification is C.ACCEPTED, report.to_dict()


@pytest.mark.sandbox
def test_a_deep_copy_passes_must_copy(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
class Solution:
    def copyRandomList(self, head: "Optional[Node]") -> "Optional[Node]":
        copies = {None: None}
        node = head
        while node:
            copies[node] = Node(node.val)
            node = node.next
        for original, copy in copies.items():
            if original:
                copy.next, copy.random = copies[original.next], copies[original.random]
        return copies[head]
"""
    report, records = judge(sandbox, tmp_path, COPY_RANDOM, source)
    assert report.classification is C.ACCEPTED, report.to_dict()
    assert [r.status for r in records] == ["pass", "pass", "pass"]


@pytest.mark.sandbox
def test_returning_the_input_or_a_half_copy_fails_must_copy(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    source = """
def copyRandomList(head):
    if head is None or head.next is None:
        return head
    # New nodes, but the random pointers still lead into the input.
    copies, node = [], head
    while node:
        copies.append(Node(node.val, None, node.random))
        node = node.next
    for a, b in zip(copies, copies[1:]):
        a.next = b
    return copies[0]
"""
    report, records = judge(sandbox, tmp_path, COPY_RANDOM, source)
    assert verdicts(report) == [C.WRONG_ANSWER, C.WRONG_ANSWER, C.ACCEPTED]
    # The first result's random pointers lead into the input: shared, and not even a list.
    assert [r.shared for r in records] == [True, True, False]
    assert records[0].status == "fail" and "invalid" in records[0].got


@pytest.mark.sandbox
def test_result_from_serialises_the_argument_after_the_call(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    manifest = {
        "kind": "function",
        "entry": "reorderList",
        "argTypes": ["ListNode"],
        "returnType": "void",
        "resultFrom": 0,
        "comparator": "linkedlist",
    }
    cases = [
        {"name": "four", "args": [[1, 2, 3, 4]], "expected": [1, 4, 2, 3]},
        {"name": "five", "args": [[1, 2, 3, 4, 5]], "expected": [1, 5, 2, 4, 3], "hidden": True},
    ]
    source = """
class Solution:
    def reorderList(self, head: Optional[ListNode]) -> None:
        nodes = []
        while head:
            nodes.append(head)
            head = head.next
        order = []
        i, j = 0, len(nodes) - 1
        while i <= j:
            order.append(nodes[i])
            if i != j:
                order.append(nodes[j])
            i, j = i + 1, j - 1
        for a, b in zip(order, order[1:] + [None]):
            a.next = b
        return "ignored"
"""
    report, records = judge(sandbox, tmp_path, problem(manifest, cases), source)
    assert report.classification is C.ACCEPTED, report.to_dict()
    assert [r.got for r in records] == [[1, 4, 2, 3], [1, 5, 2, 4, 3]]
    assert [r.status for r in records] == ["pass", "done"]


CODEC = {
    "kind": "roundtrip",
    "class": "Codec",
    "encode": "serialize",
    "decode": "deserialize",
    "dataType": "TreeNode",
    "comparator": "tree",
}
CODEC_CASES = [{"name": "tree", "data": [1, 2, 3, None, 4]}, {"name": "empty", "data": []}]


@pytest.mark.sandbox
def test_a_codec_that_keeps_the_input_is_not_a_codec(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
class Codec:
    def serialize(self, root):
        self.kept = root
        return "x"

    def deserialize(self, data):
        return self.kept
"""
    report, records = judge(sandbox, tmp_path, problem(CODEC, CODEC_CASES), source)
    assert verdicts(report) == [C.WRONG_ANSWER, C.ACCEPTED]  # an empty tree has no node
    assert [r.shared for r in records] == [True, False]


@pytest.mark.sandbox
def test_a_codec_must_encode_to_a_string(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
class Codec:
    def serialize(self, root):
        return root

    def deserialize(self, data):
        return data
"""
    report, records = judge(sandbox, tmp_path, problem(CODEC, CODEC_CASES), source)
    assert verdicts(report) == [C.RUNTIME_ERROR, C.RUNTIME_ERROR]
    assert "serialize must return a string" in records[0].error


NAMED = {
    "kind": "function",
    "entry": "gcd",
    "argTypes": ["int", "int"],
    "returnType": "int",
}
NAMED_CASES = [{"name": "a", "args": [12, 18], "expected": 36}]


@pytest.mark.parametrize(
    "source",
    [
        # The injected math.gcd is not the solution's entry point: Solution.gcd is.
        "class Solution:\n    def gcd(self, a, b):\n        return a * b // math.gcd(a, b)\n",
        # `names` first, then the entry as written, then snake_case, then Solution.
        "def lcm_of(a, b):\n    return a * b // math.gcd(a, b)\n\n\n"
        "def gcd(a, b):\n    return -1\n",
    ],
    ids=["solution-method-over-injected-name", "names-override-first"],
)
@pytest.mark.sandbox
def test_the_entry_is_the_names_override_first_and_a_solution_method_before_injected_names(
    sandbox: Sandbox, tmp_path: Path, source: str
) -> None:
    manifest = {**NAMED, "names": {"python3": "lcm_of"}} if "lcm_of" in source else NAMED
    report, _ = judge(sandbox, tmp_path, problem(manifest, NAMED_CASES), source)
    assert report.classification is C.ACCEPTED, report.to_dict()


@pytest.mark.sandbox
def test_a_missing_entry_is_a_runtime_error_that_says_so(sandbox: Sandbox, tmp_path: Path) -> None:
    report, records = judge(sandbox, tmp_path, problem(PAIR, PAIR_CASES), "def other(): pass\n")
    assert verdicts(report) == [C.RUNTIME_ERROR, C.RUNTIME_ERROR]
    assert records[0].error.startswith("NameError: solution.py defines no function pairSum")


MIN_STACK = {
    "kind": "sequence",
    "class": "MinStack",
    "methods": {
        "constructor": {"argTypes": []},
        "push": {"argTypes": ["int"], "returnType": "void"},
        "getMin": {"argTypes": [], "returnType": "int"},
    },
}
MIN_STACK_CASES = [
    {
        "name": "steps",
        "steps": [
            {"method": "constructor", "args": [], "expected": None},
            {"method": "push", "args": [3], "expected": None},
            {"method": "getMin", "args": [], "expected": 3},
            {"method": "push", "args": [1], "expected": None},
            {"method": "getMin", "args": [], "expected": 1},
        ],
    }
]


@pytest.mark.sandbox
def test_a_sequence_that_raises_keeps_the_steps_before(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
class MinStack:
    def __init__(self):
        self.items = []

    def push(self, x):
        self.items.append(x)
        return self  # a void step's return value is not judged

    def get_min(self):  # snake_case methods are found too
        if len(self.items) > 1:
            raise KeyError("boom")
        return min(self.items)
"""
    report, records = judge(sandbox, tmp_path, problem(MIN_STACK, MIN_STACK_CASES), source)
    assert verdicts(report) == [C.RUNTIME_ERROR]
    assert records[0].got == [None, None, 3, None]
    assert records[0].error == "KeyError: 'boom' (solution.py, line 12)"


@pytest.mark.sandbox
def test_forging_and_printing_do_not_pass(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
import json, os, sys

def fake(i):
    record = {"nonce": "f" * 32, "i": i, "name": "ab"[i], "status": "pass", "got": 3}
    return "LLJUDGE " + json.dumps(record) + "\\n"

print(fake(0), flush=True)  # at import time, before any case
sys.stdout = open(1, "w", closefd=False)
_calls = []

def pairSum(nums):
    lines = fake(len(_calls))
    _calls.append(1)
    if len(_calls) == 2:
        lines += 'LLJUDGE-SUMMARY {"nonce": "' + "f" * 32 + '", "passed": 2, "total": 2}\\n'
    sys.stdout.write(lines)
    sys.stdout.flush()
    for fd in range(1, 10):  # the saved channel is one of these
        try:
            os.write(fd, lines.encode())
        except OSError:
            pass
    return -1
"""
    report, records = judge(sandbox, tmp_path, problem(PAIR, PAIR_CASES), source)
    assert verdicts(report) == [C.WRONG_ANSWER, C.WRONG_ANSWER], report.to_dict()
    assert [r.got for r in records] == [-1, -1]


@pytest.mark.sandbox
def test_modules_the_harness_imports_late_cannot_be_shadowed_into_a_pass(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    # The harness imports comparators, traceback, decimal and numbers only when it needs
    # them, after the solution has run. The harness's files are read-only, but a solution can
    # add its own traceback.py to the box's directory (first on sys.path): that breaks the
    # harness (no record for case b: Runtime Error, as its exception earns anyway), and never
    # turns a wrong answer into a pass, which only the host's comparison gives.
    source = """
import os

for name in ("comparators", "traceback", "decimal", "numbers"):
    try:
        with open(os.path.join(os.path.dirname(__file__), name + ".py"), "w") as module:
            module.write("def compare(*args):\\n    return True\\n")
    except OSError:
        pass

def pairSum(nums):
    if nums[0] == 5:
        raise ValueError("a traceback is printed now")
    return -1
"""
    report, records = judge(sandbox, tmp_path, problem(PAIR, PAIR_CASES), source)
    assert verdicts(report) == [C.WRONG_ANSWER, C.RUNTIME_ERROR], report.to_dict()
    assert records[0].got == -1


@pytest.mark.sandbox
def test_exit_and_stdin_are_errors_of_one_case(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
import sys

def pairSum(nums):
    if nums == [1, 2]:
        sys.exit(0)
    return int(input())
"""
    report, records = judge(sandbox, tmp_path, problem(PAIR, PAIR_CASES), source)
    assert verdicts(report) == [C.RUNTIME_ERROR, C.RUNTIME_ERROR]
    assert [r.error for r in records] == [
        "SystemExit: 0 (solution.py, line 6)",
        "EOFError: EOF when reading a line (solution.py, line 7)",
    ]


@pytest.mark.sandbox
def test_a_crash_while_loading_is_a_runtime_error(sandbox: Sandbox, tmp_path: Path) -> None:
    report, records = judge(sandbox, tmp_path, problem(PAIR, PAIR_CASES), "x = 1 / 0\n")
    assert verdicts(report) == [C.RUNTIME_ERROR, C.EVALUATION_SKIPPED]
    assert records == ()
    assert "ZeroDivisionError" in report.tests[0].stderr_preview


# --- starter code ----------------------------------------------------------------------


def _manifests() -> list[dict[str, Any]]:
    found = []
    for path in sorted(SCENARIOS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        data.pop("cases")
        found.append(data)
    return found


@pytest.mark.parametrize("manifest", _manifests(), ids=lambda m: m["id"])
def test_the_starter_loads_in_the_harness_namespace(
    harness: dict[str, ModuleType], manifest: dict[str, Any]
) -> None:
    prelude, serde = harness["prelude"], harness["serde"]
    namespace = prelude.implicit_names(serde.node_classes(_type_names(manifest)))
    # Annotations are evaluated when the class is defined: every name must resolve.
    exec(compile(starter(manifest), "solution.py", "exec"), namespace)
    if manifest["kind"] == "function":
        override = (manifest.get("names") or {}).get("python")
        assert callable(getattr(namespace["Solution"], override or manifest["entry"]))
    else:
        cls = namespace[manifest["class"]]
        wanted = [manifest["encode"], manifest["decode"]] if "encode" in manifest else []
        wanted += [m for m in manifest.get("methods", {}) if m != "constructor"]
        assert all(callable(getattr(cls, name)) for name in wanted)


def _type_names(manifest: dict[str, Any]) -> list[str]:
    names = [*manifest.get("argTypes", []), manifest.get("returnType", "void")]
    names.append(manifest.get("dataType", "void"))
    for spec in manifest.get("methods", {}).values():
        names += [*spec["argTypes"], spec.get("returnType", "void")]
    return names


def test_starter_and_signature_read_like_leetcode() -> None:
    plain = {
        "kind": "function",
        "entry": "twoSum",
        "argTypes": ["int[]", "int"],
        "returnType": "int[]",
    }
    assert starter(plain) == (
        "class Solution:\n"
        "    def twoSum(self, nums: List[int], n: int) -> List[int]:\n"
        "        pass\n"
    )
    assert signature({**plain, "names": {"python": "two_sum"}}) == (
        "two_sum(nums: List[int], n: int) -> List[int]"
    )
    lru = {
        "kind": "sequence",
        "class": "LRUCache",
        "methods": {
            "get": {"argTypes": ["int"], "returnType": "int"},
            "constructor": {"argTypes": ["int"]},
            "put": {"argTypes": ["int", "int"], "returnType": "void"},
        },
    }
    assert signature(lru) == (
        "LRUCache(n: int)\nLRUCache.get(n: int) -> int\nLRUCache.put(n: int, n2: int) -> None"
    )
    tree = {
        "kind": "function",
        "entry": "merge",
        "argTypes": ["TreeNode", "ListNode[]", "char[][]"],
        "returnType": "GraphNode",
    }
    text = starter(tree)
    assert "# class TreeNode:" in text and "# class ListNode:" in text
    assert "neighbors" in text and "random" not in text
    assert (
        "def merge(self, root: Optional[TreeNode], lists: List[Optional[ListNode]], "
        "board: List[List[str]]) -> Optional['Node']:" in text
    )


@pytest.mark.sandbox
def test_an_untouched_starter_is_a_wrong_answer(sandbox: Sandbox, tmp_path: Path) -> None:
    built = problem(PAIR, PAIR_CASES)
    report, records = judge(sandbox, tmp_path, built, starter(built.manifest))
    assert verdicts(report) == [C.WRONG_ANSWER, C.WRONG_ANSWER]
    assert [r.got for r in records] == [None, None]
