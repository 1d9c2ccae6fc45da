"""Running one case of each kind: deserialise, call, serialise, compare.

Each `run_*` returns the case's record for the protocol (without nonce, index and name):
status pass / fail (an expected value was given and compared), done (the host compares), or
error (the solution raised; for a sequence, `got` holds the steps before the failing one).
"""

from __future__ import annotations

import time

import serde
from prelude import SOLUTION_FILE, Loaded, Missing, candidates, method

# Only for annotations: typing, traceback and comparators (json) are imported when needed, not
# by every run (docs/functions.md, "The harnesses, language by language").
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import TracebackType
    from typing import Any

    Record = dict[str, Any]
_MAX_ERROR = 2000


def verdict(comparator: str, got: Any, expected: Any, has_expected: bool) -> str:
    if not has_expected:
        return "done"
    import comparators

    try:
        return "pass" if comparators.compare(comparator, got, expected) else "fail"
    except ValueError:  # validator:<name>: only the host can judge
        return "done"


def describe(error: BaseException) -> str:
    """`IndexError: list index out of range (solution.py, line 7)`: the exception and the
    deepest line of the solution it went through."""
    name = "NameError" if isinstance(error, Missing) else type(error).__name__
    text = f"{name}: {error}" if str(error) else name
    line = None
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == SOLUTION_FILE:
            line = tb.tb_lineno
        tb = tb.tb_next
    if line is not None:
        text += f" ({SOLUTION_FILE}, line {line})"
    return text[:_MAX_ERROR]


def error_record(error: BaseException, **extra: Any) -> Record:
    # The traceback goes to stderr (the solution's own output), from the solution's first
    # frame on: the harness's frames above it would only confuse a team.
    import traceback  # only now: importing it costs every run milliseconds

    traceback.print_exception(type(error), error, _from_solution(error), limit=-20)
    return {"status": "error", "error": describe(error), **extra}


def _from_solution(error: BaseException) -> TracebackType | None:
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != SOLUTION_FILE:
        tb = tb.tb_next
    return tb or error.__traceback__


Timing = tuple[float, float]  # (wall ms, CPU ms) of one call


def _timed(call: Callable[[], Any]) -> tuple[Any, Timing]:
    """The call's result, its wall time and its CPU time. The solution runs in one thread, so
    the thread's CPU clock counts the solution's work and none of the harness's."""
    start, start_cpu = time.perf_counter(), time.thread_time()
    result = call()
    return result, ((time.perf_counter() - start) * 1000, (time.thread_time() - start_cpu) * 1000)


def _times(*timings: Timing) -> Record:
    """The record's `ms` (wall) and `cpuMs` for the calls of one case."""
    return {
        "ms": round(sum(t[0] for t in timings), 3),
        "cpuMs": round(sum(t[1] for t in timings), 3),
    }


class FunctionCase:
    def __init__(self, manifest: dict[str, Any], loaded: Loaded) -> None:
        self.manifest = manifest
        self.arg_types: list[str] = manifest["argTypes"]
        self.loaders = [serde.loader(t) for t in self.arg_types]
        # Plain arguments (ints, strings, arrays of them) are handed over as the payload has
        # them: no list to build per case.
        self.converts = any(load is not serde.as_is for load in self.loaders)
        self.must_copy: int | None = manifest.get("mustCopy")
        self.result_from: int | None = manifest.get("resultFrom")
        if self.result_from is None:
            self.dump = serde.dumper(manifest["returnType"])
        else:
            self.dump = serde.dumper(self.arg_types[self.result_from])
        self.comparator = str(manifest.get("comparator", "exact"))
        names = manifest.get("names", {})
        override = names.get("python") or names.get("python3")
        try:
            self.factory: Callable[[], Callable[..., Any]] | Missing = loaded.function(
                candidates(manifest["entry"], override)
            )
        except Missing as error:
            self.factory = error

    def run(self, case: dict[str, Any]) -> Record:
        try:
            if isinstance(self.factory, Missing):
                raise self.factory
            args = case["args"]  # as many as the parameters: the host checked the case file
            if self.converts:
                args = [load(a) for load, a in zip(self.loaders, args, strict=True)]
            copied = self.must_copy
            before = serde.Reachable(args[copied]) if copied is not None else None
            function = self.factory()
            # _timed, inline: this is the loop of every case of every function problem.
            start, start_cpu = time.perf_counter(), time.thread_time()
            result = function(*args)
            ms = ((time.perf_counter() - start) * 1000, (time.thread_time() - start_cpu) * 1000)
        except (Exception, SystemExit) as error:
            return error_record(error)
        got = self.dump(result if self.result_from is None else args[self.result_from])
        if before is not None and before.shares_with(result):
            return {"status": "fail", "got": got, **_times(ms), "shared": True}
        has_expected = "expected" in case  # hidden cases have none: the host compares
        status = verdict(self.comparator, got, case["expected"], True) if has_expected else "done"
        return {"status": status, "got": got, "ms": round(ms[0], 3), "cpuMs": round(ms[1], 3)}


