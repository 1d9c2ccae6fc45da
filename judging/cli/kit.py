"""The kit (judging/kit.py) of a command: this checkout's harnesses and node tools, unless the
command line names others with --harnesses DIR / --node-modules DIR."""

from __future__ import annotations

import argparse
from pathlib import Path

from judging.kit import Kit

# option, Kit field, what it is: the defaults are this checkout's.
OPTIONS = (
    ("--harnesses", "harnesses", "the function-problem harnesses (default: %(default)s)"),
    ("--node-modules", "node_modules", "the node tools, tsc (default: %(default)s)"),
)


def add_kit_options(parser: argparse.ArgumentParser) -> None:
    default = Kit.of_checkout()
    for option, field, about in OPTIONS:
        value = getattr(default, field)
        parser.add_argument(option, type=Path, default=value, metavar="DIR", help=about)


def kit_of(args: argparse.Namespace) -> Kit:
    return Kit(harnesses=args.harnesses, node_modules=args.node_modules)
