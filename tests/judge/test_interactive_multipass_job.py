"""An interactive multi-pass package in the web app (docs/kinds.md): it imports (types, pass
limit, sample interaction kept), a team's program goes through the submit service and the real
judging job in the real sandbox, and the stored report has every pass with its transcript."""

from __future__ import annotations

from pathlib import Path

import pytest

from accounts.models import User
from contest.models import Contest, Language
from contest.services.problem_import import import_package
from judge.jobs.judging import judge_judgement
from judge.services.submit import submit

pytestmark = [pytest.mark.django_db, pytest.mark.sandbox]

PACKAGE = Path(__file__).resolve().parents[1] / "judging" / "graders" / "interactive_multipass"


def test_an_interactive_multi_pass_problem_is_judged_pass_by_pass(
    contest: Contest, team_user: User, languages: dict[str, Language]
) -> None:
    problem = import_package(contest, "C", PACKAGE, time_limit_s=2.0)
    assert {"interactive", "multi-pass"} <= set(problem.types)
    assert problem.validation_passes == 3
    assert [name for name, _ in problem.interactions] == ["sample/1"]
    submission = submit(
        user=team_user,
        contest=contest,
        problem=problem,
        filename="increment.py",
        source=b"print(int(input()) + 1, flush=True)\n",
    )
    judgement = submission.judgements.get()
    judge_judgement(judgement.pk)
    judgement.refresh_from_db()
    assert judgement.classification == "Accepted", judgement.reason_text
    sample = judgement.report["tests"][0]
    assert [p["input_preview"] for p in sample["passes"]] == ["1\n", "20\n", "210\n"]
    assert sample["transcript"] == "<1\n>2\n---\n<20\n>21\n---\n<210\n>211"
