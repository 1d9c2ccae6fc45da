"""Evaluators and their environments, as seed 003 describes them (docs/judging.md, "Evaluators
and environments").

An evaluator is a language's way of judging a program: its id (the language's), the glob of the
environments it supports, the one used when a request names none, and its capabilities --
compile, test (run against test data) and style (a report by a named style tool, run by the
style capability of judging/style/). An environment is one toolchain of it on a judge host: the
language's command lines as that toolchain needs them, a version probe, a time factor, and
where the toolchain comes from when it is not in the system directories.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

COMPILE, TEST, STYLE = "compile", "test", "style"


@dataclass(frozen=True)
class Evaluator:
    id: str  # the language's id: "c", "cpp", "java", "python3", ...
    supported_envs: str  # a Unix glob; several alternatives separated by "|"
    default_env: str
    compile: bool = True  # whether submissions are compiled (or checked) before they run
    test: bool = True
    style_tool: str = ""  # e.g. "ruff"; implemented by the style capability

    @property
    def capabilities(self) -> tuple[str, ...]:
        declared = ((COMPILE, self.compile), (TEST, self.test), (STYLE, bool(self.style_tool)))
        return tuple(name for name, present in declared if present)

    def supports(self, environment_id: str) -> bool:
        return any(fnmatchcase(environment_id, glob) for glob in self.supported_envs.split("|"))


@dataclass(frozen=True)
class Environment:
    id: str  # e.g. "pypy3", "gcc12-c++20", "java21"
    name: str  # shown to teams: "PyPy 3.9 (Debian)"
    # The LanguageConfig fields this environment sets (commands, time factor, memory overhead);
    # the others are the language's.
    changes: Mapping[str, Any] = field(default_factory=dict)
    # Host folder of a toolchain outside the system directories (its {toolchain}): a glob over
    # {pyenv} (PYENV_ROOT or ~/.pyenv), {rustup} (RUSTUP_HOME or ~/.rustup) or {tools} (the
    # checkout's tools/, which setup fills).
    toolchain: str = ""
    origin: str = ""  # how a host gets it: "Debian package pypy3", "scripts/setup.sh: npm ..."
