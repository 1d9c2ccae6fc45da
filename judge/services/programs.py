"""A submission of several files, checked at submit time with the engine's own rules
(judging/languages/entry.py, the rules the package reader applies to a package's submissions):
its language (the one language of its files, unless the team chose one) and its entry point
(the team's choice, else the format's default choice). What cannot be told is refused with the
engine's reason, so the team can choose, instead of being judged Compile Error later.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

from contest.models import Language, Problem
from contest.selectors import languages_of
from judge.errors import ServiceError
from judging.languages import entry
from judging.submission import SubmissionFile


@dataclass(frozen=True)
class Program:
    language: Language
    filename: str  # the program's name, shown and given to the engine as the submission's
    entrypoint: str  # "" lets the engine decide (a language without entry point, includes)


def check_program(
    problem: Problem,
    files: Sequence[tuple[str, bytes]],
    chosen: Language | None,
    entrypoint: str,
    name: str,
) -> Program:
    """The language and entry point of `files` (several), named `name` (a zip's stem or "")."""
    if problem.is_function:
        raise ServiceError("one_file", "A function problem's solution is one file.")
    enabled = list(languages_of(problem.contest))
    language = chosen or _detected(files, enabled)
    config = language.to_config()
    own = [SubmissionFile(n, data) for n, data in files]
    if problem.includes_id is not None and not entrypoint:
        # The package's included files (a driver main.py) take part in the choice: the
        # engine makes it with them.
        return Program(language, name or files[0][0], "")
    # Loose files have no name of their own; "solution" is the one the format's rule names.
    stem = PurePosixPath(name).stem or "solution"
    try:
        # No first-file fallback here (the engine's last resort, DOMjudge's, for package
        # submissions): a team that can still choose is asked, not judged on a guess.
        found = entry.program(config, own, stem, entrypoint=entrypoint or None, first_file=False)
    except entry.EntryError as error:
        raise ServiceError("entry_point", f"{error}. Choose the entry point.") from None
    shown = name or found.entry
    if language.id in entry.NO_ENTRY:
        return Program(language, shown, entrypoint)
    return Program(language, shown, entrypoint or found.entry)


def _detected(files: Sequence[tuple[str, bytes]], enabled: list[Language]) -> Language:
    configs = [lang.to_config() for lang in enabled]
    try:
        config = entry.detect_language([n for n, _ in files], configs)
    except entry.EntryError as error:
        raise ServiceError("unknown_language", f"{error}: choose the language.") from None
    return next(lang for lang in enabled if lang.id == config.id)
