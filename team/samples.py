"""A problem's samples as its statement shows them: the sample tests' input and answer, or,
for interactive and multi-pass problems, their sample interactions (data/sample/*.interaction:
`<` lines from the judge, `>` lines from the program, `---` between passes)."""

from __future__ import annotations

from dataclasses import dataclass

from contest.models import Problem

MAX_SHOWN_BYTES = 4096  # a longer sample is for download, not for the page


@dataclass(frozen=True)
class Line:
    side: str  # "judge" or "program"; "pass" for the separator of two passes
    text: str


def test_samples(problem: Problem) -> list[dict[str, str]]:
    """Sample tests are part of the statement; secret tests never leave the jury."""
    return [
        {
            "name": t.name,
            "input": t.input.read().decode("utf-8", errors="replace"),
            "answer": t.answer.read().decode("utf-8", errors="replace"),
        }
        for t in problem.tests.filter(sample=True).select_related("input", "answer")
        if t.input.size <= MAX_SHOWN_BYTES and t.answer.size <= MAX_SHOWN_BYTES
    ]


def interactions(problem: Problem) -> list[tuple[str, list[Line]]]:
    """(name, its lines) of each sample interaction, in the package's order."""
    return [(str(name), lines(str(text))) for name, text in problem.interactions]


def lines(text: str) -> list[Line]:
    found = []
    for raw in text.splitlines():
        if raw.strip() == "---":
            found.append(Line("pass", ""))
        elif raw.startswith("<"):
            found.append(Line("judge", raw[1:]))
        elif raw.startswith(">"):
            found.append(Line("program", raw[1:]))
    return found
