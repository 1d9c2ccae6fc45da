"""Who sees what through the API. Team data rules come from accounts.permissions; this module
adds only the contest-time embargo.

- Problems are hidden from everyone but the jury until the contest starts.
- A team (and the jury) always sees its own submissions, code and judgements.
- Everyone else sees submissions and judgements only once the contest is over and the
  scoreboard is not frozen (results published), and never another team's code.
- Outside the jury a verdict shows exactly when the team's own pages show it
  (judge.selectors.visibility.team_view: feedback setting, pending verdicts).
"""

from __future__ import annotations

from datetime import datetime

from accounts.models import User
from accounts.permissions import can_see_team_data
from contest.models import Contest
from contest.models.contest import Phase
from judge.models import Submission
from judge.selectors.visibility import team_view


def is_jury(user: User | None) -> bool:
    return user is not None and user.is_jury_reader


def problems_visible(user: User | None, contest: Contest, now: datetime) -> bool:
    return is_jury(user) or now >= contest.start


def results_public(contest: Contest, now: datetime) -> bool:
    return contest.phase(now) == Phase.OVER and not contest.is_frozen(now)


def code_visible(user: User | None, team_id: int) -> bool:
    return can_see_team_data(user, team_id)


def verdict_visible(user: User | None, submission: Submission) -> bool:
    """Outside the jury, exactly what the team itself is shown (one rule for web and API)."""
    return is_jury(user) or bool(team_view(submission).classification)
