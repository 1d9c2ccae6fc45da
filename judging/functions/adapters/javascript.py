"""JavaScript (Node.js 20): the solution as solution.js next to harnesses/javascript/*.js.

The harness loads the solution itself (harnesses/javascript/loader.js: the source wrapped in a
function, so LeetCode's top-level `var twoSum = function ...` and `class Solution` are found
without module.exports) and runs it in a worker thread with a large stack. `node --check` first
turns syntax errors into Compile Time Errors, as for stdin problems.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from judging.functions.adapters.base import HarnessAdapter, Manifest
from judging.kit import Kit

HARNESS = "javascript"  # the kit's folder of this harness
SOLUTION_FILE = "solution.js"
# The main thread, libuv's pool, V8's platform threads and the solution's worker thread (with
# its own platform threads) all count against RLIMIT_NPROC.
RUN_PROCESSES = 32


def copy_harness(kit: Kit, destination: Path) -> None:
    for script in sorted(kit.harness(HARNESS).glob("*.js")):
        shutil.copyfile(script, destination / script.name)


def run_command(language: str) -> str:
    """The harness over {dir}/solution.js; the old space of both isolates is the problem's
    memory limit (the worker gets it through --memory-mb)."""
    return (
        "{node} --max-old-space-size={memory_mb} {dir}/harness.js "
        f"--solution {{dir}}/{SOLUTION_FILE} --language {language} --memory-mb {{memory_mb}}"
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
)
