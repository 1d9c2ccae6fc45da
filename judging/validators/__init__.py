"""Validators of `validator:<name>` problems: judging/validators/<name>.py, each defining
`validate(args, got) -> bool | str` (True accepts; False or a message rejects).

They run on the host, after the result has been checked against the problem's type, so a
validator may assume a well-formed `got`; an exception from one is our bug, not the team's.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from functools import cache
from typing import Any, cast

Validate = Callable[[list[Any], Any], "bool | str"]
_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")


class ValidatorMissing(LookupError):
    """No usable judging/validators/<name>.py."""


@cache
def load(name: str) -> Validate:
    if not _NAME.match(name):
        raise ValidatorMissing(f"validator name {name!r} is not a module name")
    module_name = f"judging.validators.{name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise ValidatorMissing(f"no validator {name!r} (judging/validators/{name}.py)") from None
    validate = getattr(module, "validate", None)
    if not callable(validate):
        raise ValidatorMissing(f"judging/validators/{name}.py defines no validate(args, got)")
    return cast(Validate, validate)
