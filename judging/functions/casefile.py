"""Built case files (judging/problems/<id>.json) loaded into frozen data, checked on the way in.

A case file is written by people (curated manifests) and by code (generators), and read by five
harnesses: a mistake in it shows up as a baffling verdict in one language. So everything the
contract of docs/functions.md says about manifests and cases is checked here, once, with a
message that names the problem, the case and the offending key. The builder uses the same
checks on curated files (where `expected` may still be missing) before it runs anything.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judging.functions.infer import with_inferred_methods
from judging.functions.manifest import CASE_KEYS as _CASE_KEYS
from judging.functions.manifest import (
    CONSTRUCTOR,
    DEFAULT_MEMORY_MB,
    DEFAULT_TIME_LIMIT_S,
    VALIDATOR_PREFIX,
    CaseFileError,
    check_manifest,
)
from judging.functions.types import FunctionType, check_args, check_value, parse_type

__all__ = ["CONSTRUCTOR", "Case", "CaseFileError", "FunctionProblem", "Step", "check_manifest"]


@dataclass(frozen=True)
class Step:
    method: str
    args: list[Any]
    expected: Any = None
    has_expected: bool = False


@dataclass(frozen=True)
class Case:
    index: int
    name: str
    hidden: bool
    args: list[Any] | None = None  # function
    steps: tuple[Step, ...] = ()  # sequence
    data: Any = None  # roundtrip
    # function: the return value (or resultFrom argument); sequence: the list of per-step
    # values; roundtrip: the data itself. None with has_expected=False for validator problems.
    expected: Any = None
    has_expected: bool = False

    def input_value(self) -> Any:
        """What the case feeds the solution, as JSON (for reports and custom-input forms)."""
        if self.steps:
            return [[s.method, s.args] for s in self.steps]
        return self.args if self.args is not None else self.data

    def payload(self, i: int, *, with_expected: bool) -> dict[str, Any]:
        """The case as the harness receives it, as payload case `i`. Only visible cases are sent
        with_expected: hidden expected values never enter the box."""
        out: dict[str, Any] = {"i": i, "name": self.name}
        if self.steps:
            out["steps"] = [_step_payload(s, with_expected) for s in self.steps]
        elif self.args is not None:
            out["args"] = self.args
            if with_expected and self.has_expected:
                out["expected"] = self.expected
        else:
            out["data"] = self.data
        return out


def _step_payload(step: Step, with_expected: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"method": step.method, "args": step.args}
    if with_expected and step.has_expected:
        out["expected"] = step.expected
    return out


@dataclass(frozen=True)
class FunctionProblem:
    id: str
    title: str
    kind: str
    manifest: Mapping[str, Any]  # every manifest key, without `cases`
    cases: tuple[Case, ...]
    time_limit_s: float
    memory_mb: int
    statement: str = ""
    # Program Size Exceeded above this, as for stdin problems. Not in the manifest: like the
    # limits, whoever judges may replace it (dataclasses.replace).
    source_size_kib: int = 256
    # The file defining validate(args, got) of a validator:<name> problem, set (with
    # dataclasses.replace) by whoever loads the case file: the engine never looks for it.
    validator_file: Path | None = None

    @property
    def comparator(self) -> str:
        return str(self.manifest.get("comparator", "exact"))

    @property
    def validator(self) -> str | None:
        """The validator's name for `validator:<name>` problems."""
        if self.comparator.startswith(VALIDATOR_PREFIX):
            return self.comparator[len(VALIDATOR_PREFIX) :]
        return None

    def harness_manifest(self) -> dict[str, Any]:
        """The manifest the harness gets: no cases, no Markdown statement (it is not needed)."""
        return {
            k: v for k, v in self.manifest.items() if k not in ("statement", "cases", "sourceHash")
        }


