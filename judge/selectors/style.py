"""Who sees which style report: the jury every judgement's; a team the report in force of its
own submission, when the feedback level shows the verdict's report (judge/selectors/
visibility.py: with the compiler's output, at every level but "nothing", once the verdict
itself is shown). The pages and the API (a judgement's `x_style`) ask here."""

from __future__ import annotations

from collections.abc import Iterable

from judge.models import Judgement, StyleCheck, Submission
from judge.selectors.visibility import team_view


def jury_style(judgement: Judgement | None) -> StyleCheck | None:
    if judgement is None:
        return None
    return StyleCheck.objects.filter(judgement=judgement).first()


def team_may_see(submission: Submission, judgement_id: int) -> bool:
    """Whether the submission's team sees the style report of that judgement of it."""
    current = submission.current_judgement_id
    return current is not None and judgement_id == current and team_view(submission).show_report


def team_style(submission: Submission) -> StyleCheck | None:
    current = submission.current_judgement_id
    if current is None or not team_may_see(submission, current):
        return None
    return StyleCheck.objects.filter(judgement_id=current).first()


def styles_of(judgement_ids: Iterable[int]) -> dict[int, StyleCheck]:
    """The stored reports of those judgements, by judgement id (one query for a listing)."""
    found = StyleCheck.objects.filter(judgement_id__in=list(judgement_ids))
    return {check.judgement_id: check for check in found}
