"""Python 3: the solution is loaded as a module by harnesses/python/harness.py.

The compile step (harnesses/python/names.py) byte-compiles solution.py as `python3 -m
py_compile` does, so a syntax error is a Compile Time Error as for stdin/stdout Python
submissions, and writes which module each implicit name comes from, so that the run imports only
what the solution mentions. The harness then compiles the source again itself (no .pyc is
trusted).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from judging.functions.adapters.base import HarnessAdapter, Manifest
from judging.kit import Kit

HARNESS = "python"  # the kit's folder of this harness
SOLUTION_FILE = "solution.py"
HARNESS_FILES = (
    "harness.py",
    "cases.py",
    "prelude.py",
    "serde.py",
    "nodes.py",
    "comparators.py",
    "jsonio.py",
    "names.py",
)


def prepare(manifest: Manifest, source: bytes, destination: Path, kit: Kit) -> None:
    # The manifest travels in the payload: nothing about the problem is generated here.
    (destination / SOLUTION_FILE).write_bytes(source)
    for name in HARNESS_FILES:
        shutil.copyfile(kit.harness(HARNESS) / name, destination / name)


ADAPTER = HarnessAdapter(
    language="python3",
    names_key="python",
    source_extension="py",
    prepare=prepare,
    compile_command="{python} -B names.py",
    run_command="{python} -B harness.py",
    # The harness runs the solution in a thread with a big stack (deep recursion), so the
    # box must allow a second task; every process and thread still dies with the run.
    run_processes=2,
)
