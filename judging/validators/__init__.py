"""Validators of `validator:<name>` problems: Python files each defining
`validate(args, got) -> bool | str` (True accepts; False or a message rejects).

They run on the host, after the result has been checked against the problem's type, so a
validator may assume a well-formed `got`; an exception from one is our bug, not the team's.
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, cast

Validate = Callable[[list[Any], Any], "bool | str"]
_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")
# The checkout's function-problem library, read as files: the engine imports none of it.
LIBRARY = Path(__file__).resolve().parents[2] / "library"


class ValidatorMissing(LookupError):
    """No usable validator file."""


def validator_file(name: str) -> Path:
    """Where validator `name` is: the validator.py beside the library's problem.json whose
    comparator names it. Only until the caller hands the engine the file with the problem
    (the grading path's FunctionProblem.validator_file): this function is what goes then."""
    comparator = f"validator:{name}"
    for manifest in sorted(LIBRARY.glob("*/problem.json")):
        if json.loads(manifest.read_text(encoding="utf-8")).get("comparator") == comparator:
            return manifest.with_name("validator.py")
    raise ValidatorMissing(f"no validator {name!r} (no library/*/problem.json names it)")


@cache
def load(name: str) -> Validate:
    if not _NAME.match(name):
        raise ValidatorMissing(f"validator name {name!r} is not a module name")
    return load_file(validator_file(name))


@cache
def load_file(path: Path) -> Validate:
    """validate() of the file, executed by path (the engine imports no module of the
    library's); cached, as an imported module would be."""
    if not path.is_file():
        raise ValidatorMissing(f"no validator file {path}")
    spec = importlib.util.spec_from_file_location(f"juiz_validator_{path.parent.name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    validate = getattr(module, "validate", None)
    if not callable(validate):
        raise ValidatorMissing(f"{path} defines no validate(args, got)")
    return cast(Validate, validate)
