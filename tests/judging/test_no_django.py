"""judging/ is the engine: it must work without Django and the web app (workers of other
machines, the command line), and without the function-problem library, which imports it. The
import contract (pyproject.toml, run by ./test) checks it statically; this test imports every
module with those made unimportable, which also catches an import made at run time
(importlib) that no static check sees."""

from __future__ import annotations

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
