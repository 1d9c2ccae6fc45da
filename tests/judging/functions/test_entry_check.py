"""The lexical check that a submission defines the function or class a function problem asks
for (judging/functions/entry_check.py): LeetCode's forms pass in every harness language, a
stdin/stdout program does not."""

from __future__ import annotations

import pytest

from judging.functions.entry_check import missing_definition

TWO_SUM = {"kind": "function", "entry": "twoSum", "names": {"python": "two_sum"}}
LRU = {"kind": "sequence", "class": "LRUCache"}

DEFINES_TWO_SUM = {
    "python3": [
        "def two_sum(nums, target):\n    return []\n",
        "def twoSum(nums, target): ...\n",
        "class Solution:\n    def twoSum(self, nums: List[int], target: int) -> List[int]:\n",
        "twoSum = lambda nums, target: []\n",
    ],
    "java": [
        "class Solution {\n    public int[] twoSum(int[] nums, int target) { return null; }\n}",
        "public class Main { static int[] twoSum (int[] a, int t) { return a; } }",
    ],
    "cpp": [
        "class Solution {\npublic:\n    vector<int> twoSum(vector<int>& nums, int target) {}\n};",
        "vector<int> two_sum(vector<int>& nums, int target) { return {}; }",
    ],
    "javascript": [
        "var twoSum = function(nums, target) {};",
        "function twoSum(nums, target) {}",
        "const twoSum = (nums, target) => [];",
        "class Solution { twoSum(nums, target) { return []; } }",
        "module.exports = { twoSum: (a, t) => [] };",
    ],
    "typescript": [
        "function twoSum(nums: number[], target: number): number[] { return []; }",
        "const twoSum = (nums: number[], target: number): number[] => [];",
    ],
}
STDIN_PROGRAMS = {
    "python3": "import sys\nnums = list(map(int, sys.stdin.read().split()))\nprint(nums[0])\n",
    "java": "import java.util.*;\npublic class Main {\n  public static void main(String[] a) {\n"
    "    Scanner in = new Scanner(System.in);\n    System.out.println(in.nextInt());\n  }\n}",
    "cpp": "#include <iostream>\nint main() { int n; std::cin >> n; std::cout << n; }",
    "javascript": "const lines = require('fs').readFileSync(0, 'utf8').split('\\n');\n"
    "console.log(lines[0]);",
    "typescript": "const data: string = require('fs').readFileSync(0, 'utf8');\nconsole.log(data);",
}


@pytest.mark.parametrize(
    ("language", "source"),
    [(lang, src) for lang, sources in DEFINES_TWO_SUM.items() for src in sources],
)
def test_leetcode_forms_define_the_entry(language: str, source: str) -> None:
    assert missing_definition(TWO_SUM, language, source.encode()) is None


@pytest.mark.parametrize("language", list(STDIN_PROGRAMS))
def test_a_stdin_program_is_missing_the_function_and_the_class(language: str) -> None:
    source = STDIN_PROGRAMS[language].encode()
    wanted_name = "two_sum" if language == "python3" else "twoSum"
    assert missing_definition(TWO_SUM, language, source) == ("function", wanted_name)
    assert missing_definition(LRU, language, source) == ("class", "LRUCache")


@pytest.mark.parametrize(
    ("language", "source"),
    [
        ("python3", "class LRUCache:\n    pass\n"),
        ("java", "class LRUCache extends LinkedHashMap<Integer, Integer> {}"),
        ("cpp", "struct LRUCache { LRUCache(int c) {} };"),
        ("javascript", "var LRUCache = function(capacity) {};"),
        ("typescript", "class LRUCache { constructor(capacity: number) {} }"),
    ],
)
def test_a_design_problem_wants_its_class(language: str, source: str) -> None:
    assert missing_definition(LRU, language, source.encode()) is None
    # A function of that name is not the class (except where JS writes classes as functions).
    if language in ("python3", "java", "cpp"):
        assert missing_definition(LRU, language, b"int lru(int x) { return x; }") is not None


def test_a_language_without_a_harness_is_not_checked() -> None:
    assert missing_definition(TWO_SUM, "c", b"int main() {}") is None