def load(path: Path) -> FunctionProblem:
    """Read and check a built case file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise CaseFileError(f"{path}: cannot read: {error}") from None
    except json.JSONDecodeError as error:
        raise CaseFileError(f"{path}: not JSON: {error}") from None
    try:
        return parse(data)
    except CaseFileError as error:
        raise CaseFileError(f"{path}: {error}") from None


def parse(data: Any, *, require_expected: bool = True) -> FunctionProblem:
    """Check a manifest with its cases. Curated files pass require_expected=False: the builder
    fills in missing expected values from the reference."""
    manifest = check_manifest(_completed(data))
    raw_cases = data.get("cases")
    if not isinstance(raw_cases, list) or not raw_cases:
        raise CaseFileError(f"problem {manifest['id']}: `cases` must be a non-empty array")
    cases = tuple(
        parse_case(manifest, raw, index, require_expected) for index, raw in enumerate(raw_cases)
    )
    _check_unique_names(manifest["id"], cases)
    return FunctionProblem(
        id=manifest["id"],
        title=manifest.get("title", manifest["id"]),
        kind=manifest["kind"],
        manifest={k: v for k, v in manifest.items() if k != "cases"},
        cases=cases,
        time_limit_s=float(manifest.get("timeLimit", DEFAULT_TIME_LIMIT_S)),
        memory_mb=int(manifest.get("memoryMb", DEFAULT_MEMORY_MB)),
        statement=manifest.get("statement", ""),
    )


def _completed(data: Any) -> Any:
    """The file with what seed 000 leaves optional filled in: a sequence's `methods` inferred
    from its steps where it omits them (judging/functions/infer.py)."""
    if not isinstance(data, dict):
        return data
    try:
        return with_inferred_methods(data)
    except CaseFileError as error:
        raise CaseFileError(f"problem {data.get('id')}: {error}") from None


def _check_unique_names(problem_id: str, cases: Sequence[Case]) -> None:
    seen: set[str] = set()
    for case in cases:
        if case.name in seen:
            raise CaseFileError(f"problem {problem_id}: two cases are named {case.name!r}")
        seen.add(case.name)


# --- the manifest ---------------------------------------------------------------------------


# --- cases --------------------------------------------------------------------------------


def arg_types(manifest: Mapping[str, Any]) -> list[FunctionType]:
    return [parse_type(t) for t in manifest["argTypes"]]


def result_type(manifest: Mapping[str, Any]) -> FunctionType:
    """The type `got` has for a function problem: the return value or the resultFrom argument."""
    if "resultFrom" in manifest:
        return parse_type(manifest["argTypes"][manifest["resultFrom"]])
    return parse_type(manifest["returnType"], allow_void=True)


def method_types(manifest: Mapping[str, Any], method: str) -> tuple[list[FunctionType], str]:
    """A sequence method's argument types and its return type name ("void" for constructor)."""
    spec = manifest["methods"][method]
    return [parse_type(t) for t in spec["argTypes"]], spec.get("returnType", "void")


def parse_case(
    manifest: Mapping[str, Any], raw: Any, index: int, require_expected: bool = True
) -> Case:
    name = raw.get("name") if isinstance(raw, dict) else None
    label = f"case {index}" + (f" ({name!r})" if isinstance(name, str) else "")
    try:
        return _parse_case(manifest, raw, index, require_expected)
    except CaseFileError as error:
        raise CaseFileError(f"problem {manifest['id']}, {label}: {error}") from None


def _parse_case(manifest: Mapping[str, Any], raw: Any, index: int, require_expected: bool) -> Case:
    if not isinstance(raw, dict):
        raise CaseFileError("a case must be a JSON object")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise CaseFileError("`name` must be a non-empty string (at most 200 characters)")
    # Seed 000 marks generated cases by name alone ("run skips hidden gen:/stress: cases"):
    # without `hidden`, those are hidden, so their expected values never reach the solution.
    hidden = raw.get("hidden", name.startswith(HIDDEN_PREFIXES))
    if not isinstance(hidden, bool):
        raise CaseFileError("`hidden` must be true or false")
    kind = manifest["kind"]
    extra = set(raw) - {"name", "hidden", "expected"} - _CASE_KEYS[kind]
    if extra:
        raise CaseFileError(f"unknown keys for a {kind} case: {', '.join(sorted(extra))}")
    validator = str(manifest.get("comparator", "exact")).startswith(VALIDATOR_PREFIX)
    base = Case(index=index, name=name, hidden=hidden)
    if kind == "function":
        return _function_case(manifest, raw, base, validator, require_expected)
    if kind == "sequence":
        return _sequence_case(manifest, raw, base, validator, require_expected)
    return _roundtrip_case(manifest, raw, base)


