"""The Java harness (harnesses/java/): the adapter's source handling as units, and LeetCode habits,
declared parameter types and hostile solutions in the real sandbox."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from judging.classification import Classification
from judging.functions import casefile
from judging.functions.adapters import java_home, java_native, java_source
from judging.functions.adapters.java import (
    ADAPTER,
    CLASS_LISTING,
    HARNESS,
    HARNESS_SOURCES,
    JAR,
    LIBRARY_SOURCES,
    NODES_FILE,
    SOLUTION_FILE,
    home,
    needed_nodes,
)
from judging.functions.protocol import Record
from judging.functions.runner import HarnessRun
from judging.functions.starters.java import signature, starter
from judging.kit import Kit
from judging.report import Report
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox
from tests.judging.functions import inline, scenario_files

C = Classification
KIT = Kit.of_checkout()
HARNESS_DIR = KIT.harness(HARNESS)

# --- the solution's source --------------------------------------------------------------

TRICKY = """package com.example.leetcode;
// class Commented {}
/* public class AlsoCommented {} */
import java.util.*;

@SuppressWarnings("unchecked")
public final class Helper<T extends Comparable<T>> {
    String text = "class InString { public }";
    char brace = '{';
    String block = \"\"\"
        class InTextBlock {
        \"\"\";
    public static class Nested {}
    interface Inner {}
}

record Point(int x, int y) {}

enum Colour { RED, GREEN; public void paint() {} }

public class Solution {
    class TreeNode {}
}

@interface Marker {}
"""


def test_the_outline_finds_top_level_types_only() -> None:
    found = java_source.outline(TRICKY)
    assert found.top_level_types == ("Helper", "Point", "Colour", "Solution", "Marker")


def test_rewrite_blanks_public_and_package_and_keeps_every_position() -> None:
    rewritten = java_source.rewrite(TRICKY, java_source.outline(TRICKY))
    assert rewritten.startswith(java_source.IMPLICIT_IMPORTS)
    body = rewritten[len(java_source.IMPLICIT_IMPORTS) :]
    assert len(body) == len(TRICKY) and body.count("\n") == TRICKY.count("\n")
    assert "package" not in body
    assert "public final class Helper" not in body and "       final class Helper" in body
    assert "       class Solution" in body
    # Only the top level changes: nested modifiers and literals stay as written.
    assert "public static class Nested" in body and "public void paint" in body
    assert '"class InString { public }"' in body


def test_a_byte_order_mark_goes() -> None:
    rewritten = java_source.rewrite("\ufeffclass A {}", java_source.outline("\ufeffclass A {}"))
    assert rewritten == java_source.IMPLICIT_IMPORTS + "class A {}"


@pytest.mark.parametrize(
    ("types", "declared", "expected"),
    [
        (["int[]", "int"], (), []),
        (["ListNode[]"], (), ["ListNode"]),
        (["ListNodeCycle"], (), ["ListNode"]),
        (["TreeNode", "GraphNode", "ListNodeRandom"], (), ["Node", "TreeNode"]),
        (["GraphNode"], ("Node", "Solution"), []),
        (["ListNode", "TreeNode"], ("ListNode",), ["TreeNode"]),
    ],
)
def test_only_the_node_classes_needed_and_not_declared_are_provided(
    types: list[str], declared: tuple[str, ...], expected: list[str]
) -> None:
    manifest = {"kind": "function", "argTypes": types, "returnType": "int"}
    assert needed_nodes(manifest, declared) == expected


def test_node_classes_of_sequence_methods_count() -> None:
    manifest = {"kind": "sequence", "methods": {"get": {"argTypes": [], "returnType": "TreeNode"}}}
    assert needed_nodes(manifest, ()) == ["TreeNode"]


def test_prepare_lays_out_solution_nodes_and_listing_only(tmp_path: Path) -> None:
    manifest = {"kind": "function", "argTypes": ["ListNode", "TreeNode"], "returnType": "int"}
    source = b"public class ListNode { int val; ListNode next; }\nclass Solution {}\n"
    ADAPTER.prepare(manifest, source, tmp_path, KIT)
    solution = (tmp_path / SOLUTION_FILE).read_text()
    assert solution.count("\n") == 2 and "       class ListNode" in solution
    nodes = (tmp_path / NODES_FILE).read_text()
    assert "class TreeNode" in nodes and "class ListNode" not in nodes
    assert '{"ListNode", "Solution"}' in (tmp_path / CLASS_LISTING).read_text()
    # The harness is the home's, mounted: a build carries none of it.
    laid_out = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert laid_out == {SOLUTION_FILE, NODES_FILE, CLASS_LISTING}


def test_the_home_holds_every_harness_class_its_library_directives_and_archive() -> None:
    on_disk = {f"juiz/{p.name}" for p in (HARNESS_DIR / "juiz").glob("*.java")}
    assert on_disk == set(HARNESS_SOURCES)
    made = home(KIT)
    assert home(KIT) == made
    with zipfile.ZipFile(made / java_home.JAR) as jar:
        names = set(jar.namelist())
    for name in (*HARNESS_SOURCES, *LIBRARY_SOURCES):
        assert name.replace(".java", ".class") in names, name
    assert "juiz/SolutionClasses.class" not in names  # each build compiles its own
    for name in (java_home.ARCHIVE, java_home.DIRECTIVES, java_native.LIBRARY):
        assert (made / name).is_file(), name
    # The box's user reads it: it is not ours when the worker is root.
    assert made.stat().st_mode & 0o755 == 0o755
    assert ADAPTER.compile_command is not None
    for name in (SOLUTION_FILE, NODES_FILE, CLASS_LISTING):
        assert "{dir}/" + name in ADAPTER.compile_command
    assert f"-cp {JAR} " in ADAPTER.compile_command


def test_the_home_is_made_again_when_a_source_changes(tmp_path: Path) -> None:
    copy = tmp_path / "java"
    shutil.copytree(HARNESS_DIR, copy)
    sources = (*HARNESS_SOURCES, *LIBRARY_SOURCES)
    before = java_home.harness_home(copy, sources)
    (copy / "juiz" / "Json.java").write_text(
        (copy / "juiz" / "Json.java").read_text() + "\n// changed\n"
    )
    java_home.harness_home.cache_clear()
    after = java_home.harness_home(copy, sources)
    assert after != before and (after / java_home.ARCHIVE).is_file()


def test_a_home_left_without_its_archive_gets_one(tmp_path: Path) -> None:
    """A worker stopped between publishing the home and adding its archive: the next one to
    need it adds the archive, which must then map."""
    copy = tmp_path / "java"
    shutil.copytree(HARNESS_DIR, copy)
    (copy / "juiz" / "Json.java").write_text(
        (copy / "juiz" / "Json.java").read_text() + "\n// another\n"
    )
    sources = (*HARNESS_SOURCES, *LIBRARY_SOURCES)
    made = java_home.harness_home(copy, sources)
    (made / java_home.ARCHIVE).unlink()
    java_home.harness_home.cache_clear()
    assert java_home.harness_home(copy, sources) == made
    check = ["java", *java_home.ARCHIVE_JVM, "-Xshare:on"]
    archive = f"-XX:SharedArchiveFile={made / java_home.ARCHIVE}"
    mapped = subprocess.run([*check, archive, "-cp", str(made / java_home.JAR), "-version"])
    assert mapped.returncode == 0


# --- starter code -----------------------------------------------------------------------


def test_the_starter_of_a_function_is_a_solution_class() -> None:
    manifest = scenario_files.raw("plain")
    assert starter(manifest) == (
        "class Solution {\n    public int[] twoSum(int[] nums, int n) {\n        \n    }\n}\n"
    )
    assert signature(manifest) == "int[] twoSum(int[] nums, int n)"


def test_the_starter_of_a_sequence_has_the_constructor_first() -> None:
    manifest = scenario_files.raw("node_clash")
    text = starter(manifest)
    assert text.index("public LRUCache(int n)") < text.index("public int get(int n)")
    assert "public void put(int n, int n2)" in text
    assert signature(manifest).splitlines() == [
        "LRUCache(int n)",
        "int LRUCache.get(int n)",
        "void LRUCache.put(int n, int n2)",
    ]


def test_the_starter_describes_node_classes_and_maps_types() -> None:
    manifest = scenario_files.raw("roundtrip")
    text = starter(manifest)
    assert "Definition for a binary tree node" in text
    assert "public String serialize(TreeNode root)" in text
    assert "public TreeNode deserialize(String s)" in text
    clone = scenario_files.raw("must_copy")
    assert signature(clone) == "Node cloneGraph(Node node)"
    named = {**scenario_files.raw("names"), "argTypes": ["float[][]", "long", "bool", "char"]}
    assert signature(named) == "int largest(double[][] grid, long n, boolean flag, char c)"


# --- in the sandbox ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox()


def problem(manifest: dict[str, Any], cases: list[dict[str, Any]]) -> casefile.FunctionProblem:
    return inline.problem(manifest, cases, "java-harness")


def judge(
    sandbox: Sandbox, tmp: Path, built: casefile.FunctionProblem, source: str
) -> tuple[Report, HarnessRun | None]:
    return inline.judge(sandbox, "java", built, source)


def records(run: HarnessRun | None) -> tuple[Record, ...]:
    assert run is not None
    return run.parsed.records


COPY_RANDOM = problem(inline.COPY_RANDOM, inline.COPY_CASES)


def verdicts(report: Report) -> list[Classification]:
    return [t.classification for t in report.tests]


PAIR = {"kind": "function", "entry": "pairSum", "argTypes": ["int[]"], "returnType": "int"}


@pytest.mark.sandbox
def test_public_classes_with_other_names_and_a_package_compile(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    source = """package my.solutions;

import java.util.Arrays;

public class Adder {
    static int add(int a, int b) { return a + b; }
}

public class Whatever {
    public int pairSum(int[] nums) {
        return Arrays.stream(nums).reduce(0, Adder::add);
    }
}
"""
    cases = [{"name": "a", "args": [[1, 2]], "expected": 3}]
    report, _ = judge(sandbox, tmp_path, problem(PAIR, cases), source)
    assert report.classification is C.ACCEPTED, report.to_dict()


@pytest.mark.sandbox
def test_implicit_imports_work_and_errors_point_at_the_solution_line(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    source = """class Solution {
    public int pairSum(int[] nums) {
        Map<Integer, Long> counts = Arrays.stream(nums).boxed()
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        BiFunction<Integer, Integer, Integer> add = Integer::sum;
        PriorityQueue<Integer> heap = new PriorityQueue<>(counts.keySet());
        int total = IntStream.of(nums).sum();
        if (total < 0) {
            throw new IllegalStateException("negative total " + total);
        }
        return add.apply(total, heap.isEmpty() ? 0 : 0);
    }
}
"""
    cases = [
        {"name": "a", "args": [[1, 2]], "expected": 3},
        {"name": "b", "args": [[-5, 1]], "expected": -4},
        {"name": "c", "args": [[5, 5]], "expected": 10, "hidden": True},
    ]
    report, run = judge(sandbox, tmp_path, problem(PAIR, cases), source)
    assert verdicts(report) == [C.ACCEPTED, C.RUNTIME_ERROR, C.ACCEPTED], report.to_dict()
    error = records(run)[1].error
    assert error == "java.lang.IllegalStateException: negative total -4 (Solution.java, line 9)"


@pytest.mark.sandbox
def test_a_solution_declaring_its_own_list_node_uses_it(sandbox: Sandbox, tmp_path: Path) -> None:
    # LeetCode's comment, uncommented: the harness must not bring a second ListNode.
    source = """
public class ListNode {
    int val;
    ListNode next;
    ListNode(int x) { val = x; }
}

class Solution {
    public ListNode reverseList(ListNode head) {
        ListNode previous = null;
        while (head != null) {
            ListNode next = head.next;
            head.next = previous;
            previous = head;
            head = next;
        }
        return previous;
    }
}
"""
    manifest = {
        "kind": "function",
        "entry": "reverseList",
        "argTypes": ["ListNode"],
        "returnType": "ListNode",
        "comparator": "linkedlist",
    }
    cases = [
        {"name": "three", "args": [[1, 2, 3]], "expected": [3, 2, 1]},
        {"name": "empty", "args": [[]], "expected": []},
    ]
    report, _ = judge(sandbox, tmp_path, problem(manifest, cases), source)
    assert report.classification is C.ACCEPTED, report.to_dict()


@pytest.mark.sandbox
def test_an_inner_node_class_of_the_solution_is_built_with_its_outer_object(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    # Declared inside Solution and not static: it shadows the harness's TreeNode there.
    source = """
class Solution {
    class TreeNode {
        int val;
        TreeNode left, right;
        TreeNode(int val) { this.val = val; }
    }

