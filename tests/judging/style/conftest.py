"""The style tools' fixtures: the kit of this checkout (the venv's ruff, tools/node's eslint),
the real sandbox, and small programs with known findings in each language."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judging.kit import Kit
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox
from judging.style import StyleKit
from judging.style.tool import RULES_HOST

RUFF = Path(sys.executable).parent / "ruff"
KIT = StyleKit(ruff=RUFF if RUFF.is_file() else None, node_modules=Kit.of_checkout().node_modules)
ESLINT = KIT.node_modules / "eslint" / "bin" / "eslint.js" if KIT.node_modules else None

PYTHON = b"import os, sys\ndef add(a, b):\n    return a + b\nx = 1 ;print(add(x, 2))\n"
JAVA = b"""import java.util.*;
public class Main {
    public static void main(String[] args) {
        Scanner s = new Scanner(System.in);
        int a = s.nextInt(), b = s.nextInt();
        if (a > b) System.out.println(a + b);
        else System.out.println(a + b);
    }
}
"""
CPP = b"""#include <cstdio>
int main() {
    int a[10];
    int x;
    a[10] = 1;
    if (x == 1) printf("%d\\n", a[0]);
    return 0;
}
"""
JAVASCRIPT = b"""const fs = require("fs");
var unused = 3
const x = fs.readFileSync(0, "utf8");
if (x == "a") console.log(y);
"""


def need(command: str) -> None:
    if shutil.which(command) is None:
        pytest.skip(f"{command} is not installed (scripts/setup.sh installs it)")


def host_run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """A tool run on the host, for its real output (the parsers' input)."""
    return subprocess.run(argv, cwd=cwd, capture_output=True, timeout=120, check=False)


def rules(name: str) -> str:
    return str(RULES_HOST / name)


@pytest.fixture(scope="session")
def sandbox() -> Sandbox:
    return make_sandbox()
