"""TypeScript: tsc (the kit's node_modules, mounted at {node_modules}) compiles solution.ts
against the declarations of the kit's harnesses/typescript/ (ListNode, TreeNode, Node, _Node and
node's globals); the JavaScript it emits runs through the JavaScript harness, unchanged.

Type errors are Compile Time Errors (--noEmitOnError, and a failing tsc exits non-zero). The
strictness is LeetCode's: no strict null checks (`node.next.val` compiles), implicit any
allowed. Every file is a module (--moduleDetection force), so a solution's own `class Node`
shadows the declared one instead of being a duplicate identifier.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from judging.functions.adapters.base import HarnessAdapter, Manifest
from judging.functions.adapters.javascript import (
    RUN_PROCESSES,
    copy_harness,
    run_command,
    run_values,
)
from judging.kit import Kit
from judging.languages.typescript import DECLARATIONS_HARNESS, TSC_OPTIONS

SOLUTION_FILE = "solution.ts"
DECLARATIONS = ("prelude.d.ts", "node-globals.d.ts")


def prepare(manifest: Manifest, source: bytes, destination: Path, kit: Kit) -> None:
    (destination / SOLUTION_FILE).write_bytes(source)
    for name in DECLARATIONS:
        shutil.copyfile(kit.harness(DECLARATIONS_HARNESS) / name, destination / name)
    copy_harness(kit, destination)


_FILES = " ".join(f"{{dir}}/{name}" for name in (SOLUTION_FILE, *DECLARATIONS))

ADAPTER = HarnessAdapter(
    language="typescript",
    names_key="typescript",
    source_extension="ts",
    prepare=prepare,
    compile_command=f"{{node}} {{node_modules}}/typescript/lib/tsc.js {TSC_OPTIONS} {_FILES}",
    run_command=run_command("typescript"),
    needs_node_tools=True,
    run_processes=RUN_PROCESSES,
    values=run_values,
)