    public TreeNode identity(TreeNode x) {
        return x;
    }
}
"""
    built, wants = scenario_files.load("cmp_tree")
    report, _ = judge(sandbox, tmp_path, built, source)
    got = {t.name: t.classification for t in report.tests}
    assert got == {name: C.ACCEPTED if w == "pass" else C.WRONG_ANSWER for name, w in wants.items()}


@pytest.mark.sandbox
def test_a_solutions_node_with_only_a_full_constructor_is_built_with_null_links(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    # Only a three-argument constructor: the harness passes nulls for the links.
    source = """
class Node {
    int val;
    Node next, random;
    Node(int val, Node next, Node random) {
        this.val = val;
        this.next = next;
        this.random = random;
    }
}

class Solution {
    public Node copyRandomList(Node head) {
        Map<Node, Node> copies = new HashMap<>();
        for (Node n = head; n != null; n = n.next) {
            copies.put(n, new Node(n.val, null, null));
        }
        for (Node n = head; n != null; n = n.next) {
            copies.get(n).next = copies.get(n.next);
            copies.get(n).random = copies.get(n.random);
        }
        return copies.get(head);
    }
}
"""
    report, run = judge(sandbox, tmp_path, COPY_RANDOM, source)
    assert report.classification is C.ACCEPTED, report.to_dict()
    assert [r.status for r in records(run)] == ["pass", "pass", "pass"]


@pytest.mark.sandbox
def test_a_half_copy_fails_must_copy(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
class Solution {
    public Node copyRandomList(Node head) {
        if (head == null || head.next == null) {
            return head;
        }
        // New nodes, but the random pointers still lead into the input.
        Node first = null, last = null;
        for (Node n = head; n != null; n = n.next) {
            Node copy = new Node(n.val);
            copy.random = n.random;
            if (first == null) {
                first = copy;
            } else {
                last.next = copy;
            }
            last = copy;
        }
        return first;
    }
}
"""
    report, run = judge(sandbox, tmp_path, COPY_RANDOM, source)
    assert verdicts(report) == [C.WRONG_ANSWER, C.WRONG_ANSWER, C.ACCEPTED], report.to_dict()
    found = records(run)
    assert [r.shared for r in found] == [False, True, False]
    assert found[0].status == "fail" and "invalid" in found[0].got


# Neutral types on the manifest side, every Java shape on the solution side.
SHAPES = {
    "kind": "sequence",
    "class": "Shapes",
    "methods": {
        "constructor": {"argTypes": []},
        "sumList": {"argTypes": ["int[]"], "returnType": "int"},
        "sumBoxed": {"argTypes": ["int[]"], "returnType": "long"},
        "widen": {"argTypes": ["int"], "returnType": "long"},
        "rows": {"argTypes": ["int[][]"], "returnType": "int[][]"},
        "grid": {"argTypes": ["char[][]"], "returnType": "char[][]"},
        "unique": {"argTypes": ["string[]"], "returnType": "string[]"},
        "lists": {"argTypes": ["ListNode[]"], "returnType": "ListNode[]"},
        "letters": {"argTypes": ["string"], "returnType": "char[]"},
        "pick": {"argTypes": ["string"], "returnType": "string"},
        "half": {"argTypes": ["float"], "returnType": "float"},
    },
}
SHAPE_STEPS = [
    ("constructor", [], None),
    ("sumList", [[1, 2, 3]], 6),
    ("sumBoxed", [[2147483647, 1]], 2147483648),
    ("widen", [-7], -7),
    ("rows", [[[1, 2], [], [3]]], [[2, 1], [], [3]]),
    ("grid", [[["a", "b"], ["c", "d"]]], [["b", "a"], ["d", "c"]]),
    ("unique", [["x", "y", "x"]], ["x", "y"]),
    ("lists", [[[1, 2], [], [3]]], [[3], [], [1, 2]]),
    ("letters", ["héllo"], ["h", "é", "l", "l", "o"]),
    ("pick", ["abc"], "string abc"),
    ("half", [3], 1.5),
]
SHAPES_SOURCE = """
import javafx.util.Pair;

class Shapes {
    public int sumList(List<Integer> xs) {
        int total = 0;
        for (int x : xs) total += x;
        return total;
    }

    public long sumBoxed(Integer[] xs) {
        long total = 0;
        for (Integer x : xs) total += x;
        return total;
    }

    public long widen(long x) { return x; }

    public List<List<Integer>> rows(List<int[]> rows) {
        List<List<Integer>> out = new ArrayList<>();
        for (int[] row : rows) {
            List<Integer> reversed = new ArrayList<>();
            for (int k = row.length - 1; k >= 0; k--) reversed.add(row[k]);
            out.add(reversed);
        }
        return out;
    }

    public char[][] grid(List<List<Character>> grid) {
        char[][] out = new char[grid.size()][];
        for (int r = 0; r < out.length; r++) {
            List<Character> row = grid.get(r);
            out[r] = new char[row.size()];
            for (int c = 0; c < row.size(); c++) out[r][c] = row.get(row.size() - 1 - c);
        }
        return out;
    }

    public Set<String> unique(Collection<String> words) { return new LinkedHashSet<>(words); }

    public ListNode[] lists(List<ListNode> lists) {
        Collections.reverse(lists);
        return lists.toArray(new ListNode[0]);
    }

    public char[] letters(String s) { return s.toCharArray(); }

    public String pick(int[] xs) { return "array"; }

    public String pick(String s) { return "string " + s; }

    public double half(double x) {
        Pair<Double, Integer> pair = new Pair<>(x, 2);
        return pair.getKey() / pair.getValue();
    }
}
"""


@pytest.mark.sandbox
def test_parameters_follow_their_declared_java_types(sandbox: Sandbox, tmp_path: Path) -> None:
    steps = [{"method": m, "args": a, "expected": e} for m, a, e in SHAPE_STEPS]
    report, run = judge(
        sandbox, tmp_path, problem(SHAPES, [{"name": "shapes", "steps": steps}]), SHAPES_SOURCE
    )
    assert report.classification is C.ACCEPTED, report.to_dict()
    assert records(run)[0].status == "pass"


@pytest.mark.sandbox
def test_forged_lines_and_an_early_exit_are_not_trusted(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
import java.io.*;

class Solution {
    static int calls = 0;

    public int pairSum(int[] nums) throws IOException {
        String fake = "LLJUDGE {\\"nonce\\":\\"x\\",\\"i\\":1,\\"name\\":\\"b\\","
                + "\\"status\\":\\"pass\\"}\\n"
                + "LLJUDGE-SUMMARY {\\"nonce\\":\\"x\\",\\"passed\\":3,\\"total\\":3}\\n";
        System.out.print(fake);
        PrintStream raw = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        raw.print(fake);
        System.setOut(raw);
        System.out.print(fake);
        if (++calls == 2) {
            System.exit(0);
        }
        return nums[0] + nums[1];
    }
}
"""
    cases = [
        {"name": "a", "args": [[1, 2]], "expected": 3},
        {"name": "b", "args": [[3, 4]], "expected": 7},
        {"name": "c", "args": [[5, 6]], "expected": 11, "hidden": True},
    ]
    report, run = judge(sandbox, tmp_path, problem(PAIR, cases), source)
    assert verdicts(report) == [C.ACCEPTED, C.RUNTIME_ERROR, C.EVALUATION_SKIPPED]
    assert run is not None and run.parsed.summary is None and run.parsed.ignored >= 2
    assert b"LLJUDGE-SUMMARY" in run.stderr_tail  # System.out went to stderr


@pytest.mark.sandbox
def test_a_cycle_runaway_recursion_and_hoarding_fail_only_their_cases(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    source = """
class Solution {
    public ListNode make(int mode) {
        if (mode == 0) {
            ListNode loop = new ListNode(1);
            loop.next = loop;
            return loop;
        }
        if (mode == 1) {
            return make(mode);
        }
        if (mode == 2) {
            return new ListNode(deep(200000));
        }
        List<long[]> hoard = new ArrayList<>();
        while (true) {
            hoard.add(new long[1 << 20]);
        }
    }

    private int deep(int n) {
        return n == 0 ? 0 : 1 + deep(n - 1);
    }
}
"""
    manifest = {"kind": "function", "entry": "make", "argTypes": ["int"], "returnType": "ListNode"}
    cases = [
        {"name": "cycle", "args": [0], "expected": [1]},
        {"name": "unbounded recursion", "args": [1], "expected": []},
        {"name": "deep recursion", "args": [2], "expected": [200000]},
        {"name": "hoarding", "args": [3], "expected": []},
        {"name": "never reached", "args": [0], "expected": [1]},
    ]
    built = problem(manifest, cases)
    report, run = judge(sandbox, tmp_path, built, source)
    assert verdicts(report) == [
        C.WRONG_ANSWER,
        C.RUNTIME_ERROR,
        C.ACCEPTED,
        C.MEMORY_LIMIT_EXCEEDED,
        C.EVALUATION_SKIPPED,
    ], report.to_dict()
    found = records(run)
    assert found[0].got == {"invalid": "the returned linked list has a cycle"}
    assert found[1].error.startswith("java.lang.StackOverflowError")
    assert json.dumps(found[2].got) == "[200000]"
