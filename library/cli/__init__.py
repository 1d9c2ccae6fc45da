"""Commands of `python -m library`, each a module with `main(argv) -> int`, imported only when
called (verify-refs pulls in the sandbox and every harness adapter; build-cases needs none), by
the engine's dispatcher."""

from __future__ import annotations

from judging.cli import Commands, dispatch

PROG = "python -m library"

COMMANDS: Commands = {
    "build-cases": ("library.cli.build_cases", "build the function problems' case files"),
    "verify-refs": (
        "library.cli.verify_refs",
        "run the function problems' reference solutions in every language",
    ),
}


def main(argv: list[str]) -> int:
    return dispatch(argv, PROG, COMMANDS)
