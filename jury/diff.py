"""Expected vs obtained output for judges: white space made visible, the first difference marked.

Lines are paired by position, not aligned by a diff algorithm: judging compares outputs
position by position, and a Presentation Error is usually one extra space or a missing final
newline, which positional pairing shows exactly where it is.
"""

from __future__ import annotations

from dataclasses import dataclass

VISIBLE = {" ": "·", "\t": "→", "\r": "␍", "\n": "↵"}
MAX_ROWS = 400


def visible(text: str) -> str:
    """Spaces as ·, tabs as →, carriage returns as ␍, newlines as ↵."""
    return "".join(VISIBLE.get(char, char) for char in text)


def lines(text: str) -> list[str]:
    """Lines with their newline kept, so a missing final newline is a visible difference
    (split on \n only: a \r stays in its line, shown as ␍)."""
    parts = text.split("\n")
    kept = [part + "\n" for part in parts[:-1]]
    return [*kept, parts[-1]] if parts[-1] else kept


@dataclass(frozen=True)
class Position:
    offset: int  # characters from the start
    line: int  # 1-based
    column: int  # 1-based


def first_difference(expected: str, obtained: str) -> Position | None:
    if expected == obtained:
        return None
    offset = next(
        (i for i, (a, b) in enumerate(zip(expected, obtained, strict=False)) if a != b),
        min(len(expected), len(obtained)),
    )
    line = expected.count("\n", 0, offset) + 1
    column = offset - (expected.rfind("\n", 0, offset) + 1) + 1
    return Position(offset=offset, line=line, column=column)


@dataclass(frozen=True)
class Side:
    """One side of a row: the visible text before the first difference, and from it on."""

    same: str
    different: str
    missing: bool = False  # the other side has this line, this side has none


@dataclass(frozen=True)
class Row:
    number: int
    expected: Side
    obtained: Side

    @property
    def equal(self) -> bool:
        return not (self.expected.different or self.obtained.different)


def side_by_side(expected: str, obtained: str, max_rows: int = MAX_ROWS) -> list[Row]:
    """Rows of paired lines (at most max_rows), each split where the two first differ."""
    left, right = lines(expected), lines(obtained)
    rows = []
    for index in range(min(max(len(left), len(right)), max_rows)):
        a = left[index] if index < len(left) else None
        b = right[index] if index < len(right) else None
        rows.append(Row(index + 1, *_split_pair(a, b)))
    return rows


def _split_pair(a: str | None, b: str | None) -> tuple[Side, Side]:
    if a is None or b is None:
        present = visible(a if a is not None else b or "")
        filled, empty = Side("", present), Side("", "", missing=True)
        return (filled, empty) if a is not None else (empty, filled)
    cut = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
    if cut is None:
        cut = min(len(a), len(b))
    return Side(visible(a[:cut]), visible(a[cut:])), Side(visible(b[:cut]), visible(b[cut:]))


def first_different_row(rows: list[Row]) -> int | None:
    return next((row.number for row in rows if not row.equal), None)
