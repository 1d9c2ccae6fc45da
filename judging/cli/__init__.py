"""Subcommands of `python -m judging`. Each lives in its own module with `main(argv) -> int`,
imported only when called, so that one missing or broken module does not take the others down.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import cast

EXIT_USAGE = 2
EXIT_INFRA = 3  # the judge itself cannot work (missing component, sandbox)

COMMANDS: dict[str, tuple[str, str]] = {
    "judge": (
        "judging.cli.judge",
        "judge a source file against a Kattis problem package or a function case file",
    ),
    "selftest": ("judging.cli.selftest", "compile and run every language's self-test"),
    "default-validator": (
        "judging.cli.default_validator",
        "the Kattis default output validator (drop-in for problemtools')",
    ),
    "check-package": ("judging.cli.check_package", "verify a problem package"),
}


def usage() -> str:
    lines = ["usage: python -m judging COMMAND [ARGS...]", "", "commands:"]
    lines += [f"  {name:<18} {about}" for name, (_, about) in COMMANDS.items()]
    lines.append("\n`python -m judging COMMAND --help` describes a command.")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage(), file=sys.stdout if argv else sys.stderr)
        return 0 if argv else EXIT_USAGE
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        print(f"python -m judging: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return EXIT_USAGE
    module_name = COMMANDS[name][0]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise  # a real import failure inside the module: show it
        print(
            f"python -m judging: command {name!r} is not installed ({module_name} is missing)",
            file=sys.stderr,
        )
        return EXIT_INFRA
    command = cast(Callable[[list[str]], int], module.main)
    return command(rest)
