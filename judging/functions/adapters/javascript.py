"""JavaScript (Node.js 20): the solution as solution.js next to harnesses/javascript/*.js.

The harness loads the solution itself (harnesses/javascript/loader.js: the source wrapped in a
function, so LeetCode's top-level `var twoSum = function ...` and `class Solution` are found
without module.exports) and runs it on node's main thread with a large stack (--stack-size, as
deep as the box's RLIMIT_STACK allows). `node --check` first turns syntax errors into Compile
Time Errors, as for stdin problems.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path

from judging.functions.adapters.base import HarnessAdapter, Manifest
from judging.kit import Kit
from judging.sandbox.outcome import RLIM_INFINITY

HARNESS = "javascript"  # the kit's folder of this harness
SOLUTION_FILE = "solution.js"
# The main thread, libuv's pool and V8's platform threads count against RLIMIT_NPROC.
RUN_PROCESSES = 32
MIB = 1024 * 1024
NODE_DEFAULT_STACK_KIB = 984  # V8's own --stack-size
# What the main thread's stack holds beyond V8's limit: the C++ frames of the runtime called
# near the limit, and node's start-up frames above the point V8 measures from.
STACK_SLACK_BYTES = 8 * MIB


def stack_kib(memory_mb: int, rlimit_stack_bytes: int) -> int:
    """node's --stack-size for the solution's recursion: half the memory limit, 64 to 256 MiB
    (10^5 frames of ordinary recursion; runaway recursion ends in a RangeError, not in the
    memory limit), and never deeper than the box's RLIMIT_STACK lets the main thread's stack
    grow: beyond it, V8 would not raise a RangeError but the process would segfault."""
    wanted = min(256, max(64, memory_mb // 2)) * MIB
    if rlimit_stack_bytes != RLIM_INFINITY:
        wanted = min(wanted, rlimit_stack_bytes - STACK_SLACK_BYTES)
    return max(NODE_DEFAULT_STACK_KIB, wanted // 1024)


def run_values(memory_mb: int, rlimit_stack_bytes: int) -> Mapping[str, str]:
    return {"stack_kib": str(stack_kib(memory_mb, rlimit_stack_bytes))}


def copy_harness(kit: Kit, destination: Path) -> None:
    for script in sorted(kit.harness(HARNESS).glob("*.js")):
        shutil.copyfile(script, destination / script.name)


def run_command(language: str) -> str:
    """The harness over {dir}/solution.js; the old space is the problem's memory limit."""
    return (
        "{node} --max-old-space-size={memory_mb} --stack-size={stack_kib} {dir}/harness.js "
        f"--solution {{dir}}/{SOLUTION_FILE} --language {language}"
    )


def prepare(manifest: Manifest, source: bytes, destination: Path, kit: Kit) -> None:
    (destination / SOLUTION_FILE).write_bytes(source)
    copy_harness(kit, destination)


ADAPTER = HarnessAdapter(
    language="javascript",
    names_key="javascript",
    source_extension="js",
    prepare=prepare,
    compile_command=f"{{node}} --check {{dir}}/{SOLUTION_FILE}",
    run_command=run_command("javascript"),
    run_processes=RUN_PROCESSES,
    values=run_values,
)
