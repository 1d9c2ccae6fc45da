"""Judging's own notifications, turned into live events.

judge.services.results.notify sends `judgement_changed` after the commit of every change of a
judgement (claimed, test progress, done, failed), so judging progress and automatic verdicts
need no call of ours inside the judging code.
"""

from __future__ import annotations

from typing import Any

from live import events


def on_judgement_changed(sender: Any, judgement_id: int, submission_id: int, **kwargs: Any) -> None:
    from judge.models import Judgement, JudgementState

    row = Judgement.objects.filter(pk=judgement_id).values_list("state", "reason").first()
    if row is None:
        return
    state, reason = row
    finished = state in (JudgementState.DONE, JudgementState.FAILED)
    if finished and reason == Judgement.Reason.SUBMISSION:
        # The submission's state and verdict changed: refresh its board cell, tell everyone.
        events.run_safely(events.publish_submission, submission_id, "judged")
    else:
        events.run_safely(events.publish_progress, judgement_id)
    if reason == Judgement.Reason.REJUDGE and state != JudgementState.JUDGING:
        events.run_safely(events.publish_rejudge_of, judgement_id)
