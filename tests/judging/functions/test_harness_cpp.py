"""The C++ harness (harnesses/cpp/) and the glue generated per manifest (cpp_glue.py): the glue
and the starters as text, then in the real sandbox the habits and hostile solutions it must
meet (free function or `Solution`, snake_case, the solution's own node classes, exceptions per
case, a crash after a passing case, output and static initialisers of the solution)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from judging.classification import Classification
from judging.functions import casefile
from judging.functions.adapters import cpp_glue, cpp_types
from judging.functions.protocol import Record
from judging.functions.starters.cpp import signature, starter
from judging.functions.types import parse_type
from judging.report import Report
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox
from tests.judging.functions import inline
from tests.judging.functions.scenario_files import raw

C = Classification

# --- the glue as text -------------------------------------------------------------------

TYPES = [
    ("int", "int", "juiz::Scalar<int>"),
    ("long", "long long", "juiz::Scalar<long long>"),
    ("float", "double", "juiz::Scalar<double>"),
    ("bool", "bool", "juiz::Scalar<bool>"),
    ("string", "string", "juiz::Scalar<std::string>"),
    ("char", "char", "juiz::Scalar<char>"),
    ("int[]", "vector<int>", "juiz::Array<juiz::Scalar<int>>"),
    ("long[]", "vector<long long>", "juiz::Array<juiz::Scalar<long long>>"),
    ("float[]", "vector<double>", "juiz::Array<juiz::Scalar<double>>"),
    ("bool[]", "vector<bool>", "juiz::Array<juiz::Scalar<bool>>"),
    ("string[]", "vector<string>", "juiz::Array<juiz::Scalar<std::string>>"),
    ("char[][]", "vector<vector<char>>", "juiz::Array<juiz::Array<juiz::Scalar<char>>>"),
    ("int[][]", "vector<vector<int>>", "juiz::Array<juiz::Array<juiz::Scalar<int>>>"),
    ("ListNode", "ListNode*", "juiz::ListF<ListNode>"),
    ("ListNodeCycle", "ListNode*", "juiz::CycleListF<ListNode>"),
    ("ListNode[]", "vector<ListNode*>", "juiz::Array<juiz::ListF<ListNode>>"),
    ("TreeNode", "TreeNode*", "juiz::TreeF<TreeNode>"),
    ("Graph", "vector<vector<int>>", "juiz::Array<juiz::Array<juiz::Scalar<int>>>"),
    ("GraphNode", "Node*", "juiz::GraphF<Node>"),
    ("ListNodeRandom", "Node*", "juiz::RandomListF<Node>"),
]


@pytest.mark.parametrize(("name", "cpp", "form"), TYPES)
def test_every_type_has_its_cpp_type_and_form(name: str, cpp: str, form: str) -> None:
    assert cpp_types.cpp_type(parse_type(name)) == cpp
    assert cpp_types.form(parse_type(name)) == form


def test_every_vocabulary_type_is_covered_here() -> None:
    from judging.functions.types import PRIMITIVES, STRUCTURES

    assert {*PRIMITIVES, *STRUCTURES} <= {name for name, _, _ in TYPES}


def test_candidates_are_the_override_then_the_entry_then_its_snake_case() -> None:
    manifest = {"entry": "maxValue", "names": {"cpp": "largest_cpp", "python": "biggest"}}
    assert cpp_types.entry_candidates(manifest) == ["largest_cpp", "maxValue", "max_value"]
    assert cpp_types.entry_candidates({"entry": "rotate"}) == ["rotate"]
    assert cpp_types.snake_case("getMinValue2At") == "get_min_value2_at"


def test_names_that_are_not_identifiers_are_refused() -> None:
    with pytest.raises(ValueError, match="not a C\\+\\+ identifier"):
        cpp_types.entry_candidates({"entry": "f(); system"})
    with pytest.raises(ValueError, match="not a C\\+\\+ identifier"):
        cpp_types.class_name({"class": "A", "names": {"cpp": "B {"}})


def test_node_classes_are_those_the_types_need_unless_the_solution_defines_them() -> None:
    types_manifest = raw("types")
    assert cpp_types.node_classes(types_manifest, "") == ["ListNode", "TreeNode", "Node"]
    assert cpp_types.node_classes(raw("plain"), "struct Node { int x; };") == []
    own = "struct ListNode {\n int val; ListNode* next; ListNode(int v) : val(v) {}\n};"
    assert cpp_types.node_classes(types_manifest, own) == ["TreeNode", "Node"]
    derived = "class TreeNode final : public Base {};"
    assert "TreeNode" not in cpp_types.node_classes(types_manifest, derived)
    # Nor does a definition in a comment (LeetCode's starters) or in a string.
    described = starter(types_manifest) + 'const char* s = "struct Node {";'
    assert cpp_types.node_classes(types_manifest, described) == ["ListNode", "TreeNode", "Node"]
    # A forward declaration or a pointer defines nothing.
    assert cpp_types.node_classes(types_manifest, "struct Node;\nNode* p;") == [
        "ListNode",
        "TreeNode",
        "Node",
    ]


def test_main_includes_harness_then_node_classes_then_the_solution() -> None:
    main = cpp_glue.generate(raw("cmp_linkedlist"), "ListNode* identity(ListNode* h) {}")
    harness = main.index('#include "juiz_harness.hpp"')
    node = main.index("struct ListNode {")
    solution = main.index('#include "solution.cpp"')
    assert harness < node < solution < main.index("void run(")
    assert "struct TreeNode" not in main and "class Node" not in main
    assert 'comparator = "linkedlist"' in main


def test_free_functions_rank_above_solution_methods() -> None:
    main = cpp_glue.generate(raw("names"), "")
    ranks = [
        ("::largest_cpp(a...)", 6),
        ("::maxValue(a...)", 5),
        ("::max_value(a...)", 4),
        (".largest_cpp(a...)", 3),
        (".maxValue(a...)", 2),
        (".max_value(a...)", 1),
    ]
    for call, rank in ranks:
        overload = main[: main.index(call)].rsplit("template <class... A>", 1)[1]
        assert f"juiz::Rank<{rank}>" in overload, call
    assert "entry(juiz::Rank<6>{}, a...)" in main
    assert "void largest_cpp(juiz::Missing);" in main


def test_must_copy_logs_only_its_argument_and_result_from_writes_the_argument() -> None:
    manifest = copy.deepcopy(raw("result_from"))
    main = cpp_glue.generate(manifest, "")
    assert "juiz::Array<juiz::Scalar<int>>::write(w, a0);" in main
    assert "auto&& r" not in main  # the return value is not used
    must_copy = cpp_glue.generate(raw("must_copy"), "")
    assert "juiz::GraphF<Node>::read(in, &arg_nodes);" in must_copy
    assert "o.shared = juiz::shares<juiz::GraphF<Node>>(r, arg_nodes);" in must_copy


def test_sequence_glue_dispatches_every_method_and_the_constructor() -> None:
    main = cpp_glue.generate(raw("sequence"), "")
    for method in ("push", "pop", "top", "getMin"):
        assert f'if (s.method == "{method}")' in main
    assert "c.get_min(a...)" in main  # snake_case is a second candidate
    assert "obj = new MinStack();" in main
    assert 'o.steps.push_back("null");' in main


def test_roundtrip_glue_holds_the_encoded_value_in_its_declared_type() -> None:
    main = cpp_glue.generate(raw("roundtrip"), "")
    assert "string encoded = encode_call(" in main
    assert "std::unique_ptr<Codec> codec(new Codec());" in main
    encoded_array = {**raw("roundtrip_strings"), "encodedType": "int[]"}
    assert "vector<int> encoded = " in cpp_glue.generate(encoded_array, "")


def test_starter_is_leetcode_style() -> None:
    assert starter(raw("plain")) == (
        "class Solution {\npublic:\n"
        "    vector<int> twoSum(vector<int>& nums, int n) {\n        \n    }\n};\n"
    )
    assert signature(raw("names")) == "int largest_cpp(vector<int>& nums)"


def test_class_starters_put_the_constructor_first_and_describe_node_classes() -> None:
    text = starter(raw("types"))
    assert text.index(" * struct ListNode {") < text.index("class Echo {\npublic:\n    Echo() {")
    assert "    long long echoLong(long long n) {" in text
    assert "    Node* echoGraphNode(Node* node) {" in text
    lines = signature(raw("node_clash")).splitlines()
    assert lines == [
        "LRUCache(int n)",
        "int LRUCache::get(int n)",
        "void LRUCache::put(int n, int n2)",
    ]
    assert signature(raw("roundtrip")).splitlines() == [
        "string Codec::serialize(TreeNode* root)",
        "TreeNode* Codec::deserialize(string s)",
    ]


def test_the_runtime_is_compiled_once_into_a_private_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from judging.functions.adapters import cpp

    harness = inline.KIT.harness(cpp.HARNESS)
    built = cpp.runtime_object(harness)
    assert built.is_file() and built.parent == cpp.CACHE_DIR
    assert cpp.runtime_object(harness) == built
    prepared = tmp_path / "box"
    cpp.prepare(raw("plain"), b"// nothing", prepared, inline.KIT)
    assert (prepared / "juiz_runtime.o").read_bytes() == built.read_bytes()
    assert {"main.cpp", "solution.cpp", "juiz_harness.hpp"} <= {p.name for p in prepared.iterdir()}
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    monkeypatch.setattr(cpp, "CACHE_DIR", shared)
    with pytest.raises(cpp.HarnessBuildError, match="not a private directory"):
        cpp._private_cache_dir()


# --- in the sandbox -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox()


def _judge(
    sandbox: Sandbox, workspace: Path, data: dict[str, Any], source: str
) -> tuple[Report, dict[str, Record]]:
    report, run = inline.judge(sandbox, "cpp", casefile.parse(data), source)
    return report, {r.name: r for r in run.parsed.records} if run is not None else {}


def _classes(report: Report) -> dict[str, Classification]:
    return {t.name: t.classification for t in report.tests}


SUM = {
    "id": "sum",
    "title": "Sum",
    "kind": "function",
    "entry": "sumAll",
    "argTypes": ["int[]"],
    "returnType": "long",
    "comparator": "exact",
    "timeLimit": 2,
}


def _sum_problem(*cases: tuple[str, list[int], int]) -> dict[str, Any]:
    return {**SUM, "cases": [{"name": n, "args": [a], "expected": e} for n, a, e in cases]}


@pytest.mark.sandbox
def test_free_snake_case_function_wins_over_a_solution_method(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    source = """
long long sum_all(vector<int>& nums) { return accumulate(nums.begin(), nums.end(), 0LL); }
class Solution {
public:
    long long sumAll(vector<int>& nums) { return -1; }
};
"""
    report, _ = _judge(sandbox, tmp_path, _sum_problem(("a", [1, 2], 3)), source)
    assert report.classification is C.ACCEPTED, report.to_dict()


@pytest.mark.sandbox
def test_a_snake_case_solution_method_with_its_own_list_node_is_accepted(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    data = {
        **SUM,
        "argTypes": ["ListNode"],
        "cases": [{"name": "a", "args": [[4, 5]], "expected": 9}],
    }
    source = """
