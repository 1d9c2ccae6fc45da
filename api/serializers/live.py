"""Live objects: submissions and judgements."""

from __future__ import annotations

from datetime import datetime

from api.formats import abstime, reltime, seconds
from api.http import JSON
from api.judgement_types import ccs_id
from contest.models import Contest
from judge.models import Judgement, JudgementState, StyleCheck, Submission, TestRun
from judging.classification import Classification
from judging.languages.base import class_name

LIVE_PROPERTIES: dict[str, tuple[str, ...]] = {
    "submissions": (
        "id",
        "language_id",
        "problem_id",
        "team_id",
        "time",
        "contest_time",
        "entry_point",
        "files",
    ),
    "judgements": (
        "id",
        "submission_id",
        "judgement_type_id",
        "current",
        "start_time",
        "start_contest_time",
        "end_time",
        "end_contest_time",
        "max_run_time",
        "x_mooshak",
        "x_style",
    ),
    "runs": (
        "id",
        "judgement_id",
        "ordinal",
        "judgement_type_id",
        "time",
        "contest_time",
        "run_time",
        "x_mooshak",
    ),
}


def files_href(contest: Contest, submission_id: int) -> str:
    """Relative to the API's base URL, as the spec allows."""
    return f"contests/{contest.short_name}/submissions/{submission_id}/files"


def entry_point(submission: Submission) -> str | None:
    """A program of several files: its entry point (if one was chosen or found); a single file:
    Java-like languages run the public class found in the source; others need none."""
    if submission.entrypoint:
        return submission.entrypoint
    if "{class}" not in submission.language.source_name or not submission.source:
        return None
    return class_name(bytes(submission.source))


def submission_json(submission: Submission, contest: Contest, *, show_code: bool) -> JSON:
    files = [
        {
            "href": files_href(contest, submission.pk),
            "filename": "files.zip",
            "mime": "application/zip",
        }
    ]
    return {
        "id": str(submission.pk),
        "language_id": submission.language_id,
        "problem_id": str(submission.problem_id),
        "team_id": str(submission.team_id),
        "time": abstime(submission.submitted_at),
        "contest_time": reltime(submission.submitted_at - contest.start),
        "entry_point": entry_point(submission),
        # Viewers who may not read the code get no file reference rather than a dead link.
        "files": files if show_code else [],
    }


def judgement_verdict(
    judgement: Judgement, submission: Submission, *, current: bool
) -> Classification | None:
    """The verdict of a finished judgement; the current one carries the submission's verdict
    in force, which a judge may have changed after the automatic judgement."""
    if judgement.state != JudgementState.DONE:
        return None
    code = (submission.classification if current else "") or judgement.classification
    return Classification(code) if code else None


def _when(moment: datetime, contest: Contest) -> tuple[str, str]:
    return abstime(moment), reltime(moment - contest.start)


def judgement_json(
    judgement: Judgement,
    contest: Contest,
    *,
    verdict: Classification | None,
    current: bool,
    max_run_ms: int | None,
    score: float | None = None,
    style: StyleCheck | None = None,
) -> JSON:
    """`score` only in a contest whose scoreboard_type is "score"; `style` the style report
    the viewer may see (judge/selectors/style.py), else `x_style` is null."""
    # A queued judgement has not started: its creation is the closest truthful start.
    start, start_rel = _when(judgement.started_at or judgement.created_at, contest)
    end = end_rel = None
    if verdict is not None:
        finished = judgement.finished_at or judgement.started_at or judgement.created_at
        end, end_rel = _when(finished, contest)
    found: JSON = {
        "id": str(judgement.pk),
        "submission_id": str(judgement.submission_id),
        "judgement_type_id": ccs_id(verdict) if verdict else None,
        "current": current,
        "start_time": start,
        "start_contest_time": start_rel,
        "end_time": end,
        "end_contest_time": end_rel,
        "max_run_time": seconds(max_run_ms) if max_run_ms is not None else None,
        "x_mooshak": verdict.value if verdict else None,
        "x_style": style_json(style) if style is not None else None,
    }
    if score is not None:
        found["score"] = score
    return found


def style_json(check: StyleCheck) -> JSON:
    """A judgement's style report (docs/judging.md, "Style reports"): never part of the verdict.
    `total` counts every issue found, `issues` keeps the first ones (judging.style's cap)."""
    return {
        "tool": check.tool,
        "rule_set": check.rule_set,
        "available": check.available,
        "reason": check.reason,
        "total": check.total,
        "issues": [
            {key: issue.get(key) for key in STYLE_ISSUE_PROPERTIES} for issue in check.issues
        ],
    }


STYLE_ISSUE_PROPERTIES = ("file", "line", "column", "rule", "message", "severity")


def run_json(run: TestRun, judgement: Judgement, contest: Contest) -> JSON:
    """Juiz stores a judgement's runs together with its report, so each run's `time` (when
    it completed) is the judgement's end; `run_time` is the test's CPU time, as
    `max_run_time` is; `ordinal` the test's position in the judgement's report."""
    classification = Classification(run.classification)
    finished = judgement.finished_at or judgement.started_at or judgement.created_at
    time, contest_time = _when(finished, contest)
    return {
        "id": str(run.pk),
        "judgement_id": str(judgement.pk),
        "ordinal": run.order,
        "judgement_type_id": ccs_id(classification),
        "time": time,
        "contest_time": contest_time,
        "run_time": seconds(run.cpu_ms),
        "x_mooshak": classification.value,
    }
