"""`python -m judging selftest [--language ID ...] [--environments] [--json] [--harnesses DIR]
[--node-modules DIR]`

Compiles and runs every language's self-test program in the real sandbox and prints a table
(language, environment, version, ok / unavailable / FAILED, time): in each language's default
environment, or with --environments in every environment of its evaluator
(judging/evaluators/). A language whose toolchain is missing is unavailable, not failed.

Exit status: 0 when every available language passed; 1 when one failed; 2 on usage errors;
3 when the sandbox is unavailable.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from judging.cli.kit import add_kit_options, kit_of
from judging.cli.table import format_table
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.selftest import FAILED, SelfTestResult

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INFRA = 0, 1, 2, 3


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m judging selftest",
        description="Compile and run each language's self-test in the sandbox.",
    )
    p.add_argument("--language", action="append", metavar="ID", help="only this language")
    p.add_argument(
        "--environments", action="store_true", help="every environment, not only the default"
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    add_kit_options(p)
    return p


def main(argv: list[str]) -> int:
    try:
        args = parser().parse_args(argv)
    except SystemExit as exit_:  # argparse: --help (0) or a usage error (2)
        return int(exit_.code or 0)
    from judging.evaluators.registry import statuses

    kit = kit_of(args)
    chosen = [s for s in statuses(kit) if not args.language or s.evaluator.id in args.language]
    if not args.environments:
        chosen = [s for s in chosen if s.environment.id == s.evaluator.default_env]
    unknown = set(args.language or ()) - {s.evaluator.id for s in chosen}
    if unknown:
        print(f"selftest: unknown language(s): {', '.join(sorted(unknown))}", file=sys.stderr)
        return EXIT_USAGE
    return _run([s.config for s in chosen], kit, as_json=args.json)


def _run(languages: Sequence[LanguageConfig], kit: Kit, *, as_json: bool) -> int:
    from judging.sandbox import SandboxUnavailable, make_sandbox
    from judging.selftest import self_test

    try:
        sandbox = make_sandbox()
    except SandboxUnavailable as error:
        print(f"selftest: the sandbox is unavailable: {error}", file=sys.stderr)
        return EXIT_INFRA
    results = []
    for language in languages:
        result = self_test(language, sandbox, kit)
        results.append(result)
        if not as_json:
            label = f"{language.id} {language.environment}"
            print(f"  {label}: {result.status}", file=sys.stderr, flush=True)
    print(json.dumps([_as_dict(r) for r in results], indent=2) if as_json else _table(results))
    return EXIT_FAILED if any(r.status == FAILED for r in results) else EXIT_OK


def _as_dict(result: SelfTestResult) -> dict[str, object]:
    return {
        "language": result.language.id,
        "environment": result.language.environment,
        "name": result.language.name,
        "version": result.version,
        "status": result.status,
        "time_ms": result.elapsed_ms,
        "detail": "" if result.ok else result.message,
    }


def _table(results: Sequence[SelfTestResult]) -> str:
    header = ("language", "environment", "version", "status", "time ms", "detail")
    rows = [
        (
            r.language.id,
            r.language.environment,
            r.version[:60],
            r.status,
            str(r.elapsed_ms) if r.elapsed_ms else "-",
            "" if r.ok else r.message[:100],
        )
        for r in results
    ]
    return format_table(header, rows)
