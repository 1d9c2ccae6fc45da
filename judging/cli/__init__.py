"""Subcommands of `python -m judging`. Each lives in its own module with `main(argv) -> int`,
imported only when called, so that one missing or broken module does not take the others down.
`dispatch` serves other command lines built the same way (`python -m library`).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import cast

EXIT_USAGE = 2
EXIT_INFRA = 3  # the judge itself cannot work (missing component, sandbox)
PROG = "python -m judging"

# name -> (module defining main(argv) -> int, one line about it)
Commands = Mapping[str, tuple[str, str]]

COMMANDS: Commands = {
    "judge": (
        "judging.cli.judge",
        "judge a source file against a Kattis problem package or a function case file",
    ),
    "selftest": ("judging.cli.selftest", "compile and run every language's self-test"),
    "environments": (
        "judging.cli.environments",
        "every evaluator x environment: capabilities, version, availability here",
    ),
    "default-validator": (
        "judging.cli.default_validator",
        "the Kattis default output validator (drop-in for problemtools')",
    ),
    "check-package": ("judging.cli.check_package", "verify a problem package"),
    "check-corpus": (
        "judging.cli.check_corpus",
        "check-package over a folder of package sets, with the agreement table",
    ),
}


def usage(prog: str = PROG, commands: Commands = COMMANDS) -> str:
    lines = [f"usage: {prog} COMMAND [ARGS...]", "", "commands:"]
    lines += [f"  {name:<18} {about}" for name, (_, about) in commands.items()]
    lines.append(f"\n`{prog} COMMAND --help` describes a command.")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    return dispatch(argv, PROG, COMMANDS)


def dispatch(argv: list[str], prog: str, commands: Commands) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage(prog, commands), file=sys.stdout if argv else sys.stderr)
        return 0 if argv else EXIT_USAGE
    name, rest = argv[0], argv[1:]
    if name not in commands:
        print(f"{prog}: unknown command {name!r}\n\n{usage(prog, commands)}", file=sys.stderr)
        return EXIT_USAGE
    module_name = commands[name][0]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise  # a real import failure inside the module: show it
        print(
            f"{prog}: command {name!r} is not installed ({module_name} is missing)",
            file=sys.stderr,
        )
        return EXIT_INFRA
    command = cast(Callable[[list[str]], int], module.main)
    return command(rest)
