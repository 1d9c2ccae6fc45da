"""Math in Markdown statements: keep LaTeX intact through Markdown, for KaTeX in the browser.

Markdown would eat what TeX needs: `\\(` becomes `(`, `a_1 ... a_2` becomes emphasis, `\\\\` one
backslash. So before Markdown runs, every math span (`$$..$$`, `\\[..\\]`, `\\(..\\)`, `$..$`) is
swapped for an inert placeholder, and afterwards put back HTML-escaped with its delimiters in a
`<span class="math">`; static/math.js runs KaTeX's auto-render on those spans only, so the
browser typesets exactly what was found here (a price "\\$5" stays text). Code (fenced blocks,
`inline code`) is left alone, so a `$` in a shell example is not math. No Django here.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

# One scan, leftmost match first; the alternatives are tried in this order at each position,
# so code wins over math and `$$` over `$`. An inline `$..$` opens before a non-space, closes
# after one, never spans a blank line, and `\$` is a literal dollar.
_TOKENS = re.compile(
    r"""
    (?P<code>^[ ]{0,3}(?P<fence>`{3,}|~{3,})[^\n]*\n.*?^[ ]{0,3}(?P=fence)[ \t]*$
      | (?P<ticks>`+).+?(?P=ticks))
    | (?P<math>\$\$.+?\$\$
      | \\\[.+?\\\]
      | \\\(.+?\\\)
      | (?<![\\$])\$(?=\S)(?:[^$\n\\]|\\.|\n(?![ \t]*\n))+?(?<=\S)(?<!\\)\$(?!\d))
    | (?P<dollar>\\\$)
    """,
    re.VERBOSE | re.DOTALL | re.MULTILINE,
)
_PLACEHOLDER = "JUIZMATH{}X"
_RESTORE = re.compile(r"JUIZMATH(\d+)X")


def render(text: str, markdown: Callable[[str], str]) -> str:
    """Markdown's HTML for text, with its math spans passed through verbatim (escaped)."""
    spans: list[str] = []

    def stash(match: re.Match[str]) -> str:
        if match.group("dollar") is not None:
            return "&#36;"  # an escaped dollar outside math: the dollar itself
        if match.group("math") is None:
            return match.group(0)
        spans.append(match.group("math"))
        return _PLACEHOLDER.format(len(spans) - 1)

    html_out = markdown(_TOKENS.sub(stash, text))
    return _RESTORE.sub(lambda m: _restore(spans, int(m.group(1))), html_out)


def _restore(spans: list[str], index: int) -> str:
    if index >= len(spans):
        return f"JUIZMATH{index}X"  # typed by the author by chance: no span of ours
    span = spans[index]
    kind = "math math-display" if span.startswith(("$$", "\\[")) else "math"
    return f'<span class="{kind}">{html.escape(span, quote=False)}</span>'
