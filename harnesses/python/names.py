"""The Python harness's compile step, in the box with the interpreter of the run:

    python3 -B names.py

Byte-compiles solution.py exactly as `python3 -m py_compile solution.py` does (a syntax error is
a Compile Time Error, with the same message), then writes implicit.json: which module each
implicit name comes from (prelude.implicit_table), so that a run imports only the modules the
solution mentions. It also byte-compiles the harness's own modules (checked by the hash of
their source, whatever the copies do to file times), so that no run compiles them again: the
run box sees this directory read-only, and the solution never runs here.
"""

from __future__ import annotations

import py_compile
import sys

sys.dont_write_bytecode = True

import jsonio  # noqa: E402
from prelude import SOLUTION_FILE, TABLE_FILE, implicit_table  # noqa: E402

HARNESS_MODULES = ("cases.py", "comparators.py", "jsonio.py", "nodes.py", "prelude.py", "serde.py")
CHECKED = py_compile.PycInvalidationMode.CHECKED_HASH


def main() -> None:
    try:
        py_compile.compile(SOLUTION_FILE, doraise=True)
    except py_compile.PyCompileError as error:
        sys.stderr.write(error.msg)
        sys.exit(1)
    with open(TABLE_FILE, "w", encoding="utf-8") as table:
        table.write(jsonio.dumps(implicit_table()))
    for module in HARNESS_MODULES:
        py_compile.compile(module, doraise=True, invalidation_mode=CHECKED)


if __name__ == "__main__":
    main()
