"""The kit (judging/kit.py) of a command: this checkout's harnesses and node tools, unless the
command line names others with --harnesses DIR / --node-modules DIR."""

from __future__ import annotations

import argparse
from pathlib import Path

from judging.kit import Kit


def add_kit_options(parser: argparse.ArgumentParser) -> None:
    default = Kit.of_checkout()
    parser.add_argument(
        "--harnesses",
        type=Path,
        default=default.harnesses,
        metavar="DIR",
        help="the function-problem harnesses (default: this checkout's harnesses/)",
    )
    parser.add_argument(
        "--node-modules",
        type=Path,
        default=default.node_modules,
        metavar="DIR",
        help="the node tools, tsc (default: this checkout's tools/node/node_modules)",
    )


def kit_of(args: argparse.Namespace) -> Kit:
    return Kit(harnesses=args.harnesses, node_modules=args.node_modules)