struct ListNode {  // uncommented from LeetCode's starter
    int val;
    ListNode *next;
    ListNode(int x) : val(x), next(NULL) {}
};
class Solution {
public:
    long long sum_all(ListNode* head) { return head ? head->val + sum_all(head->next) : 0; }
};
"""
    report, _ = _judge(sandbox, tmp_path, data, source)
    assert report.classification is C.ACCEPTED, report.to_dict()


@pytest.mark.sandbox
def test_exceptions_end_only_their_case_and_output_never_reaches_the_channel(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    # The global's initialiser runs after the harness read stdin: it sees no input.
    source = """
#include <unistd.h>
static string early = [] { string s; cin >> s; return s.empty() ? string("no input") : s; }();

long long sumAll(vector<int>& nums) {
    cout << "LLJUDGE {\\"i\\":0} " << early << endl;
    printf("printf %d\\n", (int)nums.size());
    (void)!write(1, "raw\\n", 4);
    if (nums.empty()) return nums.at(0);
    if (nums[0] == 7) throw 7;
    if (nums[0] == 8) throw runtime_error("eight");
    return accumulate(nums.begin(), nums.end(), 0LL) + (early == "no input" ? 0 : 1000);
}
"""
    data = _sum_problem(("a", [1, 2], 3), ("empty", [], 0), ("seven", [7], 7))
    data["cases"] += [
        {"name": "eight", "args": [[8]], "expected": 8},
        {"name": "hidden", "args": [[5, 5]], "expected": 10, "hidden": True},
    ]
    report, records = _judge(sandbox, tmp_path, data, source)
    assert _classes(report) == {
        "a": C.ACCEPTED,
        "empty": C.RUNTIME_ERROR,
        "seven": C.RUNTIME_ERROR,
        "eight": C.RUNTIME_ERROR,
        "hidden": C.ACCEPTED,
    }, report.to_dict()
    assert records["empty"].error.startswith("std::out_of_range: vector::_M_range_check")
    assert records["seven"].error == "uncaught exception of type int"
    assert records["eight"].error == "std::runtime_error: eight"
    assert not records["seven"].has_got
    assert [records[n].status for n in ("a", "hidden")] == ["pass", "done"]


@pytest.mark.sandbox
def test_a_segfault_after_a_passing_case_ends_the_run(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
long long sumAll(vector<int>& nums) {
    if (nums.size() == 1) { volatile int* p = nullptr; return *p; }
    return accumulate(nums.begin(), nums.end(), 0LL);
}
"""
    data = _sum_problem(("a", [1, 2], 3), ("boom", [1], 1), ("after", [2, 2], 4))
    report, records = _judge(sandbox, tmp_path, data, source)
    assert report.classification is C.RUNTIME_ERROR
    assert _classes(report) == {
        "a": C.ACCEPTED,
        "boom": C.RUNTIME_ERROR,
        "after": C.EVALUATION_SKIPPED,
    }
    assert set(records) == {"a"}


