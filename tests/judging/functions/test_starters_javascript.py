"""JavaScript and TypeScript starter code: LeetCode's shapes, valid for node and for tsc with
the harness's declarations (harnesses/typescript/), for every scenario's manifest."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from judging.functions.adapters.typescript import DECLARATIONS
from judging.functions.starters import javascript, typescript
from judging.kit import Kit
from judging.languages.typescript import TSC_OPTIONS

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
NODE = shutil.which("node")


def manifests() -> dict[str, dict[str, Any]]:
    found = {}
    for path in sorted(SCENARIOS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        data.pop("cases")
        found[path.stem] = data
    return found


MANIFESTS = manifests()


def test_a_function_starter_is_leetcodes() -> None:
    plain = MANIFESTS["plain"]
    assert javascript.starter(plain) == (
        "/**\n * @param {number[]} nums\n * @param {number} n\n * @return {number[]}\n */\n"
        "var twoSum = function(nums, n) {\n    \n};\n"
    )
    assert javascript.signature(plain) == "twoSum(nums: number[], n: number) -> number[]"
    assert typescript.signature(plain) == "function twoSum(nums: number[], n: number): number[]"


def test_names_overrides_are_per_language() -> None:
    names = MANIFESTS["names"]
    assert "var largestJs = function(nums)" in javascript.starter(names)
    assert "function largestTs(nums: number[]): number {" in typescript.starter(names)


def test_design_problems_get_their_methods_with_types() -> None:
    lru = MANIFESTS["node_clash"]
    js = javascript.starter(lru)
    assert "var LRUCache = function(n) {" in js
    assert "LRUCache.prototype.get = function(n) {" in js
    assert "LRUCache.prototype.put = function(n, n2) {" in js
    assert typescript.signature(lru).splitlines() == [
        "class LRUCache",
        "    constructor(n: number)",
        "    get(n: number): number",
        "    put(n: number, n2: number): void",
    ]


def test_node_classes_are_described_in_comments() -> None:
    clone = MANIFESTS["must_copy"]
    assert " * function _Node(val, neighbors) {" in javascript.starter(clone)
    ts = typescript.starter(clone)
    assert "function cloneGraph(node: _Node | null): _Node | null {" in ts
    assert " *     neighbors: _Node[]" in ts
    assert "ListNode" not in ts


@pytest.mark.parametrize("scenario", MANIFESTS)
def test_every_javascript_starter_is_valid_javascript(tmp_path: Path, scenario: str) -> None:
    assert NODE is not None
    source = tmp_path / "starter.js"
    source.write_text(javascript.starter(MANIFESTS[scenario]), encoding="utf-8")
    done = subprocess.run([NODE, "--check", str(source)], capture_output=True, check=False)
    assert done.returncode == 0, done.stderr.decode()


# An empty body does not return the declared type (LeetCode's TypeScript starters do not
# compile as they are either): the only errors tsc may report.
MISSING_RETURN = {"TS2355", "TS2366"}


def test_every_typescript_starter_types_check(tmp_path: Path) -> None:
    assert NODE is not None
    files = []
    for scenario, manifest in MANIFESTS.items():
        path = tmp_path / f"{scenario}.ts"
        path.write_text(typescript.starter(manifest), encoding="utf-8")
        files.append(str(path))
    kit = Kit.of_checkout()
    files += [str(kit.harness("typescript") / name) for name in DECLARATIONS]
    tsc = [NODE, str(kit.node_modules / "typescript" / "lib" / "tsc.js"), *TSC_OPTIONS.split()]
    done = subprocess.run([*tsc, "--noEmit", *files], capture_output=True, check=False)
    codes = set(re.findall(r"error (TS\d+)", done.stdout.decode()))
    assert codes <= MISSING_RETURN, done.stdout.decode()
