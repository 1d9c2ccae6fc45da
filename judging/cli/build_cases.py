"""`python -m judging build-cases [--force] [ID...]`: build the library's case files.

Builds what is missing or stale (every problem with --force), from judging/curated and
judging/generators into judging/problems. Exit status 0 when everything built, 1 when a problem
could not be built (its error is printed), 2 on usage errors.
"""

from __future__ import annotations

import argparse
import sys
import time

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m judging build-cases",
        description="Build judging/problems/<id>.json from judging/curated and generators.",
    )
    p.add_argument("ids", nargs="*", metavar="ID", help="library problems (default: all)")
    p.add_argument("--force", action="store_true", help="rebuild even when up to date")
    return p


def main(argv: list[str]) -> int:
    from judging.functions import build, library

    try:
        args = parser().parse_args(argv)
    except SystemExit as exit_:
        return EXIT_OK if exit_.code == 0 else EXIT_USAGE
    known = library.library_ids()
    unknown = [i for i in args.ids if i not in known]
    if unknown:
        print(f"build-cases: unknown problems: {', '.join(unknown)}", file=sys.stderr)
        return EXIT_USAGE
    failed = 0
    for problem_id in args.ids or known:
        started = time.monotonic()
        try:
            built = build.ensure_built([problem_id], force=args.force)
        except build.BuildError as error:
            print(f"FAILED  {error}", file=sys.stderr)
            failed += 1
            continue
        state = "built" if built else "fresh"
        print(f"{state:<7} {problem_id} ({time.monotonic() - started:.1f} s)")
    return EXIT_FAILED if failed else EXIT_OK
