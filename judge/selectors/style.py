"""Who sees which style report: the jury every judgement's; a team the report in force of its
own submission, when the feedback level shows the verdict's report (judge/selectors/
visibility.py: with the compiler's output, at every level but "nothing", once the verdict
itself is shown)."""

from __future__ import annotations

from judge.models import Judgement, StyleCheck, Submission
from judge.selectors.visibility import team_view


def jury_style(judgement: Judgement | None) -> StyleCheck | None:
    if judgement is None:
        return None
    return StyleCheck.objects.filter(judgement=judgement).first()


def team_style(submission: Submission) -> StyleCheck | None:
    if submission.current_judgement_id is None or not team_view(submission).show_report:
        return None
    return StyleCheck.objects.filter(judgement_id=submission.current_judgement_id).first()
