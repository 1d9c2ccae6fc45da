"""What the runner needs to know about one language's harness.

`prepare` lays out the box's work directory on the host: the (possibly rewritten) solution, the
harness files (copied from the caller's kit, judging/kit.py), any generated glue. The compile
step then compiles with `compile_command` (if any) in a compile session, and the runner runs
`run_command` once, with the payload on stdin, in a run session.

Command templates are split with shlex after substitution. Variables (all paths in the box):
  {dir}        the box work directory (/box)
  {python}     the Python interpreter of Python submissions
  {memory_mb}  the problem's memory limit in MiB (heap flags)
  {node}       the node binary
  {node_modules} where the kit's node_modules is mounted read-only (tsc lives there)
  {harness_home} the adapter's `home`, if any: a directory made once per host (Java's harness
               jar, archive and clock), mounted read-only at its own path
and those of the adapter's `values` hook, if any (node's {stack_kib}).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judging.kit import Kit

Manifest = Mapping[str, Any]
# prepare(manifest, solution_source, destination_dir, kit) writes every file the box needs.
Prepare = Callable[[Manifest, bytes, Path, Kit], None]
# values(memory_mb, stack_bytes) -> template values of the adapter's own, from the problem's
# memory limit and the RLIMIT_STACK the run gets (outcome.RLIM_INFINITY: unlimited).
Values = Callable[[int, int], Mapping[str, str]]


@dataclass(frozen=True)
class HarnessAdapter:
    language: str  # registry id: python3, java, javascript, typescript, cpp
    names_key: str  # key of the manifest's `names`: python, java, javascript, typescript, cpp
    source_extension: str  # the extension a solution file of this language has (py, java ...)
    prepare: Prepare
    run_command: str
    compile_command: str | None = None
    # Whether the kit's node_modules must be mounted at {node_modules} (tsc).
    needs_node_tools: bool = False
    # Processes (threads count) the harness needs at least, whatever the language's own
    # run_processes (e.g. the Python harness runs the solution in a thread with a big stack).
    run_processes: int = 1
    values: Values | None = None
    # home(kit) -> a directory of the harness's own files, made once per host: mounted
    # read-only into every compile and run box at its host path, and named {harness_home}.
    home: Callable[[Kit], Path] | None = None
