"""Math in Markdown statements reaches the page as written, in a span of its own, for KaTeX:
Markdown's escapes and emphasis never touch it, code is never taken for math, and an escaped
dollar is a dollar."""

from __future__ import annotations

import markdown as md
import pytest

from config.markdown_math import render
from config.templatetags.juiz import markdown as markdown_filter


def _html(text: str) -> str:
    return render(text, lambda t: md.markdown(t, extensions=["fenced_code", "tables"]))


def test_inline_dollars_keep_backslashes_and_underscores() -> None:
    html = _html(r"Given $0 < a, b \le 10^6$ and $a_1, a_2$, print *one* line.")
    assert r'<span class="math">$0 &lt; a, b \le 10^6$</span>' in html
    assert '<span class="math">$a_1, a_2$</span>' in html
    assert "<em>one</em>" in html  # the rest is still Markdown


def test_parenthesis_and_bracket_delimiters_survive_markdowns_escapes() -> None:
    html = _html(r"Inline \(x_1 \cdot x_2\) and \[ \frac{a}{b} \] too.")
    assert r'<span class="math">\(x_1 \cdot x_2\)</span>' in html
    assert r'<span class="math math-display">\[ \frac{a}{b} \]</span>' in html


def test_double_dollars_are_display_math_across_lines() -> None:
    html = _html("Sum:\n\n$$\n\\sum_{i=1}^{n} a_i \\\\ b\n$$\n")
    assert '<span class="math math-display">$$\n\\sum_{i=1}^{n} a_i \\\\ b\n$$</span>' in html


def test_math_inside_a_table_cell_is_kept_whole() -> None:
    html = _html("| n | bound |\n|---|---|\n| 1 | $|x| \\le 5$ |\n")
    assert "<table>" in html
    assert '<td><span class="math">$|x| \\le 5$</span></td>' in html


@pytest.mark.parametrize(
    "text",
    ["```sh\necho $HOME $PATH\n```\n", "Run `echo $a$` here."],
)
def test_dollars_in_code_are_not_math(text: str) -> None:
    html = _html(text)
    assert 'class="math' not in html
    assert "$" in html


def test_prices_and_escaped_dollars_are_not_math() -> None:
    html = _html(r"It costs \$5 or 10 $ and $ 20.")
    assert 'class="math' not in html
    assert "&#36;5" in html


def test_an_unclosed_dollar_is_text() -> None:
    assert 'class="math' not in _html("Just one $x here.\n\nAnd $ another.")


def test_the_template_filter_passes_math_through() -> None:
    assert '<span class="math">$a_i$</span>' in markdown_filter("Read $a_i$.")
