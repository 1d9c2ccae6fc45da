"""Showing judges where two outputs differ: line/column and a short, white-space-visible excerpt.

Texts here are outputs decoded with "surrogateescape", so every byte survives and positions
are in characters; excerpts are made printable before they reach a judge.
"""

from __future__ import annotations

from collections.abc import Sequence

# Visible stand-ins for white space, so "1 2" and "1  2" or "\r\n" look different on screen.
_VISIBLE = {" ": "·", "\t": "→", "\r": "␍", "\n": "↵", "\x0b": "␋", "\x0c": "␌"}
_CONTEXT = 24  # characters shown on each side of the difference
_CHUNK = 1 << 16


def common_prefix_length(a: Sequence[object], b: Sequence[object]) -> int:
    """Length of the common prefix of two str/bytes values, comparing big chunks at C speed."""
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i : i + _CHUNK] == b[i : i + _CHUNK]:
        i += _CHUNK
    stop = min(i + _CHUNK, n)
    while i < stop and a[i] == b[i]:
        i += 1
    return i


def line_and_column(text: str, pos: int) -> tuple[int, int]:
    """1-based line and column (in characters) of position `pos`."""
    line_start = text.rfind("\n", 0, pos) + 1
    return text.count("\n", 0, pos) + 1, pos - line_start + 1


def visible(fragment: str) -> str:
    out = []
    for ch in fragment:
        if ch in _VISIBLE:
            out.append(_VISIBLE[ch])
        elif "\udc80" <= ch <= "\udcff":  # a byte that was not UTF-8
            out.append(f"\\x{ord(ch) - 0xDC00:02x}")
        elif not ch.isprintable():
            out.append(f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out)


def excerpt(text: str, pos: int) -> str:
    """The part of the line around `pos` (its newline included), white space made visible."""
    if pos >= len(text) and (not text or text.endswith("\n")):
        return "(end of file)"
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    line_end = len(text) if line_end < 0 else line_end + 1
    start = max(line_start, pos - _CONTEXT)
    end = min(line_end, pos + _CONTEXT)
    shown = visible(text[start:end])
    if pos >= len(text):
        shown += "(end of file)"
    return ("…" if start > line_start else "") + shown + ("…" if end < line_end else "")


def describe(where: str, text: str, pos: int) -> str:
    line, column = line_and_column(text, pos)
    return f"line {line}, column {column} of the {where}"
