"""What a style tool is to Juiz: how it is started in the box, what it needs mounted, how its
output reads. One module per tool (ruff.py, checkstyle.py, cppcheck.py, eslint.py) defines one
StyleTool; registry.py keys them by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from judging.sandbox.base import Mount
from judging.style.report import StyleIssue

BOX_DIR = "/box"
# The bundled rule files (rules/ beside this module), shown read-only to every style box.
RULES_HOST = Path(__file__).with_name("rules")
RULES_IN_BOX = "/opt/juiz-style/rules"
RULE_SETS = ("default", "strict")


class ToolOutputError(Exception):
    """The tool's output cannot be read as its format says: the style is unavailable."""


@dataclass(frozen=True)
class StyleKit:
    """Where this installation keeps the style tools that are not system packages: the ruff
    binary (the virtual environment's) and the node packages (eslint). The engine never looks
    for them itself; whoever calls it says (contest/engine.py; the tests, from
    `judging.kit.Kit.of_checkout()`)."""

    ruff: Path | None
    node_modules: Path | None


@dataclass(frozen=True)
class StyleTool:
    name: str
    extensions: tuple[str, ...]  # the submission's files the tool reads
    # argv in the box for a rule set and the files (names in the box's work directory)
    command: Callable[[str, Sequence[str]], list[str]]
    # (stdout, stderr) -> issues; ToolOutputError when unreadable
    parse: Callable[[bytes, bytes], list[StyleIssue]]
    # why the tool cannot run on this machine with this kit (None: it can)
    missing: Callable[[StyleKit], str | None]
    mounts: Callable[[StyleKit], tuple[Mount, ...]] = lambda kit: ()
    # Exit codes of a run that checked the files (linters exit 1 when they found something).
    ok_exit_codes: tuple[int, ...] = (0, 1)
    # The JVM and node reserve address space they never use: limited by the cgroup instead.
    address_space_limit: bool = True
    processes: int = 16

    def reads(self, filename: str) -> bool:
        return PurePosixPath(filename).suffix.lstrip(".").lower() in self.extensions


def in_box(path: str) -> str:
    """A path the tool printed, relative to the box's work directory ("/box/a/Main.java" or
    "a/Main.java" -> "a/Main.java")."""
    prefix = BOX_DIR + "/"
    return path[len(prefix) :] if path.startswith(prefix) else path.removeprefix("./")


def rule_file(name: str) -> str:
    """A bundled rule file as the box sees it."""
    return f"{RULES_IN_BOX}/{name}"


def integer(value: object) -> int:
    try:
        return int(str(value))
    except ValueError:
        return 0
