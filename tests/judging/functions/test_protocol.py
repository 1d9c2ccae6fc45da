"""The LLJUDGE parser: what a harness writes is read back; forged, garbled, duplicated,
reordered or truncated streams are told apart from a sound one."""

from __future__ import annotations

import json
from typing import Any

from judging.functions.protocol import parse

NONCE = "0123456789abcdef0123456789abcdef"
NAMES = ["basic", "gen:1", "x"]


def record(i: int, status: str = "pass", nonce: str = NONCE, **extra: Any) -> bytes:
    body: dict[str, Any] = {"nonce": nonce, "i": i, "name": NAMES[i], "status": status}
    if status != "error" and "got" not in extra:
        body["got"] = [i]
    body.update(extra)
    return b"LLJUDGE " + json.dumps(body).encode() + b"\n"


def summary(passed: int, total: int = 3, nonce: str = NONCE) -> bytes:
    body = {"nonce": nonce, "passed": passed, "total": total}
    return b"LLJUDGE-SUMMARY " + json.dumps(body).encode() + b"\n"


def sound() -> bytes:
    return (
        record(0)
        + record(1, "done", got=[0, 1], ms=0.5)
        + record(2, "error", error="IndexError: list index out of range")
        + summary(1)
    )


def test_a_sound_stream_gives_every_record_and_the_summary() -> None:
    parsed = parse(sound(), NONCE, NAMES)
    assert parsed.complete and parsed.violation == "" and parsed.ignored == 0
    assert [r.status for r in parsed.records] == ["pass", "done", "error"]
    assert parsed.records[1].got == [0, 1] and parsed.records[1].ms == 0.5
    assert parsed.records[2].error.startswith("IndexError") and not parsed.records[2].has_got
    assert parsed.summary is not None and (parsed.summary.passed, parsed.summary.total) == (1, 3)


def test_a_failing_record_keeps_got_and_shared() -> None:
    stream = record(0, "fail", got=[[2], [1]], shared=True) + record(1) + record(2) + summary(2)
    first = parse(stream, NONCE, NAMES).records[0]
    assert first.status == "fail" and first.got == [[2], [1]] and first.shared


def test_got_null_is_a_returned_value() -> None:
    first = parse(record(0, got=None), NONCE, NAMES).records[0]
    assert first.has_got and first.got is None


def test_lines_without_the_nonce_are_ignored_wherever_they_are() -> None:
    forged = record(0, nonce="f" * 32) + summary(3, nonce="f" * 32) + b"LLJUDGE {not json\n"
    stream = b"hello\n" + forged + record(0) + forged + record(1) + record(2) + summary(3)
    parsed = parse(stream, NONCE, NAMES)
    assert parsed.complete and len(parsed.records) == 3 and parsed.ignored == 6


def test_a_nonce_only_in_the_text_is_not_the_nonce_field() -> None:
    line = (
        b'LLJUDGE {"i": 0, "name": "basic", "status": "pass", "got": "' + NONCE.encode() + b'"}\n'
    )
    assert parse(line, NONCE, NAMES).records == ()


def test_a_crash_leaves_records_and_no_summary() -> None:
    parsed = parse(record(0) + b"Traceback (most recent call last):\n", NONCE, NAMES)
    assert parsed.summary is None and not parsed.complete and parsed.violation == ""
    assert [r.i for r in parsed.records] == [0]


def test_a_record_cut_short_is_not_a_violation() -> None:
    parsed = parse(record(0) + record(1)[:30], NONCE, NAMES)
    assert len(parsed.records) == 1 and parsed.violation == "" and parsed.summary is None


def test_empty_and_garbage_streams_have_no_records() -> None:
    for stream in (b"", b"\x00\xff\xfe garbage \n\n\n", b"LLJUDGE\nLLJUDGE-SUMMARY\n"):
        parsed = parse(stream, NONCE, NAMES)
        assert parsed.records == () and parsed.summary is None and parsed.violation == ""


def test_a_record_without_trailing_newline_still_counts() -> None:
    parsed = parse(record(0) + record(1) + record(2) + summary(3).rstrip(b"\n"), NONCE, NAMES)
    assert parsed.complete


def test_crlf_line_ends_are_accepted() -> None:
    assert parse(sound().replace(b"\n", b"\r\n"), NONCE, NAMES).complete


def violation(stream: bytes) -> str:
    parsed = parse(stream, NONCE, NAMES)
    assert not parsed.complete
    return parsed.violation


def test_a_second_record_for_a_case_is_a_violation() -> None:
    assert "second record for case 0" in violation(record(0) + record(0))


def test_a_record_out_of_order_is_a_violation() -> None:
    assert "case 2 where case 1 was due" in violation(record(0) + record(2))


def test_a_record_beyond_the_cases_is_a_violation() -> None:
    body = {"nonce": NONCE, "i": 3, "name": "extra", "status": "pass", "got": 1}
    extra = b"LLJUDGE " + json.dumps(body).encode() + b"\n"
    assert "case 3" in violation(record(0) + record(1) + record(2) + extra)


def test_a_record_with_the_wrong_name_is_a_violation() -> None:
    body = {"nonce": NONCE, "i": 0, "name": "other", "status": "pass", "got": 1}
    assert "names 'other'" in violation(b"LLJUDGE " + json.dumps(body).encode())


def test_a_summary_with_a_wrong_total_is_a_violation() -> None:
    assert "summary of 3 cases after 1 records" in violation(record(0) + summary(1))
    assert "summary of 2 cases" in violation(record(0) + record(1) + summary(2, total=2))


def test_a_fake_summary_claiming_passes_is_a_violation() -> None:
    stream = record(0, "fail") + record(1, "fail") + record(2, "fail") + summary(3)
    assert "3 passed" in violation(stream)


def test_anything_with_the_nonce_after_the_summary_is_a_violation() -> None:
    assert "after the summary" in violation(sound() + record(2))
    assert "after the summary" in violation(sound() + summary(1))


def test_malformed_records_with_the_nonce_are_violations() -> None:
    assert "unknown status" in violation(record(0, "ok"))
    assert "without `got`" in violation(record(0, "pass", got=None).replace(b', "got": null', b""))
    assert "without `error`" in violation(record(0, "error"))
    assert "without a case index" in violation(record(0).replace(b'"i": 0', b'"i": "0"'))
    assert "without counts" in violation(sound().replace(b'"passed": 1', b'"passed": -1'))


def test_records_before_a_violation_are_kept() -> None:
    parsed = parse(record(0) + record(1) + record(1), NONCE, NAMES)
    assert len(parsed.records) == 2 and parsed.violation


def test_error_messages_are_capped() -> None:
    parsed = parse(record(0, "error", error="E" * 10_000), NONCE, NAMES)
    assert len(parsed.records[0].error) == 2000


def test_huge_lines_of_other_output_are_skipped_cheaply() -> None:
    noise = b"LLJUDGE " + b"[" * (8 * 1024 * 1024) + b"\n"
    parsed = parse(noise + sound(), NONCE, NAMES)
    assert parsed.complete and parsed.ignored == 1


def test_a_huge_genuine_record_is_read() -> None:
    big = list(range(200_000))
    parsed = parse(record(0, got=big) + record(1) + record(2) + summary(3), NONCE, NAMES)
    assert parsed.complete and parsed.records[0].got == big
