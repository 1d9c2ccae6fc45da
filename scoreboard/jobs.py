"""RQ jobs of the scoreboard: the scheduled unfreeze (queued by
judge.services.contest_admin.schedule_thaw for the contest's unfreeze_at)."""

from __future__ import annotations

from live import events
from scoreboard import freeze


def thaw(contest_id: int) -> bool:
    """Unfreeze the board if its time has come; every board page hears it."""
    if not freeze.thaw_due(contest_id):
        return False
    events.scoreboard_changed(contest_id, None)
    events.contest_changed(contest_id)  # the pages' freeze notices
    return True
