from __future__ import annotations

from pathlib import Path

import pytest

from judging.checkers import ValidatorError, checker_for
from judging.checkers.kattis_default import Options, compare, parse_flags, parse_float
from judging.classification import Classification
from judging.cli import default_validator
from judging.model import OutputValidation

CASES = [
    # (answer, output, flags, accepted)
    (b"1 2\n", b"1 2\n", [], True),
    (b"1 2\n", b"1\n\n2", [], True),  # white space never counts by default
    (b"1 2\n", b"  1\t2  \r\n", [], True),
    (b"", b"", [], True),
    (b"", b"\n \n", [], True),
    (b"", b"x", [], False),
    (b"Yes\n", b"YES\n", [], True),  # case-insensitive by default
    (b"Yes\n", b"YES\n", ["case_sensitive"], False),
    (b"\xc3\xa9\n", b"\xc3\x89\n", [], False),  # strcasecmp folds ASCII only
    (b"1 2\n", b"1 2\n\n", ["space_change_sensitive"], False),
    (b"1 2\n", b"1 2", ["space_change_sensitive"], False),
    (b"1 2\n", b"1  2\n", ["space_change_sensitive"], False),
    (b"1\t2\n", b"1\t2\n", ["space_change_sensitive"], True),
    (b"1.0\n", b"1\n", [], False),  # no tolerance: floats are strings
    (b"1.0\n", b"1\n", ["float_tolerance", "0"], True),
    (b"1\n", b"1.0e0\n", ["float_absolute_tolerance", "1e-9"], True),
    (b"8\n", b"0x1p3\n", ["float_tolerance", "1e-9"], True),  # strtod reads hex floats
    (b"1\n", b"1e\n", ["float_tolerance", "1e-9"], True),  # glibc scanf takes "1e" as 1
    (b"1\n", b"1,0\n", ["float_tolerance", "1e-9"], False),
    (b"1\n", b"nan\n", ["float_tolerance", "1e-9"], False),
    (b"inf\n", b"INF\n", ["float_tolerance", "1e-9"], True),  # inf is a string: case folds
    (b"1e400\n", b"1E400\n", ["float_tolerance", "1"], True),  # overflows: a string too
    (b"1e400\n", b"1e401\n", ["float_tolerance", "1"], False),
    (b"abc 1\n", b"ABC 1.05\n", ["float_relative_tolerance", "0.1"], True),
    (b"100\n", b"110.0001\n", ["float_relative_tolerance", "0.1"], False),
    (b"0\n", b"0.0000001\n", ["float_relative_tolerance", "0.1"], False),  # |0| * rel = 0
    (b"0\n", b"-0\n", ["float_relative_tolerance", "0.1"], True),
    (b"5\n", b"5\x00\n", [], False),  # a NUL is part of the token (problemtools would cut)
]


@pytest.mark.parametrize(("answer", "output", "flags", "accepted"), CASES)
def test_outputs_compare_token_by_token_under_the_flags(
    answer: bytes, output: bytes, flags: list[str], accepted: bool
) -> None:
    assert compare(answer, output, parse_flags(flags)).accepted is accepted


def test_line_numbers_count_newlines_consumed_on_each_side() -> None:
    outcome = compare(b"a\nb\nc\n", b"a b\n\n\nd\n", Options())
    assert outcome.message.split(b"\n")[0] == (
        b"Wrong answer on line 4 of output (corresponding to line 3 in answer file)"
    )
    assert (outcome.answer_pos, outcome.output_pos) == (4, 6)  # where c and d start


def test_mismatch_inside_long_tokens_shows_prefix_and_the_difference() -> None:
    answer = b"x" * 100 + b"A" + b"x" * 100
    output = b"x" * 100 + b"B" + b"x" * 100
    lines = compare(answer, output, Options(case_sensitive=True)).message.split(b"\n")
    assert lines[2] == b'Judge: "' + b"x" * 15 + b"...A" + b"x" * 14 + b'..."'
    assert lines[3] == b'User: "' + b"x" * 15 + b"...B" + b"x" * 14 + b'..."'


def test_case_insensitive_mismatch_locates_the_difference_after_folding() -> None:
    answer = b"A" * 40 + b"1"
    output = b"a" * 40 + b"2"
    lines = compare(answer, output, Options()).message.split(b"\n")
    assert lines[2] == b'Judge: "' + b"A" * 15 + b'...1"'


def test_cut_never_splits_a_utf8_character() -> None:
    token = "é".encode() * 40
    message = compare(b"x", token, Options()).message
    shown = message.split(b"\n")[3][len(b'User: "') :]
    assert shown.endswith(b'..."')
    shown[: -len(b'..."')].decode("utf-8")  # complete characters only


@pytest.mark.parametrize(
    ("token", "value"),
    [
        (b"1", 1.0),
        (b"-.5", -0.5),
        (b"1e5", 1e5),
        (b"1e+", 1.0),
        (b"0x1.8", 1.5),
        (b"1.", 1.0),
        (b"0x.", 0.0),
    ],
)
def test_parse_float_accepts_what_strtod_reads_whole(token: bytes, value: float) -> None:
    assert parse_float(token) == value