@pytest.mark.sandbox
def test_a_missing_entry_is_a_readable_compile_error(sandbox: Sandbox, tmp_path: Path) -> None:
    source = "class Solution {\n    long long sumAll(vector<int>& nums) { return 0; }\n};\n"
    report, _ = _judge(sandbox, tmp_path, _sum_problem(("a", [1], 1)), source)
    assert report.classification is C.COMPILE_TIME_ERROR
    assert report.compile is not None
    assert "juiz: found no sumAll or sum_all" in report.compile.output
    assert "callable with (vector<int>&)" in report.compile.output


@pytest.mark.sandbox
def test_a_sequence_error_keeps_the_results_of_the_steps_before_it(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    data = copy.deepcopy(raw("sequence"))
    data["cases"] = [
        {
            "name": "underflow",
            "steps": [
                {"method": "constructor", "args": [], "expected": None},
                {"method": "push", "args": [3], "expected": None},
                {"method": "top", "args": [], "expected": 3},
                {"method": "pop", "args": [], "expected": None},
                {"method": "top", "args": [], "expected": 0},
            ],
        }
    ]
    source = """
class MinStack {
    vector<int> items;
public:
    void push(int v) { items.push_back(v); }
    void pop() { items.pop_back(); }
    int top() { return items.at(items.size() - 1); }
    int get_min() { return *min_element(items.begin(), items.end()); }
};
"""
    report, records = _judge(sandbox, tmp_path, data, source)
    assert report.classification is C.RUNTIME_ERROR, report.to_dict()
    assert records["underflow"].status == "error"
    assert records["underflow"].got == [None, None, 3, None]
    assert "std::out_of_range" in records["underflow"].error


@pytest.mark.sandbox
def test_competitive_programming_habits_compile_and_pass(sandbox: Sandbox, tmp_path: Path) -> None:
    source = """
#pragma GCC optimize("O3")
#include <bits/stdc++.h>
using namespace std;
#define int long long
static const auto fast_io = [] {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    return 0;
}();

int sumAll(vector<int>& nums) {
    cout << "debug " << nums.size() << '\\n';
    return accumulate(nums.begin(), nums.end(), 0LL);
}

signed main() {  // kept from local testing: never called
    vector<int> v{1, 2};
    cout << sumAll(v) << endl;
}
"""
    data = _sum_problem(("a", [1, 2], 3), ("big", [2_000_000_000, 2_000_000_000], 4_000_000_000))
    report, _ = _judge(sandbox, tmp_path, data, source)
    assert report.classification is C.ACCEPTED, report.to_dict()


@pytest.mark.sandbox
def test_the_starter_compiles_against_the_glue(sandbox: Sandbox, tmp_path: Path) -> None:
    """Every type's parameter and return declaration in a starter is one the glue can call,
    and the node classes the starter describes in comments are still defined by the harness."""
    data = raw("types")
    report, _ = _judge(sandbox, tmp_path, data, starter(data))
    assert report.classification is not C.COMPILE_TIME_ERROR, report.to_dict()
