"""THE parser of the LLJUDGE protocol, for every language's harness (docs/functions.md).

The channel is the harness's saved stdout, but the solution runs in the same process, so
nothing on it is trusted by position alone: only lines carrying this run's nonce count, and
they must arrive exactly as a harness writes them (one record per case, in case order, then one
summary whose counts match). Anything else with the nonce is a *violation*; lines without it
are someone else's writes and ignored. Pure functions over bytes, so every hostile shape of
output is unit-tested without a sandbox.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

RECORD_PREFIX = b"LLJUDGE "
SUMMARY_PREFIX = b"LLJUDGE-SUMMARY "
STATUSES = ("pass", "fail", "done", "error")
MAX_ERROR_CHARS = 2000


@dataclass(frozen=True)
class Record:
    i: int
    name: str
    status: str  # pass, fail, done, error
    got: Any = None
    has_got: bool = False
    error: str = ""
    shared: bool = False
    ms: float | None = None  # wall time of the call(s), measured by the harness
    cpu_ms: float | None = None  # CPU time of the call(s), where the harness can measure it


@dataclass(frozen=True)
class Summary:
    passed: int
    total: int


@dataclass(frozen=True)
class Parsed:
    records: tuple[Record, ...]  # valid records, in case order: records[k].i == k
    summary: Summary | None  # None: the harness did not finish (crash, limit, early exit)
    violation: str = ""  # why the stream cannot be trusted (Runtime Error); "" when sound
    ignored: int = 0  # LLJUDGE-looking lines without this run's nonce

    @property
    def complete(self) -> bool:
        return self.summary is not None and not self.violation


class _Violation(Exception):
    pass


def parse(stream: bytes, nonce: str, case_names: Sequence[str]) -> Parsed:
    """Read a harness's channel. `case_names[k]` is the name of payload case k."""
    state = _State(nonce.encode("ascii"), nonce, case_names)
    for line in stream.split(b"\n"):
        try:
            state.feed(line.rstrip(b"\r"))
        except _Violation as violation:
            return state.result(str(violation))
    return state.result("")


class _State:
    def __init__(self, nonce_bytes: bytes, nonce: str, case_names: Sequence[str]) -> None:
        self.nonce_bytes = nonce_bytes
        self.nonce = nonce
        self.case_names = case_names
        self.records: list[Record] = []
        self.summary: Summary | None = None
        self.ignored = 0

    def result(self, violation: str) -> Parsed:
        return Parsed(tuple(self.records), self.summary, violation, self.ignored)

    def feed(self, line: bytes) -> None:
        if line.startswith(SUMMARY_PREFIX):
            body, is_summary = line[len(SUMMARY_PREFIX) :], True
        elif line.startswith(RECORD_PREFIX):
            body, is_summary = line[len(RECORD_PREFIX) :], False
        else:
            return
        data = self._trusted(body)
        if data is None:
            self.ignored += 1
            return
        if self.summary is not None:
            raise _Violation("a line with the run's nonce after the summary")
        if is_summary:
            self.summary = self._summary(data)
        else:
            self.records.append(self._record(data))

    def _trusted(self, body: bytes) -> dict[str, Any] | None:
        """The line's JSON object when it carries this run's nonce, else None."""
        # The substring test keeps huge lines of someone else's output from being parsed.
        if self.nonce_bytes not in body:
            return None
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            return None  # e.g. a record cut short by the end of the run
        if not isinstance(data, dict) or data.get("nonce") != self.nonce:
            return None
        return data

    def _record(self, data: dict[str, Any]) -> Record:
        i, expected = data.get("i"), len(self.records)
        if not isinstance(i, int) or isinstance(i, bool):
            raise _Violation(f"a record without a case index: {_show(data)}")
        if i < expected:
            raise _Violation(f"a second record for case {i}")
        if i != expected or i >= len(self.case_names):
            raise _Violation(f"a record for case {i} where case {expected} was due")
        if data.get("name") != self.case_names[i]:
            raise _Violation(
                f"case {i} is {self.case_names[i]!r}, the record names {data.get('name')!r}"
            )
        return _record(i, data)

    def _summary(self, data: dict[str, Any]) -> Summary:
        passed, total = data.get("passed"), data.get("total")
        if not _count(passed) or not _count(total):
            raise _Violation(f"a summary without counts: {_show(data)}")
        assert isinstance(passed, int) and isinstance(total, int)
        if total != len(self.case_names) or total != len(self.records):
            raise _Violation(
                f"a summary of {total} cases after {len(self.records)} records "
                f"({len(self.case_names)} cases were sent)"
            )
        if passed != sum(r.status == "pass" for r in self.records):
            raise _Violation(f"a summary of {passed} passed that the records do not add up to")
        return Summary(passed, total)


def _record(i: int, data: dict[str, Any]) -> Record:
    status = data.get("status")
    if status not in STATUSES:
        raise _Violation(f"case {i}: unknown status {status!r}")
    has_got = "got" in data
    if status != "error" and not has_got:
        raise _Violation(f"case {i}: a {status} record without `got`")
    error = data.get("error", "")
    shared = data.get("shared", False)
    if not isinstance(error, str) or not isinstance(shared, bool):
        raise _Violation(f"case {i}: malformed `error` or `shared`")
    if status == "error" and not error:
        raise _Violation(f"case {i}: an error record without `error`")
    return Record(
        i=i,
        name=str(data["name"]),
        status=str(status),
        got=data.get("got"),
        has_got=has_got,
        error=error[:MAX_ERROR_CHARS],
        shared=shared,
        ms=_milliseconds(data.get("ms")),
        cpu_ms=_milliseconds(data.get("cpuMs")),
    )


def _milliseconds(value: Any) -> float | None:
    """A harness's timing; anything but a finite non-negative number is no timing (it is only
    informational: a solution cannot change a verdict through it)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    return float(value) if 0 <= value < float("inf") else None


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _show(data: Any) -> str:
    text = json.dumps(data)
    return text if len(text) <= 120 else text[:117] + "..."
