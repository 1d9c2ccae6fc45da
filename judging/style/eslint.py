"""JavaScript: eslint 9 from the kit's node packages (tools/node), with Juiz's flat configs
(rules/eslint-<rule set>.mjs: plain rule lists, no plugins to resolve) and its JSON report.

`default` is the core rules that find bugs (eslint's recommended ones, minus those a script
read from stdin trips on); `strict` adds style: ===, semicolons, const, curly braces.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence

from judging.sandbox.base import Mount
from judging.style.report import Severity, StyleIssue
from judging.style.tool import StyleKit, StyleTool, ToolOutputError, in_box, integer, rule_file

# Node finds a package's dependencies in the node_modules folders above it, so the kit's
# packages are shown under a folder of that name (tsc's /opt/juiz-node needs none).
NODE_MODULES_IN_BOX = "/opt/juiz-style/node_modules"
ESLINT = f"{NODE_MODULES_IN_BOX}/eslint/bin/eslint.js"
SEVERITIES: dict[int, Severity] = {2: "error", 1: "warning"}


def command(rule_set: str, files: Sequence[str]) -> list[str]:
    config = rule_file(f"eslint-{rule_set}.mjs")
    # The config's folder is not the base path with -c: files are matched from the cwd (/box).
    return ["node", ESLINT, "--config", config, "--format", "json", "--no-warn-ignored", *files]


def parse(stdout: bytes, stderr: bytes) -> list[StyleIssue]:
    try:
        results = json.loads(stdout)
    except ValueError as error:
        raise ToolOutputError(f"eslint printed no JSON: {error}") from None
    if not isinstance(results, list):
        raise ToolOutputError("eslint printed JSON that is not a list")
    return [
        _issue(in_box(str(result.get("filePath", ""))), message)
        for result in results
        if isinstance(result, dict)
        for message in result.get("messages", ())
        if isinstance(message, dict)
    ]


def _issue(name: str, message: dict[str, object]) -> StyleIssue:
    # A parsing error has no rule id: eslint reports it as a fatal message.
    rule = message.get("ruleId") or ("parse-error" if message.get("fatal") else "")
    return StyleIssue(
        file=name,
        line=integer(message.get("line", 0)),
        column=integer(message.get("column", 0)),
        rule=str(rule),
        message=str(message.get("message", "")),
        severity=SEVERITIES.get(integer(message.get("severity", 1)), "warning"),
    )


def _missing(kit: StyleKit) -> str | None:
    if shutil.which("node", path="/usr/bin") is None:
        return "eslint needs node, which is not installed (Debian package nodejs)"
    if (
        kit.node_modules is None
        or not (kit.node_modules / "eslint" / "bin" / "eslint.js").is_file()
    ):
        return "eslint is not installed (tools/node: scripts/setup.sh installs it)"
    return None


def _mounts(kit: StyleKit) -> tuple[Mount, ...]:
    return (Mount(kit.node_modules, NODE_MODULES_IN_BOX),) if kit.node_modules is not None else ()


TOOL = StyleTool(
    name="eslint",
    extensions=("js", "mjs", "cjs"),
    command=command,
    parse=parse,
    missing=_missing,
    mounts=_mounts,
    address_space_limit=False,
    processes=32,
)
