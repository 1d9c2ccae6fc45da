"""The ICPC CCS JSON schemas (shared/ccs-specs/json-schema beside the repository), loaded into a
`referencing` registry so their relative $refs (common.json#/...) resolve offline.

Two deliberate, narrow adjustments, both tested in test_schema_tools.py:

- Strict mode, as the ccs-specs repository's own checks do: every object marked
  ANCHOR_TO_INSERT_REQUIRE_STRICT_PROPERTIES gets "additionalProperties": false, so a misspelt
  property fails instead of passing as an "extension".
- The judgement-type id enum is extended with exactly Juiz's three non-standard codes (see
  judging/classification.py: SK, IEV, PSE). The spec's text allows server-defined ids ("should
  be used"); only the schema's enum is closed.

jsonschema checks "multipleOf": 0.001 with binary floats, so it rejects e.g. 0.043; the
validator here checks multipleOf in decimal arithmetic, as JSON numbers are decimal.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from jsonschema import validators
from referencing import Registry, Resource

from judging.classification import ICPC_CODES

SCHEMA_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "ccs-specs" / "json-schema"
BASE = "https://github.com/icpc/ccs-specs/raw/master/json-schema/"
STRICT_ANCHOR = "ANCHOR_TO_INSERT_REQUIRE_STRICT_PROPERTIES"
JUIZ_EXTRA_CODES = frozenset({"SK", "IEV", "PSE"})


def _strict(node: Any) -> Any:
    if isinstance(node, dict):
        out = {key: _strict(value) for key, value in node.items()}
        if out.get("$comment") == STRICT_ANCHOR:
            out["additionalProperties"] = False
        return out
    if isinstance(node, list):
        return [_strict(item) for item in node]
    return node


def _with_juiz_codes(common: dict[str, Any]) -> dict[str, Any]:
    standard = set(common["judgementtypeid"]["enum"])
    extra = set(ICPC_CODES.values()) - standard
    # A new non-standard code must be a conscious decision, not silently accepted here.
    assert extra == JUIZ_EXTRA_CODES, f"non-standard judgement-type ids changed: {extra}"
    common["judgementtypeid"] = {"enum": [*common["judgementtypeid"]["enum"], *sorted(extra)]}
    return common


def _decimal_multiple_of(
    validator: jsonschema.protocols.Validator,
    divisor: float,
    instance: object,
    schema: dict[str, Any],
) -> Iterator[jsonschema.ValidationError]:
    if not validator.is_type(instance, "number"):
        return
    if Decimal(str(instance)) % Decimal(str(divisor)) != 0:
        yield jsonschema.ValidationError(f"{instance!r} is not a multiple of {divisor}")


Validator = validators.extend(jsonschema.Draft202012Validator, {"multipleOf": _decimal_multiple_of})


@cache
def registry() -> Registry:
    if not SCHEMA_DIR.is_dir():
        pytest.fail(
            f"CCS JSON schemas not found at {SCHEMA_DIR}: the API tests need shared/ccs-specs "
            "beside the repository (CI always provides it)."
        )
    resources = []
    for path in sorted(SCHEMA_DIR.glob("*.json")):
        contents = _strict(json.loads(path.read_text()))
        if path.name == "common.json":
            contents = _with_juiz_codes(contents)
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


def validator(name: str) -> jsonschema.protocols.Validator:
    schema = registry().contents(BASE + name)
    return Validator(schema, registry=registry())


def assert_valid(name: str, instance: object) -> None:
    """Fail with every schema error, not only the first."""
    errors = sorted(validator(name).iter_errors(instance), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)
