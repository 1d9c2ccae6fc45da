"""C and C++: Debian's cppcheck, with its XML report (version 2) on stderr.

`default` reports errors (undefined behaviour, leaks, out-of-bounds) and warnings; `strict`
adds style, performance and portability findings and inconclusive ones. Missing system
headers are not findings: the box has the compiler's headers, cppcheck does not need them.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from xml.etree import ElementTree

from judging.style.report import Severity, StyleIssue
from judging.style.tool import StyleKit, StyleTool, ToolOutputError, in_box, integer

CPPCHECK = "/usr/bin/cppcheck"
CHECKS = {
    "default": ["--enable=warning"],
    "strict": ["--enable=style,performance,portability", "--inconclusive"],
}
SEVERITIES: dict[str, Severity] = {
    "error": "error",
    "warning": "warning",
    "style": "warning",
    "performance": "warning",
    "portability": "warning",
    "information": "info",
}


def command(rule_set: str, files: Sequence[str]) -> list[str]:
    return [
        CPPCHECK,
        *CHECKS[rule_set],
        "--xml",
        "--quiet",
        "--suppress=missingIncludeSystem",
        "--error-exitcode=0",
        *files,
    ]


def parse(stdout: bytes, stderr: bytes) -> list[StyleIssue]:
    try:
        root = ElementTree.fromstring(stderr)
    except ElementTree.ParseError as error:
        raise ToolOutputError(f"cppcheck printed no XML report: {error}") from None
    if root.tag != "results":
        raise ToolOutputError(f"cppcheck's report starts with <{root.tag}>")
    return [_issue(error) for error in root.iter("error")]


def _issue(error: ElementTree.Element) -> StyleIssue:
    # The first location is where the finding is; the others explain it (a leak's allocation).
    location = error.find("location")
    where = location if location is not None else ElementTree.Element("location")
    return StyleIssue(
        file=in_box(where.get("file", error.get("file0", ""))),
        line=integer(where.get("line", 0)),
        column=integer(where.get("column", 0)),
        rule=error.get("id", ""),
        message=error.get("msg", ""),
        severity=SEVERITIES.get(error.get("severity", ""), "warning"),
    )


def _missing(kit: StyleKit) -> str | None:
    if shutil.which("cppcheck", path="/usr/bin") is None:
        return "cppcheck is not installed (Debian package cppcheck)"
    return None


TOOL = StyleTool(
    name="cppcheck",
    extensions=("c", "h", "cpp", "cc", "cxx", "hpp", "hh"),
    command=command,
    parse=parse,
    missing=_missing,
    ok_exit_codes=(0,),
)
