"""`python -m library verify-refs [--language L ...] [--skip-naive] [-j N] [PROBLEM...]`
                                 [--harnesses DIR] [--node-modules DIR]

Runs each library problem's reference solution in each harness language, in the sandbox, in
submit mode (and the naive solution of problems with stress cases, which must time out); see
library/verify.py. Prints a table, merges the results into var/library/coverage.json, and exits
0 only when everything verified (1 otherwise, 2 on usage errors, 3 when the sandbox is
unavailable).
"""

from __future__ import annotations

import argparse
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from judging.cli.kit import add_kit_options, kit_of
from judging.cli.table import format_table
from library.verify import Verification

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INFRA = 0, 1, 2, 3


def parser() -> argparse.ArgumentParser:
    from judging.functions.adapters.registry import HARNESS_LANGUAGES

    p = argparse.ArgumentParser(
        prog="python -m library verify-refs",
        description="Verify the reference solutions of the function-problem library.",
    )
    p.add_argument("problems", nargs="*", metavar="PROBLEM", help="library ids (default: all)")
    p.add_argument(
        "--language",
        action="append",
        choices=HARNESS_LANGUAGES,
        help="only this language (repeatable; default: all five)",
    )
    p.add_argument("--skip-naive", action="store_true", help="do not run the naive solutions")
    p.add_argument("-j", "--jobs", type=int, default=1, help="verifications run in parallel")
    add_kit_options(p)
    return p


def main(argv: list[str]) -> int:
    from judging.functions.adapters.registry import HARNESS_LANGUAGES
    from judging.sandbox import SandboxError, make_sandbox
    from library import build, index

    try:
        args = parser().parse_args(argv)
    except SystemExit as exit_:
        return EXIT_OK if exit_.code == 0 else EXIT_USAGE
    unknown = [p for p in args.problems if p not in index.library_ids()]
    if unknown or args.jobs < 1:
        print(
            f"verify-refs: unknown problems: {', '.join(unknown)}"
            if unknown
            else "verify-refs: -j must be at least 1",
            file=sys.stderr,
        )
        return EXIT_USAGE
    ids = args.problems or index.library_ids()
    try:
        build.ensure_built(ids)
        make_sandbox()
    except build.BuildError as error:
        print(f"verify-refs: {error}", file=sys.stderr)
        return EXIT_FAILED
    except SandboxError as error:
        print(f"verify-refs: the sandbox is unavailable: {error}", file=sys.stderr)
        return EXIT_INFRA
    languages = args.language or list(HARNESS_LANGUAGES)
    work = [(p, lang) for p in ids for lang in languages]
    results = _verify_all(work, args, _progress)
    from library.verify import write_coverage

    path = write_coverage(results)
    print(format_results(results))
    failed = sum(not r.ok for r in results)
    print(f"\n{len(results) - failed}/{len(results)} verified; coverage in {path}")
    return EXIT_FAILED if failed else EXIT_OK


def _verify_all(
    work: list[tuple[str, str]],
    args: argparse.Namespace,
    progress: Callable[[Verification, int, int], None],
) -> list[Verification]:
    from judging.sandbox import make_sandbox
    from library.build import load_problem
    from library.verify import Sources, verify_language

    kit = kit_of(args)
    local = threading.local()  # one sandbox object per worker thread
    done: list[Verification] = []
    lock = threading.Lock()

    def one(item: tuple[str, str]) -> Verification:
        if not hasattr(local, "sandbox"):
            local.sandbox = make_sandbox()
        problem = load_problem(item[0])
        sources = Sources.from_library(item[0], item[1])
        result = verify_language(
            problem, item[1], local.sandbox, kit=kit, sources=sources, skip_naive=args.skip_naive
        )
        with lock:
            done.append(result)
            progress(result, len(done), len(work))
        return result

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        return list(pool.map(one, work))


def _progress(result: Verification, done: int, total: int) -> None:
    mark = "ok" if result.ok else "FAILED"
    print(f"[{done}/{total}] {result.problem_id} {result.language_id}: {mark}", file=sys.stderr)


def format_results(results: list[Verification]) -> str:
    header = ("problem", "language", "reference", "CPU ms / limit", "naive", "status")
    rows = [
        (
            r.problem_id,
            r.language_id,
            r.reference or "-",
            f"{r.reference_cpu_ms} / {r.cpu_limit_ms}" if r.cpu_limit_ms else "-",
            r.naive or "-",
            "ok" if r.ok else f"FAILED: {r.detail}"[:100],
        )
        for r in results
    ]
    return format_table(header, rows)
