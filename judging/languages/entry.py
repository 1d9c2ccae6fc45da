"""A submission of several files: its language and its entry point, by the package format's
rules (docs/packages.md, "Submissions of several files").

Language: the one language whose extensions the files have (files of no language, such as
headers or data, do not count); none or several is a reason, never a guess.

Entry point (`entrypoint` given -- submissions.yaml's key, or the team's choice -- wins):
  python3     an included driver named main.py; the only .py file; the file named like the
              submission; __main__.py; main.py; the one file with an `if __name__ ==
              "__main__"` guard (DOMjudge's detection); else the first file
  java        an included Main.java; the one class declaring main(); Main.java; no class
              declaring main() is a build failure (DOMjudge detects the main class so too)
  pascal      the one file that is a `program` (the others are its units), DOMjudge's rule
  kotlin      kotlinc finds main itself (the jar's Main-Class)
  c, cpp, go  no entry point: every file of the language is compiled together
  others      the only file of the language; main.<ext> (Main.hs); <submission>.<ext>; else
              the first file
"The first file" (submissions only: a package's validators must name theirs) is DOMjudge's
rule for a submission that names no entry point (its run scripts start `${ENTRY_POINT:-$1}`,
the first file given) and problemtools' `{mainfile}` (the lexicographically smallest source
file): the first in name order.
C, C++, Go, Java, JavaScript, Kotlin and Python compile (JavaScript: check the syntax of) every
file of their language, so that a broken file is a Compile Time Error even when the entry point
does not use it, as on DOMjudge; the others compile their entry point, which finds the rest
(Rust modules, Haskell imports).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

from judging.languages.base import LanguageConfig, class_name, code_only
from judging.submission import SubmissionFile

COMPILE_ALL = ("c", "cpp", "go", "java", "javascript", "kotlin", "python3")
NO_ENTRY = ("c", "cpp", "go", "kotlin")
_MAIN = re.compile(rb"\bstatic\s+(?:public\s+)?void\s+main\s*\(")
_PACKAGE = re.compile(rb"^\s*package\s+([\w.]+)\s*;", re.MULTILINE)
_PASCAL_PROGRAM = re.compile(rb"^\s*program\b", re.IGNORECASE)
_PY_GUARD = re.compile(rb"""^if\s+__name__\s*==\s*['"]__main__['"]\s*:""", re.MULTILINE)


class EntryError(ValueError):
    """The submission's language or entry point cannot be determined (the reason says why)."""


@dataclass(frozen=True)
class Program:
    """How a submission of several files compiles and starts."""

    compile_files: tuple[str, ...]  # the files given to the compiler, in order
    entry: str  # the file the run command starts: {source} of the run
    name: str  # {name}: Java's fully qualified main class, else the entry's stem

    @property
    def compile_source(self) -> str:
        """{source} of the compile command: every file, quoted for the template's split."""
        return " ".join(shlex.quote(name) for name in self.compile_files)


def detect_language(
    filenames: Sequence[str], languages: Sequence[LanguageConfig]
) -> LanguageConfig:
    found: dict[str, tuple[LanguageConfig, list[str]]] = {}
    for name in filenames:
        language = next((c for c in languages if c.enabled and c.matches(name)), None)
        if language is not None:
            found.setdefault(language.id, (language, []))[1].append(name)
    if len(found) == 1:
        return next(iter(found.values()))[0]
    if not found:
        shown = ", ".join(filenames)
        raise EntryError(f"no language of this contest takes any of the files ({shown})")
    parts = "; ".join(f"{lid}: {', '.join(names)}" for lid, (_, names) in found.items())
    raise EntryError(f"the files are of several languages ({parts}); cannot tell which")


def program(
    language: LanguageConfig,
    files: Sequence[SubmissionFile],
    submission_name: str,
    *,
    entrypoint: str | None = None,
    included: Sequence[str] = (),
    first_file: bool = True,
) -> Program:
    """The compile files and entry point of `files` (the submission's and the included ones,
    whose names are `included`) in `language`. Without `first_file` (a package's own programs,
    which follow their own naming rules), no entry point found is an EntryError rather than
    the first file."""
    own = [f for f in files if language.matches(f.filename)]
    if not own:
        raise EntryError(f"no {language.name} file among the submission's files")
    if language.id == "java":
        return _java(own, entrypoint, included)
    if entrypoint is not None:
        entry = _given(own, entrypoint)
    elif language.id in NO_ENTRY:
        entry = own[0]
    elif language.id == "python3":
        entry = _python(own, submission_name, included, first_file)
    else:
        entry = _other(language, own, submission_name, first_file)
    compiled = own if language.id in COMPILE_ALL else [entry]
    stem = PurePosixPath(entry.filename).stem
    return Program(tuple(f.filename for f in compiled), entry.filename, stem)


