"""judging/ is the engine: it must work without Django and the web app (workers of other
machines, the command line), and without the function-problem library, which imports it.
Checked twice: statically, and by importing every module with those made unimportable."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import judging

JUDGING = Path(judging.__file__).parent
FORBIDDEN = {
    "django",
    "rest_framework",
    "channels",
    "django_rq",
    "accounts",
    "contest",
    "judge",
    "config",
    "library",
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_no_module_imports_django_or_the_apps() -> None:
    offenders = {
        f"{path.relative_to(JUDGING.parent)}: {name}"
        for path in JUDGING.rglob("*.py")
        for name in imported_modules(path)
        if name.split(".")[0] in FORBIDDEN
    }
    assert not offenders
    assert len(list(JUDGING.rglob("*.py"))) > 20  # the walk really saw the engine


IMPORT_ALL = """
import importlib, pkgutil, sys
for name in {forbidden!r}:
    sys.modules[name] = None  # any import of it now raises ImportError
import judging
names = [m.name for m in pkgutil.walk_packages(judging.__path__, "judging.")]
for name in names:
    importlib.import_module(name)
print(len(names))
"""


def test_every_module_imports_without_django() -> None:
    code = IMPORT_ALL.format(forbidden=sorted(FORBIDDEN))
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=JUDGING.parent,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.strip()) > 20
