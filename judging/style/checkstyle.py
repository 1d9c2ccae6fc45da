"""Java: Debian's checkstyle (/usr/bin/checkstyle, a JVM), with its XML report on stdout.

`default` is Juiz's own small rule file (rules/checkstyle-default.xml: braces, whitespace,
naming, 4-space indentation, the usual suspects of beginners' code); `strict` is the Sun
conventions file the Debian package ships (Javadoc on everything, final parameters ...).
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from xml.etree import ElementTree

from judging.style.report import Severity, StyleIssue
from judging.style.tool import StyleKit, StyleTool, ToolOutputError, in_box, integer, rule_file

CHECKSTYLE = "/usr/bin/checkstyle"
SUN_CHECKS = "/usr/share/checkstyle/sun_checks.xml"
CONFIGS = {"default": rule_file("checkstyle-default.xml"), "strict": SUN_CHECKS}
SEVERITIES: dict[str, Severity] = {"error": "error", "warning": "warning", "info": "info"}


def command(rule_set: str, files: Sequence[str]) -> list[str]:
    return [CHECKSTYLE, "-c", CONFIGS[rule_set], "-f", "xml", *files]


def parse(stdout: bytes, stderr: bytes) -> list[StyleIssue]:
    # The XML starts at its declaration: the wrapper may print notices before it.
    start = stdout.find(b"<?xml")
    try:
        root = ElementTree.fromstring(stdout[start:] if start >= 0 else stdout)
    except ElementTree.ParseError as error:
        raise ToolOutputError(f"checkstyle printed no XML report: {error}") from None
    if root.tag != "checkstyle":
        raise ToolOutputError(f"checkstyle's report starts with <{root.tag}>")
    return [
        _issue(in_box(file.get("name", "")), error)
        for file in root.iter("file")
        for error in file.iter("error")
    ]


def _issue(name: str, error: ElementTree.Element) -> StyleIssue:
    source = error.get("source", "")
    # com.puppycrawl.tools.checkstyle.checks.blocks.NeedBracesCheck -> NeedBraces
    rule = source.rsplit(".", 1)[-1].removesuffix("Check")
    return StyleIssue(
        file=name,
        line=integer(error.get("line", 0)),
        column=integer(error.get("column", 0)),
        rule=rule,
        message=error.get("message", ""),
        severity=SEVERITIES.get(error.get("severity", ""), "warning"),
    )


def _missing(kit: StyleKit) -> str | None:
    if shutil.which("checkstyle", path="/usr/bin") is None:
        return "checkstyle is not installed (Debian package checkstyle)"
    if shutil.which("java", path="/usr/bin") is None:
        return "checkstyle needs java, which is not installed"
    return None


TOOL = StyleTool(
    name="checkstyle",
    extensions=("java",),
    command=command,
    parse=parse,
    missing=_missing,
    # Checkstyle exits with the number of errors of severity "error" (strict's are).
    ok_exit_codes=tuple(range(0, 250)),
    address_space_limit=False,
    processes=64,
)
