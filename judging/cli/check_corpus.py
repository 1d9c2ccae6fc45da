"""`python -m judging check-corpus ROOT [--json]`

check-package over every package of ROOT/<set>/<problem>/ (e.g. ../shared/conformance), then
the agreement table per set: submissions judged, agreeing, and what cannot be judged yet with
the reasons. Each package's disagreements are listed under the table.

Exit status: 0 every package read and every judgeable submission agrees, 1 otherwise, 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path

from judging.cli.kit import add_kit_options, kit_of
from judging.problem.calibration import CachingCalibrator
from judging.problem.corpus import PackageResult, check_corpus, summarise, table


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m judging check-corpus",
        description="check-package over every package of a corpus, with the agreement table",
    )
    parser.add_argument("root", help="a folder of sets, each a folder of problem packages")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--cache",
        metavar="DIR",
        help="keep each package's result in DIR, keyed by the package's files and the engine's "
        "source (default: none, judge everything)",
    )
    add_kit_options(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    root = Path(args.root)
    if not root.is_dir():
        print(f"check-corpus: {root}: no such directory", file=sys.stderr)
        return 2
    calibrator = CachingCalibrator(kit=kit_of(args))
    progress = (lambda result: None) if args.json else _progress
    cache = Path(args.cache) if args.cache else None
    results = check_corpus(root, calibrator, on_package=progress, cache_dir=cache)
    if args.json:
        json.dump([_result_json(r) for r in results], sys.stdout, indent=2)
        print()
    else:
        print("\n" + table(summarise(results)))
        for line in disagreement_lines(results):
            print(line)
    bad = any(r.refused or r.crash or r.disagreements for r in results)
    return 1 if bad else 0


def _progress(result: PackageResult) -> None:
    state = "CRASH" if result.crash else "refused" if result.refused else "read"
    if result.unjudgeable:
        state = f"cannot judge yet ({result.unjudgeable})"
    print(
        f"{result.set}/{result.package}: {state}, {len(result.rows)} submissions, "
        f"{len(result.disagreements)} disagree, {result.seconds:g} s",
        flush=True,
    )


def disagreement_lines(results: list[PackageResult]) -> list[str]:
    lines = []
    for result in results:
        for row in result.disagreements:
            lines.append(
                f"{result.set}/{result.package}/{row.submission}: expected {row.expected} "
                f"({row.source}), got {row.verdict}: {row.reason}"
            )
        if result.refused:
            lines.append(f"{result.set}/{result.package}: refused: {result.refused}")
        if result.crash:
            lines.append(f"{result.set}/{result.package}: CRASH\n{result.crash}")
    return lines


def _result_json(result: PackageResult) -> dict[str, object]:
    return asdict(result) | {"rows": [asdict(r) | {"ok": r.ok} for r in result.rows]}


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
