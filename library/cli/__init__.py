"""Commands of `python -m library`, each a module with `main(argv) -> int`, imported only when
called (verify-refs pulls in the sandbox and every harness adapter; build-cases needs none)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import cast

EXIT_USAGE = 2

COMMANDS: dict[str, tuple[str, str]] = {
    "build-cases": ("library.cli.build_cases", "build the function problems' case files"),
    "verify-refs": (
        "library.cli.verify_refs",
        "run the function problems' reference solutions in every language",
    ),
}


def usage() -> str:
    lines = ["usage: python -m library COMMAND [ARGS...]", "", "commands:"]
    lines += [f"  {name:<18} {about}" for name, (_, about) in COMMANDS.items()]
    lines.append("\n`python -m library COMMAND --help` describes a command.")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage(), file=sys.stdout if argv else sys.stderr)
        return 0 if argv else EXIT_USAGE
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        print(f"python -m library: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return EXIT_USAGE
    command = cast(Callable[[list[str]], int], importlib.import_module(COMMANDS[name][0]).main)
    return command(rest)
