"""The printout's PDF: a real PDF, the header on every page (team, location, time, file name),
the text in it with its line numbers, long files over several pages, odd characters survived."""

from __future__ import annotations

import io

import pypdf

from judge import printing

HEADER = printing.Header(
    team="Team Ärger", location="Room 2, desk 14", time="2026-12-02 14:33", file_name="sol.py"
)


def _pages(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def _words(text: str) -> str:
    """Text extraction splits a line at each colour change: compare without the breaks."""
    return "".join(text.split())


def test_it_is_a_pdf_with_the_header_and_the_text() -> None:
    pdf = printing.render(HEADER, "def answer():\n    return 42\n", "Python")
    assert pdf.startswith(b"%PDF-")
    (page,) = _pages(pdf)
    for wanted in ("Team Ärger", "Room 2, desk 14", "2026-12-02 14:33", "sol.py", "page 1/1"):
        assert wanted in page
    assert "defanswer():" in _words(page) and "return42" in _words(page)


def test_a_long_file_gets_the_header_on_every_page_and_keeps_its_line_numbers() -> None:
    text = "".join(f"line{n}\n" for n in range(1, 201))
    pages = _pages(printing.render(HEADER, text, ""))
    assert len(pages) > 2
    for index, page in enumerate(pages, start=1):
        assert "Team Ärger" in page and f"page {index}/{len(pages)}" in page
    assert "200line200" in _words(pages[-1])


def test_leading_blank_lines_count_and_long_lines_wrap() -> None:
    pdf = printing.render(HEADER, "\n\nx = 1\n" + "y" * 250 + "\n", "Python")
    words = _words(_pages(pdf)[0])
    assert "3x=1" in words  # the third line, as in the file
    body = words.split("3x=1", 1)[1]
    assert "»" in body and body.count("y") == 250


def test_characters_outside_latin1_do_not_break_it() -> None:
    pdf = printing.render(HEADER, "s = '日本'  # ✓\n", "Python")
    assert "s='??'#?" in _words(_pages(pdf)[0])


def test_highlighting_colours_keywords() -> None:
    plain = printing.lines("def f(): pass\n", "")
    coloured = printing.lines("def f(): pass\n", "Python")
    assert {colour.hexval() for _, colour, _ in plain[0]} == {"0x000000"}
    assert len({colour.hexval() for _, colour, _ in coloured[0]}) > 1


def test_the_language_is_guessed_from_the_file_name() -> None:
    assert printing.guess_language("Main.java") == "Java"
    assert printing.guess_language("a.cpp") == "C++"
    assert printing.guess_language("README") == ""