class SequenceCase:
    def __init__(self, manifest: dict[str, Any], loaded: Loaded) -> None:
        self.methods: dict[str, Any] = manifest.get("methods", {})
        self.comparator = str(manifest.get("comparator", "exact"))
        name = _class_name(manifest)
        try:
            self.cls: type | Missing = loaded.cls(name)
        except Missing as error:
            self.cls = error

    def run(self, case: dict[str, Any]) -> Record:
        steps = case["steps"]
        got: list[Any] = []
        wall = cpu = 0.0
        instance: Any = None
        for step in steps:
            try:
                value, (ms, cpu_ms) = self._step(instance, step)
            except (Exception, SystemExit) as error:
                return error_record(error, got=got)
            wall, cpu = wall + ms, cpu + cpu_ms
            if step["method"] == "constructor":
                instance, value = value, None
            got.append(value)
        return {"status": self._status(steps, got), "got": got, **_times((wall, cpu))}

    def _status(self, steps: list[dict[str, Any]], got: list[Any]) -> str:
        if not all("expected" in step for step in steps):
            return "done"
        statuses = {
            verdict(self.comparator, value, step["expected"], True)
            for value, step in zip(got, steps, strict=True)
        }
        return "fail" if "fail" in statuses else ("done" if "done" in statuses else "pass")

    def _step(self, instance: Any, step: dict[str, Any]) -> tuple[Any, Timing]:
        """(the serialised result, timing); for the constructor, (the instance, timing)."""
        if isinstance(self.cls, Missing):
            raise self.cls
        name = step["method"]
        spec = self.methods.get(name, {})
        types = spec.get("argTypes")
        args = step["args"] if types is None else list(map(serde.load, types, step["args"]))
        if name == "constructor":
            cls = self.cls
            return _timed(lambda: cls(*args))
        function = method(instance, name)
        result, ms = _timed(lambda: function(*args))
        # Without declared types (a manifest lacking `methods`) values go as plain JSON.
        return serde.dump(spec.get("returnType", "any"), result), ms


class RoundtripCase:
    def __init__(self, manifest: dict[str, Any], loaded: Loaded) -> None:
        self.manifest = manifest
        self.data_type: str = manifest["dataType"]
        self.encoded_type: str = manifest.get("encodedType", "string")
        self.comparator = str(manifest.get("comparator", "exact"))
        try:
            self.cls: type | Missing = loaded.cls(_class_name(manifest))
        except Missing as error:
            self.cls = error

    def run(self, case: dict[str, Any]) -> Record:
        try:
            if isinstance(self.cls, Missing):
                raise self.cls
            # A copy: case["data"] is what the decoded value is compared with below.
            data = serde.load_copy(self.data_type, case["data"])
            before = serde.Reachable(data)
            codec = self.cls()
            encode = method(codec, self.manifest["encode"])
            decode = method(codec, self.manifest["decode"])
            encoded, ms_encode = _timed(lambda: encode(data))
            passed_on = self._transport(encoded)
            result, ms_decode = _timed(lambda: decode(passed_on))
        except (Exception, SystemExit) as error:
            return error_record(error)
        got = serde.dump(self.data_type, result)
        record: Record = {"got": got, **_times(ms_encode, ms_decode)}
        # Handing the input back from decode (kept in the instance) is not a codec.
        if before.shares_with(result):
            return {"status": "fail", **record, "shared": True}
        return {"status": verdict(self.comparator, got, case["data"], True), **record}

    def _transport(self, encoded: Any) -> Any:
        """The encoded value as decode receives it: through its JSON form, so it must really
        be an `encodedType` (a string by default), not the data structure itself."""
        form = serde.dump(self.encoded_type, encoded)
        if self.encoded_type == "string" and not isinstance(form, str):
            raise TypeError(f"{self.manifest['encode']} must return a string")
        if isinstance(form, dict) and "invalid" in form:
            raise TypeError(f"{self.manifest['encode']} returned no {self.encoded_type}")
        return serde.load(self.encoded_type, form)


def _class_name(manifest: dict[str, Any]) -> str:
    names = manifest.get("names", {})
    return str(names.get("python") or names.get("python3") or manifest["class"])


KINDS: dict[str, Callable[[dict[str, Any], Loaded], Any]] = {
    "function": FunctionCase,
    "sequence": SequenceCase,
    "roundtrip": RoundtripCase,
}
