"""A problem's samples as its statement shows them: the sample tests' input and answer, or,
for interactive and multi-pass problems, their sample interactions (data/sample/*.interaction:
`<` lines from the judge, `>` lines from the program, `---` between passes). A submit-answer
problem lists every test instead: its input to download, and the name of its answer file."""

from __future__ import annotations

from dataclasses import dataclass

from contest.models import Problem
from judging.graders.answers import answer_names

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


@dataclass(frozen=True)
class AnswerSlot:
    """One test of a submit-answer problem as its statement lists it: the input to download
    and the name the team's answer file must have."""

    index: int  # the test's order, for the download's URL
    name: str
    answer_file: str


def answer_slots(problem: Problem) -> list[AnswerSlot]:
    """Every test of a submit-answer problem: its input is the team's to solve offline (the
    format gives them all), its answer file named by its base name when no other test has
    it, else by its whole name (which only a zip of folders can carry)."""
    if not problem.is_submit_answer:
        return []
    tests = list(problem.tests.order_by("order").values_list("order", "name"))
    names = answer_names([name for _, name in tests])
    shortest = {test: alias for alias, test in sorted(names.items(), key=lambda i: -len(i[0]))}
    return [AnswerSlot(order, name, f"{shortest[name]}.out") for order, name in tests]