@pytest.mark.parametrize(
    "token", [b"inf", b"nan", b"1e999", b"0x", b".", b"1_0", b"1.5x", b"+-1", b"0x1p99999", b""]
)
def test_parse_float_refuses_the_rest(token: bytes) -> None:
    assert parse_float(token) is None


def test_flags_parse_into_options() -> None:
    assert parse_flags(["float_tolerance", "1e-6", "case_sensitive"]) == Options(
        case_sensitive=True, float_absolute_tolerance=1e-6, float_relative_tolerance=1e-6
    )
    assert parse_flags(["float_relative_tolerance", "0.1"]).float_absolute_tolerance == -1


@pytest.mark.parametrize(
    "flags",
    [["nonsense"], ["float_tolerance"], ["float_tolerance", "x"], ["float_tolerance", "inf"]],
)
def test_parse_flags_refuses_bad_flags(flags: list[str]) -> None:
    with pytest.raises(ValueError):
        parse_flags(flags)


def test_factory_turns_bad_flags_into_validator_error(tmp_path: Path) -> None:
    with pytest.raises(ValidatorError, match="unknown flag"):
        checker_for(
            OutputValidation(kind="kattis", flags=("sloppy",)),
            sandbox=None,
            languages=(),
            workdir=tmp_path,
        )


def test_factory_checker_compares_files(tmp_path: Path) -> None:
    for name, data in (("in", b""), ("ans", b"3.0\n"), ("out", b"3.00001\n")):
        (tmp_path / name).write_bytes(data)
    checker = checker_for(
        OutputValidation(kind="kattis", flags=("float_tolerance", "1e-4")),
        sandbox=None,
        languages=(),
        workdir=tmp_path,
    )
    paths = {"input": tmp_path / "in", "answer": tmp_path / "ans", "output": tmp_path / "out"}
    assert checker.check(**paths).classification is Classification.ACCEPTED
    (tmp_path / "out").write_bytes(b"3.1\n")
    result = checker.check(**paths)
    checker.close()
    assert result.classification is Classification.WRONG_ANSWER
    assert "Too large difference" in result.message


def test_unknown_kind_is_a_validator_error(tmp_path: Path) -> None:
    with pytest.raises(ValidatorError, match="unknown kind"):
        checker_for(OutputValidation(kind="fuzzy"), sandbox=None, languages=(), workdir=tmp_path)


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["in", "ans"],
        ["{in}", "{ans}", "{fb}", "bogus"],
        ["{in}", "{ans}", "{fb}/missing"],
        ["{in}", "{missing}", "{fb}"],
    ],
)
def test_cli_bad_arguments_exit_2_with_usage(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "in").write_bytes(b"")
    (tmp_path / "ans").write_bytes(b"1\n")
    names = {
        "in": tmp_path / "in",
        "ans": tmp_path / "ans",
        "fb": tmp_path,
        "missing": tmp_path / "nope",
    }
    assert default_validator.main([a.format(**names) for a in argv]) == 2
    assert "usage:" in capsys.readouterr().err


FORMAT_GRAMMAR = [
    # (token, problemtools value, 2023-07 value): the format's General requirements grammar
    # is decimal only and an exponent needs digits; problemtools reads what strtod reads.
    (b"1.5", 1.5, 1.5),
    (b".5", 0.5, 0.5),
    (b"5.", 5.0, 5.0),
    (b"-1e3", -1000.0, -1000.0),
    (b"1E+2", 100.0, 100.0),
    (b"1e", 1.0, None),
    (b"1e+", 1.0, None),
    (b"0x1.8p0", 1.5, None),
    (b"0x10", 16.0, None),
    (b".", None, None),
    (b"inf", None, None),
    (b"1_0", None, None),
]


@pytest.mark.parametrize(("token", "old", "new"), FORMAT_GRAMMAR)
def test_the_2023_07_number_grammar_is_the_formats(
    token: bytes, old: float | None, new: float | None
) -> None:
    assert parse_float(token) == old
    assert parse_float(token, "2023-07") == new


def test_a_hex_float_meets_a_tolerance_only_under_problemtools_grammar() -> None:
    flags = ["float_tolerance", "1e-6"]
    old = parse_flags(flags)
    new = parse_flags(flags, "2023-07")
    assert compare(b"1.5\n", b"0x1.8p0\n", old).accepted
    assert not compare(b"1.5\n", b"0x1.8p0\n", new).accepted


def test_2023_07_refuses_a_tolerance_given_twice() -> None:
    twice = ["float_tolerance", "1", "float_absolute_tolerance", "2"]
    parse_flags(twice)  # problemtools: the last one wins
    with pytest.raises(ValueError, match="more than once"):
        parse_flags(twice, "2023-07")