def _given(own: Sequence[SubmissionFile], entrypoint: str) -> SubmissionFile:
    for file in own:
        path = PurePosixPath(file.filename)
        if entrypoint in (file.filename, str(path.with_suffix("")), path.stem):
            return file
    raise EntryError(f"entry point {entrypoint!r} is not one of the submission's files")


def _python(
    own: Sequence[SubmissionFile], submission_name: str, included: Sequence[str], first: bool
) -> SubmissionFile:
    by_name = {f.filename: f for f in own}
    if "main.py" in included and "main.py" in by_name:
        return by_name["main.py"]  # the package's driver
    if len(own) == 1:
        return own[0]
    for name in (f"{submission_name}.py", "__main__.py", "main.py"):
        if name in by_name:
            return by_name[name]
    guarded = [f for f in own if _PY_GUARD.search(f.source)]
    if len(guarded) == 1:
        return guarded[0]
    return _first(own, "Python", first)


def _java(
    own: Sequence[SubmissionFile], entrypoint: str | None, included: Sequence[str]
) -> Program:
    names = tuple(f.filename for f in own)
    if entrypoint is not None:
        # A class name ("Main", "pkg.Main") or a file name ("Main.java").
        given = entrypoint.removesuffix(".java")
        entry = _given(own, given.rsplit(".", 1)[-1] if "/" not in given else given)
    else:
        entry = _java_entry(own, included)
    text = code_only(entry.source)
    package = _PACKAGE.search(text)
    main_class = class_name(entry.source, PurePosixPath(entry.filename).stem)
    if package is not None:
        main_class = f"{package.group(1).decode('ascii', 'replace')}.{main_class}"
    return Program(names, entry.filename, main_class)


def _java_entry(own: Sequence[SubmissionFile], included: Sequence[str]) -> SubmissionFile:
    by_stem = {PurePosixPath(f.filename).stem: f for f in own}
    if "Main.java" in included and "Main" in by_stem:
        return by_stem["Main"]
    with_main = [f for f in own if _MAIN.search(code_only(f.source))]
    if len(with_main) == 1:
        return with_main[0]
    if not with_main:
        # Nothing could start: a class named Main without main() is no program either.
        shown = ", ".join(f.filename for f in own)
        raise EntryError(f"no class declares `static void main(String[] args)` ({shown})")
    if "Main" in by_stem:
        return by_stem["Main"]
    shown = ", ".join(f.filename for f in (with_main or own))
    raise EntryError(f"cannot tell which Java class is the entry point ({shown})")


def _other(
    language: LanguageConfig, own: Sequence[SubmissionFile], submission_name: str, first: bool
) -> SubmissionFile:
    if len(own) == 1:
        return own[0]
    if language.id == "pascal":
        programs = [f for f in own if _PASCAL_PROGRAM.match(_pascal_code(f.source))]
        if len(programs) == 1:
            return programs[0]
    by_name = {f.filename: f for f in own}
    for stem in ("main", "Main", submission_name):
        for ext in language.extensions:
            if f"{stem}.{ext}" in by_name:
                return by_name[f"{stem}.{ext}"]
    return _first(own, language.name, first)


def _first(own: Sequence[SubmissionFile], language: str, allowed: bool) -> SubmissionFile:
    """DOMjudge's last resort (and problemtools' {mainfile}): the first file, in name order."""
    if not allowed:
        shown = ", ".join(f.filename for f in own)
        raise EntryError(f"cannot tell which {language} file is the entry point ({shown})")
    return min(own, key=lambda f: f.filename)


_PASCAL_COMMENTS = re.compile(rb"\(\*.*?\*\)|\{.*?\}|//[^\n]*", re.DOTALL)


def _pascal_code(source: bytes) -> bytes:
    """The Pascal source without its comments ((* *), { } and //)."""
    return _PASCAL_COMMENTS.sub(b" ", source)
