"""A team's own progress per problem, as the team may see it (for the contest home)."""

from __future__ import annotations

from dataclasses import dataclass

from contest.models import Contest, Problem
from judge.models import Submission
from judge.selectors.visibility import team_view


@dataclass(frozen=True)
class ProblemStatus:
    problem: Problem
    submissions: int
    solved: bool


def team_problem_status(contest: Contest, team_id: int | None) -> list[ProblemStatus]:
    problems = list(contest.problems.all())
    mine: list[Submission] = []
    if team_id is not None:
        mine = list(
            Submission.objects.filter(contest=contest, team_id=team_id).select_related("contest")
        )
    rows = []
    for problem in problems:
        own = [s for s in mine if s.problem_id == problem.pk]
        solved = any(team_view(s).classification == "Accepted" for s in own)
        rows.append(ProblemStatus(problem, len(own), solved))
    return rows
