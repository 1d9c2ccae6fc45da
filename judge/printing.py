"""A printout as a PDF: the team's file, highlighted by Pygments, under a header on every page
(team, location, time, file name) so that runners know whose desk it goes to.

No Django here: the service gives the text and the header. The PDF uses the standard Courier
fonts, which every PDF reader has and which need no font file; they cover Latin-1 only, so other
characters print as "?" (the file name and the text alike). Tabs become 4 spaces and long lines
wrap, each continuation marked with "»".
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

from pygments.lexer import Lexer
from pygments.lexers import TextLexer, find_lexer_class, get_lexer_for_filename
from pygments.styles import get_style_by_name
from pygments.token import _TokenType
from pygments.util import ClassNotFound
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

FONT_SIZE = 9
LINE = FONT_SIZE * 1.25
MARGIN = 40
HEADER = 36  # the band at the top of each page
CHAR_WIDTH = FONT_SIZE * 0.6  # Courier is 600/1000 em wide
STYLE = "default"

Run = tuple[str, Color, bool]  # text, colour, bold
BLACK, GREY = HexColor("#000000"), HexColor("#888888")


@dataclass(frozen=True, slots=True)
class Header:
    team: str
    location: str
    time: str
    file_name: str


def guess_language(file_name: str) -> str:
    """Pygments' name of the lexer for this file name ("" when it knows none: plain text)."""
    try:
        return str(get_lexer_for_filename(file_name).name)
    except ClassNotFound:
        return ""


def _lexer(language: str) -> Lexer:
    # Pygments drops leading and trailing blank lines by default: a printout keeps them, so
    # its line numbers are the file's.
    found = find_lexer_class(language) if language else None
    lexer: Lexer = (found or TextLexer)(stripnl=False)
    return lexer


def _latin1(text: str) -> str:
    return text.encode("latin-1", "replace").decode("latin-1")


def _colours() -> dict[_TokenType, tuple[Color, bool]]:
    # Colour objects made once: reportlab parses a colour string at every use, which was most
    # of the time of a long file.
    style = get_style_by_name(STYLE)
    return {
        token: (HexColor("#" + (spec["color"] or "000000")), bool(spec["bold"]))
        for token, spec in style
    }


def lines(text: str, language: str) -> list[list[Run]]:
    """The text as lines of coloured runs."""
    colours = _colours()
    out: list[list[Run]] = [[]]
    for token, value in _lexer(language).get_tokens(text.expandtabs(4)):
        colour, bold = colours.get(token, (BLACK, False))
        for i, piece in enumerate(value.split("\n")):
            if i:
                out.append([])
            if piece:
                out[-1].append((_latin1(piece), colour, bold))
    if out and not out[-1]:
        out.pop()  # the file's final newline
    return out or [[]]


def _wrapped(line: list[Run], width: int) -> Iterator[list[Run]]:
    """A line cut into pieces of at most `width` characters."""
    piece: list[Run] = []
    used = 0
    for text, colour, bold in line:
        while text:
            room = width - used
            if room == 0:
                yield piece
                piece, used = [("»", GREY, False)], 1
                continue
            piece.append((text[:room], colour, bold))
            used += len(text[:room])
            text = text[room:]
    yield piece


def render(header: Header, text: str, language: str) -> bytes:
    """The PDF's bytes."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=True)
    canvas.setTitle(_latin1(header.file_name))
    width, height = A4
    columns = int((width - 2 * MARGIN) / CHAR_WIDTH)
    per_page = int((height - 2 * MARGIN - HEADER) / LINE)
    rows = [
        (number, piece)
        for number, line in enumerate(lines(text, language), start=1)
        for piece in _wrapped(line, columns - 6)
    ]
    pages = [rows[i : i + per_page] for i in range(0, len(rows), per_page)] or [[]]
    for index, page in enumerate(pages, start=1):
        _header(canvas, header, index, len(pages))
        y = height - MARGIN - HEADER
        last = 0
        for number, piece in page:
            _line(canvas, y, "" if number == last else str(number), piece)
            last = number
            y -= LINE
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _header(canvas: Canvas, header: Header, page: int, pages: int) -> None:
    width, height = A4
    top = height - MARGIN
    canvas.setFillColor("#000000")
    canvas.setFont("Courier-Bold", 11)
    location = f" @ {header.location}" if header.location else ""
    canvas.drawString(MARGIN, top - 11, _latin1(f"{header.team}{location}"))
    canvas.setFont("Courier", FONT_SIZE)
    canvas.drawString(MARGIN, top - 24, _latin1(f"{header.file_name}  ·  {header.time}"))
    canvas.drawRightString(width - MARGIN, top - 24, f"page {page}/{pages}")
    canvas.line(MARGIN, top - 30, width - MARGIN, top - 30)


def _line(canvas: Canvas, y: float, number: str, runs: list[Run]) -> None:
    """One line as one text object, changing colour and font only where they change."""
    text = canvas.beginText(MARGIN, y)
    text.setFont("Courier", FONT_SIZE)
    text.setFillColor(GREY)
    text.textOut(number.rjust(5) + " ")
    colour: Color = GREY
    font = "Courier"
    for piece, wanted, bold in runs:
        if wanted != colour:
            text.setFillColor(wanted)
            colour = wanted
        if ("Courier-Bold" if bold else "Courier") != font:
            font = "Courier-Bold" if bold else "Courier"
            text.setFont(font, FONT_SIZE)
        text.textOut(piece)
    canvas.drawText(text)
