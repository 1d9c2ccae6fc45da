"""The ICPC CCS JSON schemas (shared/ccs-specs/json-schema beside the repository), loaded into a
`referencing` registry so their relative $refs (common.json#/...) resolve offline.

Two deliberate adjustments, tested in test_schema_tools.py:

- Strict mode, as the ccs-specs repository's own checks do: every object marked
  ANCHOR_TO_INSERT_REQUIRE_STRICT_PROPERTIES gets "additionalProperties": false, so a misspelt
  property fails instead of passing as an "extension".
- clarification.json still has the older single `to_team_id`, where the draft's text
  (JSON_Format.md, "Clarification") and Juiz have `to_team_ids` and `to_group_ids` (arrays of
  ids or null): the test schema follows the text. check-api.sh uses the file as it is, so it
  reports Juiz's clarifications until the shared schema is updated.
 Juiz's own extension properties (`x_...`) are left out by `?strict=1`
(api/extensions.py), which is how the tests fetch what they validate (`strict_get`). The
judgement-type ids are the spec's closed list, unchanged: Juiz maps Mooshak's classifications
onto it (api/judgement_types.py).

jsonschema checks "multipleOf": 0.001 with binary floats, so it rejects e.g. 0.043; the
validator here checks multipleOf in decimal arithmetic, as JSON numbers are decimal, in
referenced schemas too (a collection's items).
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
from django.test import Client
from jsonschema import validators
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SCHEMA_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "ccs-specs" / "json-schema"
BASE = "https://github.com/icpc/ccs-specs/raw/master/json-schema/"
STRICT_ANCHOR = "ANCHOR_TO_INSERT_REQUIRE_STRICT_PROPERTIES"


def _strict(node: Any) -> Any:
    if isinstance(node, dict):
        out = {key: _strict(value) for key, value in node.items()}
        if out.get("$comment") == STRICT_ANCHOR:
            out["additionalProperties"] = False
        return out
    if isinstance(node, list):
        return [_strict(item) for item in node]
    return node


def _clarification_as_the_text_says(schema: dict[str, Any]) -> dict[str, Any]:
    properties = dict(schema["properties"])
    del properties["to_team_id"]
    recipients = {"oneOf": [{"type": "array", "items": {"$ref": "common.json#/identifier"}}]}
    recipients["oneOf"].append({"type": "null"})
    properties["to_team_ids"] = properties["to_group_ids"] = recipients

    # A team's question goes to the jury only: no recipients besides.
    def has(name: str) -> dict[str, Any]:
        return {"properties": {name: {"type": "array"}}, "required": [name]}

    not_both = {
        "properties": {"from_team_id": {"$ref": "common.json#/identifier"}},
        "required": ["from_team_id"],
        "anyOf": [has("to_team_ids"), has("to_group_ids")],
    }
    return {**schema, "properties": properties, "not": not_both}


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
        if path.name == "clarification.json":
            contents = _clarification_as_the_text_says(contents)
        # Without "$schema" a $ref'd schema keeps our Validator class: jsonschema picks the
        # class of a referenced schema from its "$schema", which would lose the decimal
        # multipleOf below every collection's "items": {"$ref": ...}.
        contents.pop("$schema", None)
        resource = Resource.from_contents(contents, default_specification=DRAFT202012)
        resources.append((contents["$id"], resource))
    return Registry().with_resources(resources)


def validator(name: str) -> jsonschema.protocols.Validator:
    schema = registry().contents(BASE + name)
    return Validator(schema, registry=registry())


def assert_valid(name: str, instance: object) -> None:
    """Fail with every schema error, not only the first."""
    errors = sorted(validator(name).iter_errors(instance), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)


def strict_get(client: Client, path: str) -> Any:
    """GET /api/<path> with `strict=1`: the spec's properties only, as the schemas want."""
    joiner = "&" if "?" in path else "?"
    response = client.get(f"/api/{path}{joiner}strict=1")
    assert response.status_code == 200, response.content
    return response.json()


def spec_judgement_type_ids() -> frozenset[str]:
    return frozenset(registry().contents(BASE + "common.json")["judgementtypeid"]["enum"])
