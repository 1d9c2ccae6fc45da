from __future__ import annotations

from pathlib import Path

import pytest

from judging.checkers import ValidatorError, checker_for
from judging.checkers.mooshak import MooshakChecker, Normaliser, check
from judging.classification import Classification
from judging.model import OutputValidation

AC = Classification.ACCEPTED
PE = Classification.PRESENTATION_ERROR
WA = Classification.WRONG_ANSWER

CASES = [
    # (answer, output, meaningful, expected)
    (b"42\n", b"42\n", None, AC),
    (b"", b"", None, AC),
    (b"42\n", b"42", None, PE),  # missing trailing newline
    (b"42", b"42\n", None, PE),  # extra trailing newline
    (b"42\n", b"42\n\n\n", None, PE),
    (b"1 2\n3 4\n", b"1 2\r\n3 4\r\n", None, PE),  # Windows line ends
    (b"1 2\n", b"1\t2\n", None, PE),  # tab for space
    (b"1 2\n", b"  1    2  \n", None, PE),  # runs of white space
    (b"1 2\n3\n", b"1 2 3\n", None, PE),  # newline for space
    (b"1 2\n", b"12\n", None, WA),  # joining tokens is no formatting
    (b"42\n", b"43\n", None, WA),
    (b"42\n", b"\n", None, WA),
    (b"42\n", b"", None, WA),
    (b"hello\n", b"Hello\n", None, WA),  # case matters
    (b"42\n", b"Answer: 42\n", None, WA),
    (b"42\n", b"Answer: 42\n", "[0-9]", PE),  # letters are formatting here
    (b"42\n", b"Answer: 43\n", "[0-9]", WA),
    (b"4 2\n", b"42\n", "[0-9]", WA),  # still two numbers vs one
    (b"1,2,3\n", b"1 2 3\n", "[0-9]", PE),
    (b"x = 7\n", b"X = 7\n", "[0-9a-z]", WA),  # upper case is formatting: "7" vs "x 7"
    (b"x = 7\n", b"x: 7.\n", "[0-9a-z]", PE),
    (b"a-b\n", b"a b\n", "[^-]", PE),  # negated class: "-" is formatting
    (b"a-b\n", b"a+b\n", "[^-]", WA),
    (b"ok\n", b"ok \n", "[a-z ]", PE),  # white space is formatting whatever the class
]


@pytest.mark.parametrize(("answer", "output", "meaningful", "expected"), CASES)
def test_each_output_gets_mooshaks_classification(
    answer: bytes, output: bytes, meaningful: str | None, expected: str
) -> None:
    assert check(output, answer, meaningful=meaningful).classification is expected


def test_accepted_has_no_message() -> None:
    assert check(b"1\n", b"1\n").message == ""


def test_presentation_message_points_at_first_difference_with_visible_space() -> None:
    message = check(b"1 2\n3  4\r\n", b"1 2\n3 4\n").message
    assert "line 2, column 3" in message
    assert "answer: 3·4↵" in message
    assert "output: 3··4␍↵" in message


def test_wrong_answer_message_names_the_first_different_token_in_each_file() -> None:
    answer = b"1 2\n3 4\n5 6\n"
    output = b"1  2\n3 4\n5 7\n"  # a formatting difference first, then the real one
    message = check(output, answer).message
    assert message.startswith("Wrong Answer")
    assert "line 3, column 3 of the output" in message
    assert "line 3, column 3 of the answer" in message
    assert "answer: 5·6↵" in message
    assert "output: 5·7↵" in message


def test_wrong_answer_when_output_stops_early_shows_end_of_file() -> None:
    message = check(b"1\n", b"1\n2\n").message
    assert "line 2, column 1 of the output (line 2, column 1 of the answer)" in message
    assert "output: (end of file)" in message
    assert "answer: 2↵" in message


def test_wrong_answer_message_with_meaningful_characters_skips_formatting() -> None:
    message = check(b"12 34\n", b"Result: 12 and 35\n", meaningful="[0-9]").message
    assert "line 1, column 5 of the output" in message
    assert "line 1, column 17 of the answer" in message
    assert "characters outside [0-9]" in message


def test_long_lines_are_cut_around_the_difference() -> None:
    answer = b"x" * 1000 + b"A" + b"x" * 1000 + b"\n"
    output = b"x" * 1000 + b"B" + b"x" * 1000 + b"\n"
    message = check(output, answer).message
    assert "column 1001" in message
    excerpts = [line for line in message.splitlines() if line.startswith("  ")]
    assert len(excerpts) == 2
    assert all(len(line) < 70 for line in excerpts)


def test_wrong_answer_when_a_token_is_cut_short_points_at_its_end() -> None:
    message = check(b"12 5\n", b"123 5\n").message
    assert "line 1, column 3 of the output (line 1, column 3 of the answer)" in message


def test_extra_output_is_shown() -> None:
    message = check(b"1\n2\n", b"1\n").message
    assert "line 2, column 1 of the output (line 2, column 1 of the answer)" in message
    assert "output: 2↵" in message
    assert "answer: (end of file)" in message


def test_binary_output_is_compared_and_shown_byte_for_byte() -> None:
    result = check(b"\xff\xfe 1\n", b"\xff\xfe 1\n")
    assert result.classification is AC
    result = check(b"\xff\xfd 1\n", b"\xff\xfe 1\n")
    assert result.classification is WA
    assert "\\xfd" in result.message


@pytest.mark.parametrize("bad", ["0-9", "[0-9]|x", "[0-9", "[]", "[^]", "[0-9][a-z]", "[z-a]"])
def test_malformed_meaningful_class_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        Normaliser.for_class(bad)


def test_factory_turns_bad_meaningful_class_into_validator_error(tmp_path: Path) -> None:
    validation = OutputValidation(kind="mooshak", meaningful="[0-9")
    with pytest.raises(ValidatorError):
        checker_for(validation, sandbox=None, languages=(), workdir=tmp_path)


def test_checker_reads_files(tmp_path: Path) -> None:
    (tmp_path / "in").write_bytes(b"")
    (tmp_path / "ans").write_bytes(b"Answer: 42\n")
    (tmp_path / "out").write_bytes(b"42\n")
    checker = checker_for(
        OutputValidation(kind="mooshak", meaningful="[0-9]"),
        sandbox=None,
        languages=(),
        workdir=tmp_path,
    )
    assert isinstance(checker, MooshakChecker)
    result = checker.check(input=tmp_path / "in", answer=tmp_path / "ans", output=tmp_path / "out")
    checker.close()
    assert result.classification is PE