def _expected(
    raw: Mapping[str, Any], type_: FunctionType, validator: bool, required: bool
) -> tuple[bool, Any]:
    """(has_expected, expected) after checking both against the comparator and the type."""
    if "expected" not in raw:
        if required and not validator:
            raise CaseFileError("`expected` is missing")
        return False, None
    if validator:
        raise CaseFileError("a validator: problem's case has no `expected` (the validator judges)")
    problem = check_value(type_, raw["expected"], "expected")
    if problem is not None:
        raise CaseFileError(problem)
    return True, raw["expected"]


def _function_case(
    manifest: Mapping[str, Any], raw: dict[str, Any], base: Case, validator: bool, required: bool
) -> Case:
    problem = check_args(arg_types(manifest), raw.get("args"))
    if problem is not None:
        raise CaseFileError(problem)
    has, expected = _expected(raw, result_type(manifest), validator, required)
    return Case(
        base.index, base.name, base.hidden, args=raw["args"], expected=expected, has_expected=has
    )


def _sequence_case(
    manifest: Mapping[str, Any], raw: dict[str, Any], base: Case, validator: bool, required: bool
) -> Case:
    steps_raw = raw.get("steps")
    if not isinstance(steps_raw, list) or not steps_raw:
        raise CaseFileError("`steps` must be a non-empty array")
    if "expected" in raw:
        raise CaseFileError("a sequence case has `expected` on each step, not on the case")
    specs = _method_specs(manifest)
    steps = tuple(_step(specs, s, k, validator, required) for k, s in enumerate(steps_raw))
    have = {s.has_expected for s in steps}
    if len(have) > 1:
        raise CaseFileError("either every step has `expected` or none does")
    has = have == {True}
    expected = [s.expected for s in steps] if has else None
    return Case(
        base.index, base.name, base.hidden, steps=steps, expected=expected, has_expected=has
    )


HIDDEN_PREFIXES = ("gen:", "stress:")
_STEP_KEYS = frozenset({"method", "args", "expected"})
MethodSpecs = dict[str, tuple[list[FunctionType], FunctionType]]


def _method_specs(manifest: Mapping[str, Any]) -> MethodSpecs:
    specs: MethodSpecs = {}
    for method in manifest["methods"]:
        types, returns = method_types(manifest, method)
        specs[method] = (types, parse_type(returns, allow_void=True))
    return specs


def _step(specs: MethodSpecs, raw: Any, k: int, validator: bool, required: bool) -> Step:
    # Sequence cases have 10^5 steps: no message is built unless something is wrong.
    if type(raw) is not dict or not raw.keys() <= _STEP_KEYS:
        raise CaseFileError(f"steps[{k}] must be {{method, args, expected}}")
    method = raw.get("method")
    if (k == 0) != (method == CONSTRUCTOR):
        raise CaseFileError(f"steps[{k}]: the first step, and only it, is the constructor")
    spec = specs.get(method) if isinstance(method, str) else None
    if spec is None:
        raise CaseFileError(f"steps[{k}]: method {method!r} is not in `methods`")
    problem = check_args(spec[0], raw.get("args"), "args")
    if problem is not None:
        raise CaseFileError(f"steps[{k}].{problem}")
    try:
        has, expected = _expected(raw, spec[1], validator, required)
    except CaseFileError as error:
        raise CaseFileError(f"steps[{k}]: {error}") from None
    return Step(str(method), raw["args"], expected, has)


def _roundtrip_case(manifest: Mapping[str, Any], raw: dict[str, Any], base: Case) -> Case:
    if "expected" in raw:
        raise CaseFileError("a roundtrip case has no `expected`: decode(encode(data)) == data")
    if "data" not in raw:
        raise CaseFileError("`data` is missing")
    problem = check_value(parse_type(manifest["dataType"]), raw["data"], "data")
    if problem is not None:
        raise CaseFileError(problem)
    return Case(
        base.index,
        base.name,
        base.hidden,
        data=raw["data"],
        expected=raw["data"],
        has_expected=True,
    )
