"""Output checkers: how a run's output is compared with the test's answer.

mooshak.py         exact bytes, else normalised: Accepted / Presentation Error / Wrong Answer
kattis_default.py  the Kattis default validator (tokens, case, space, float tolerances)
custom.py          a problem's own Kattis-protocol validator, compiled and run in the sandbox

The engine asks `checker_for` once per submission and calls `check` for every test.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from judging.checkers.base import Checker, CheckResult, ValidatorError
from judging.checkers.kattis_default import KattisChecker, parse_flags
from judging.checkers.mooshak import MooshakChecker
from judging.languages.base import LanguageConfig
from judging.model import OutputValidation
from judging.sandbox.base import Sandbox

__all__ = ["CheckResult", "Checker", "ValidatorError", "checker_for"]


def checker_for(
    validation: OutputValidation,
    *,
    sandbox: Sandbox | None,
    languages: Sequence[LanguageConfig],
    workdir: Path,
) -> Checker:
    """The checker for one submission (a custom validator is compiled here, once).

    Raises ValidatorError when the problem's output validation cannot work; SandboxError
    when the sandbox fails while compiling a custom validator.
    """
    try:
        if validation.kind == "mooshak":
            return MooshakChecker(validation.meaningful)
        if validation.kind == "kattis":
            return KattisChecker(parse_flags(validation.flags, validation.number_grammar))
    except ValueError as error:
        raise ValidatorError(f"{validation.kind} output validation: {error}") from error
    if validation.kind == "custom":
        return _custom(validation, sandbox, languages, workdir)
    raise ValidatorError(f"unknown kind of output validation {validation.kind!r}")


def _custom(
    validation: OutputValidation,
    sandbox: Sandbox | None,
    languages: Sequence[LanguageConfig],
    workdir: Path,
) -> Checker:
    from judging.checkers import custom  # only custom validators need the sandbox steps

    if validation.validator_dir is None:
        raise ValidatorError("custom output validation without a validator")
    if sandbox is None:
        raise ValidatorError("a custom output validator needs a sandbox")
    return custom.prepare(
        sandbox,
        validation.validator_dir,
        languages,
        validation.flags,
        workdir,
        language_id=validation.validator_language,
        constants=validation.constants,
    )
