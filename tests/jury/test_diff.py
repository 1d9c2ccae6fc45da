"""The expected/obtained diff judges read: no database."""

from __future__ import annotations

from jury import diff


def test_white_space_is_made_visible() -> None:
    assert diff.visible("a b\tc\r\n") == "a·b→c␍↵"


def test_lines_keep_their_newline_so_a_missing_final_newline_shows() -> None:
    assert diff.lines("1\n2\n") == ["1\n", "2\n"]
    assert diff.lines("1\n2") == ["1\n", "2"]
    assert diff.lines("") == []
    assert diff.lines("a\r\nb") == ["a\r\n", "b"]


def test_first_difference_gives_line_and_column_of_the_expected_output() -> None:
    assert diff.first_difference("1 2\n3\n", "1 2\n3\n") is None
    assert diff.first_difference("1 2\n3\n", "1 2\n4\n") == diff.Position(4, 2, 1)
    assert diff.first_difference("1 2\n3\n", "1 2\n3") == diff.Position(5, 2, 2)
    assert diff.first_difference("12", "123") == diff.Position(2, 1, 3)


def test_a_presentation_error_is_split_where_the_lines_differ() -> None:
    rows = diff.side_by_side("1 2\n3\n", "1  2\n3\n")

    assert rows[0] == diff.Row(1, diff.Side("1·", "2↵"), diff.Side("1·", "·2↵"))
    assert rows[1].equal
    assert diff.first_different_row(rows) == 1


def test_a_line_present_on_one_side_only_is_missing_on_the_other() -> None:
    rows = diff.side_by_side("1\n", "1\n2\n")

    assert rows[1].expected.missing
    assert rows[1].obtained == diff.Side("", "2↵")
    assert diff.first_different_row(rows) == 2


def test_rows_are_capped() -> None:
    rows = diff.side_by_side("x\n" * 1000, "y\n" * 1000, max_rows=10)
    assert [r.number for r in rows] == list(range(1, 11))
