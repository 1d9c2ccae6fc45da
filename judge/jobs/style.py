"""The style report of a judgement, made by the judging job beside the engine's verdict.

Only when the problem (or its contest) asks for one. It runs in the worker's sandbox after the
judging, and whatever happens in it, the judging goes on: an error here is a report saying
the style is unavailable, logged, never a failed judgement.
"""

from __future__ import annotations

import logging

from contest.engine import style_kit, worker_sandbox
from contest.style import style_rule_set
from judge.models import Submission
from judging.style import StyleFile, StyleReport, check_style
from judging.style.report import unavailable

logger = logging.getLogger(__name__)


def style_of(submission: Submission) -> StyleReport | None:
    """The submission's style report, or None when its problem asks for none."""
    rule_set = style_rule_set(submission.problem)
    if rule_set is None:
        return None
    try:
        files = [StyleFile(name, data) for name, data in submission.program_files()]
        return check_style(worker_sandbox(), files, submission.language_id, rule_set, style_kit())
    except Exception as error:  # the verdict must not depend on the style tool
        logger.exception("submission %s: style report failed", submission.pk)
        return unavailable("", rule_set, f"{type(error).__name__}: {error}")
