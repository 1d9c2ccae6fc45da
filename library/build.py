"""The case-file builder: problem.json + generator.py -> var/library/<id>.json.

Expected values are computed, never typed twice: hand-written cases without `expected` and every
generated case get theirs from the generator's `reference`, and every non-stress case is
cross-checked with its independent `brute` under the problem's comparator (for validator
problems, both answers must satisfy the validator) — a disagreement is a bug in one of the two
and fails the build instead of shipping a wrong expected value to every language.

Builds are deterministic (the generator's RNG is seeded with the id, no timestamps), and the
output is one case per line: stress cases hold arrays of 10^5 numbers, and a line per case
keeps the file diffable and greppable. `sourceHash` comes first, on the first line, so staleness
is known without parsing a file of many megabytes.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import json
import os
import random
import re
import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from judging.functions import casefile
from judging.functions.casefile import CaseFileError, FunctionProblem
from judging.functions.compare import ComparisonError, load_validator, same
from judging.kit import Kit
from library import index

# Part of every source hash: a change to how files are built makes every built file stale.
BUILDER_VERSION = "juiz-build-1"
GENERATED, STRESS = "gen:", "stress:"
_HASH_LINE = re.compile(rb'^\{"sourceHash": "([0-9a-f]{64})",')
# Forgetting a generator module and importing it again are two steps on the sys.modules that
# every thread shares: one thread's import must not lose the module from under another's.
_IMPORTING = threading.Lock()

Case = dict[str, Any]
# The builder works on this checkout's library, with this checkout's host comparators.
KIT = Kit.of_checkout()


class BuildError(Exception):
    """A library problem cannot be built (broken problem.json or generator, disagreement)."""


def source_hash(problem_id: str) -> str:
    """Of what the built file is made of: problem.json, the generator, and the helper modules
    generators share (library/helpers/), which any generator may import."""
    digest = hashlib.sha256(BUILDER_VERSION.encode())
    sources = (index.problem_file(problem_id), index.generator_path(problem_id))
    for path in (*sources, *index.helper_files()):
        digest.update(b"\0" + path.name.encode() + b"\0")
        digest.update(path.read_bytes() if path.is_file() else b"(none)")
    return digest.hexdigest()


def built_hash(path: Path) -> str | None:
    try:
        with path.open("rb") as f:
            match = _HASH_LINE.match(f.readline(200))
    except OSError:
        return None
    return match.group(1).decode() if match else None


def is_stale(problem_id: str) -> bool:
    return built_hash(index.built_path(problem_id)) != source_hash(problem_id)


def ensure_built(ids: Iterable[str] | None = None, *, force: bool = False) -> list[str]:
    """Build the case files that are missing or stale (all of `ids`, with force); returns the
    ids built. Raises BuildError naming the problem that cannot be built."""
    built = []
    for problem_id in index.library_ids() if ids is None else ids:
        if force or is_stale(problem_id):
            build(problem_id)
            built.append(problem_id)
    return built


def load_problem(problem_id: str) -> FunctionProblem:
    """The problem's built case file, built first when it is missing or stale: a fresh checkout
    or an edited generator heals itself the first time anything loads the problem."""
    ensure_built([problem_id])
    return index.with_validator(casefile.load(index.built_path(problem_id)))


def build(problem_id: str) -> Path:
    """Build one problem's case file; BuildError says what is wrong."""
    try:
        data = _build(problem_id)
    except (BuildError, CaseFileError, ComparisonError) as error:
        raise BuildError(f"{problem_id}: {error}") from None
    path = index.built_path(problem_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(render(data), encoding="utf-8")
    os.replace(temporary, path)  # atomic: a concurrent reader sees the old or the new file
    return path


def _build(problem_id: str) -> dict[str, Any]:
    problem_file = index.problem_file(problem_id)
    try:
        data = json.loads(problem_file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise BuildError(f"cannot read {problem_file}: {error}") from None
    if not isinstance(data, dict) or data.get("id") != problem_id or "sourceHash" in data:
        raise BuildError(f"{problem_file.name} must be an object with this id, no sourceHash")
    casefile.parse(data, require_expected=False)  # the hand-written file, checked before any code
    generator = _generator(problem_id)
    cases = [_curated(c) for c in data["cases"]]
    if generator is not None:
        rng = random.Random(f"juiz:{problem_id}")
        cases += [_generated(c, GENERATED) for c in generator.cases(rng)]
        stress = getattr(generator, "stress", None)
        cases += [_generated(c, STRESS) for c in stress(rng)] if stress else []
    manifest = {k: v for k, v in data.items() if k != "cases"}
    built = {"sourceHash": source_hash(problem_id), **manifest, "cases": cases}
    _fill_expected(manifest, built["cases"], generator)
    _cross_check(casefile.parse(built), built["cases"], generator)
    return built


def _generator(problem_id: str) -> ModuleType | None:
    if not index.generator_path(problem_id).is_file():
        return None
    name = index.generator_module(problem_id)
    # Imported afresh at each build: the file may have changed since this process last
    # imported it (that is why the build is stale), and finders cache directory listings.
    with _IMPORTING:
        sys.modules.pop(name, None)
        importlib.invalidate_caches()
        try:
            module = importlib.import_module(name)
        except Exception as error:  # anything a broken generator raises, reported as its fault
            raise BuildError(f"generator: {type(error).__name__}: {error}") from error
    for function in ("cases", "reference", "brute"):
        if not callable(getattr(module, function, None)):
            raise BuildError(f"generator defines no {function}()")
    return module


def _curated(case: Case) -> Case:
    return copy.deepcopy(case)  # expected values are filled in place


def _generated(case: Any, prefix: str) -> Case:
    if not isinstance(case, dict) or not isinstance(case.get("name"), str):
        raise BuildError(f"a generated case must be an object with a name, not {case!r:.80}")
    name = case["name"] if case["name"].startswith(prefix) else prefix + case["name"]
    return {"name": name, "hidden": True, **{k: v for k, v in case.items() if k != "name"}}


def _needs_expected(manifest: dict[str, Any]) -> bool:
    comparator = str(manifest.get("comparator", "exact"))
    return manifest["kind"] != "roundtrip" and not comparator.startswith("validator:")


def _fill_expected(
    manifest: dict[str, Any], cases: list[Case], generator: ModuleType | None
) -> None:
    if not _needs_expected(manifest):
        return
    for case in cases:
        if _has_expected(case):
            continue
        if generator is None:
            raise BuildError(f"case {case['name']!r} has no expected value and no generator")
        _set_expected(case, _call(generator.reference, case, "reference"))


def _has_expected(case: Case) -> bool:
    if "steps" in case:
        return all("expected" in step for step in case["steps"])
    return "expected" in case


def _set_expected(case: Case, expected: Any) -> None:
    if "steps" not in case:
        case["expected"] = expected
        return
    if not isinstance(expected, list) or len(expected) != len(case["steps"]):
        raise BuildError(f"case {case['name']!r}: reference must return one value per step")
    for step, value in zip(case["steps"], expected, strict=True):
        step["expected"] = value


def _call(function: Callable[[Case], Any], case: Case, what: str) -> Any:
    """A generator function on a copy of the case: in-place references must not edit it."""
    try:
        # A JSON round trip is a deep copy several times faster than copy.deepcopy.
        return function(json.loads(json.dumps(_input_only(case))))
    except Exception as error:
        raise BuildError(
            f"case {case['name']!r}: {what}: {type(error).__name__}: {error}"
        ) from error


def _input_only(case: Case) -> Case:
    out = {k: v for k, v in case.items() if k not in ("expected", "hidden")}
    if "steps" in out:
        out["steps"] = [{k: v for k, v in s.items() if k != "expected"} for s in out["steps"]]
    return out


def _cross_check(problem: FunctionProblem, cases: list[Case], generator: ModuleType | None) -> None:
    if generator is None or problem.kind == "roundtrip":
        return
    for case, raw in zip(problem.cases, cases, strict=True):
        if case.name.startswith(STRESS):
            continue
        brute = _call(generator.brute, raw, "brute")
        if problem.validator is not None:
            _check_validated(problem, case, raw, generator, brute)
        elif not _agrees(problem, case, brute):
            raise BuildError(
                f"case {case.name!r}: brute gives {_show(brute)}, "
                f"expected is {_show(case.expected)}"
            )


def _agrees(problem: FunctionProblem, case: casefile.Case, brute: Any) -> bool:
    if problem.kind != "sequence":
        return same(KIT, problem.comparator, brute, case.expected)
    if not isinstance(brute, list) or len(brute) != len(case.steps):
        return False
    return all(
        same(KIT, problem.comparator, b, s.expected) for b, s in zip(brute, case.steps, strict=True)
    )


def _check_validated(
    problem: FunctionProblem, case: casefile.Case, raw: Case, generator: ModuleType, brute: Any
) -> None:
    assert problem.validator is not None
    validate = load_validator(index.validator_path(problem.id))
    for what, answer in (
        ("reference", _call(generator.reference, raw, "reference")),
        ("brute", brute),
    ):
        verdict = validate(copy.deepcopy(case.input_value()), answer)
        if verdict is not True:
            raise BuildError(
                f"case {case.name!r}: the validator rejects the {what}'s {_show(answer)}: {verdict}"
            )


def _show(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 200 else text[:197] + "..."


def render(data: dict[str, Any]) -> str:
    """JSON with sourceHash on the first line, one manifest key per line, one case per line."""
    lines = ['{"sourceHash": ' + json.dumps(data["sourceHash"]) + ","]
    for key, value in data.items():
        if key not in ("sourceHash", "cases"):
            lines.append(f" {json.dumps(key)}: {_dump(value)},")
    lines.append(' "cases": [')
    cases = [_dump(c) for c in data["cases"]]
    lines += [c + "," for c in cases[:-1]] + cases[-1:]
    lines.append("]}")
    return "\n".join(lines) + "\n"


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), allow_nan=False)
