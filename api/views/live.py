"""Live endpoints: submissions (read and POST), their files, judgements and runs."""

from __future__ import annotations

import io
import zipfile
from datetime import datetime

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.models import User
from api import selectors, visibility
from api.filters import filtered, int_id
from api.http import JSON, endpoint, get_contest, not_found
from api.runs import runs
from api.serializers.live import judgement_json, judgement_verdict, run_json, submission_json
from api.submit import post_submission
from contest.models import Contest
from judge.models import StyleCheck, Submission
from judge.selectors import style as styles


def _submission_json(user: User | None, contest: Contest, sub: Submission) -> JSON:
    return submission_json(sub, contest, show_code=visibility.code_visible(user, sub.team_id))


@endpoint("GET", "POST")
def submissions(request: HttpRequest, user: User | None, cid: str) -> HttpResponse | list[JSON]:
    contest = get_contest(cid)
    if request.method == "POST":
        return post_submission(request, user, contest)
    rows = selectors.submissions(user, contest, timezone.now())
    return filtered((_submission_json(user, contest, s) for s in rows), request.GET)


def _visible_submission(user: User | None, contest: Contest, sid: str) -> Submission:
    rows = selectors.submissions(user, contest, timezone.now())
    found = rows.filter(pk=int_id(sid, "submission")).first()
    if found is None:
        raise not_found(f"submission {sid!r}")
    return found


@endpoint()
def submission(request: HttpRequest, user: User | None, cid: str, sid: str) -> JSON:
    contest = get_contest(cid)
    return _submission_json(user, contest, _visible_submission(user, contest, sid))


@endpoint()
def submission_files(request: HttpRequest, user: User | None, cid: str, sid: str) -> HttpResponse:
    """The submitted files in a zip, as the spec's `files` reference promises."""
    contest = get_contest(cid)
    sub = _visible_submission(user, contest, sid)
    if not visibility.code_visible(user, sub.team_id):
        raise not_found(f"files of submission {sid!r}")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, source in sub.program_files():
            archive.writestr(name, source)
    response = HttpResponse(buffer.getvalue(), content_type="application/zip")
    response["Content-Disposition"] = 'attachment; filename="files.zip"'
    return response


def _judgements(
    user: User | None,
    contest: Contest,
    now: datetime,
    only: int | None = None,
    submission: int | None = None,
) -> list[JSON]:
    subs = selectors.submissions(user, contest, now)
    if submission is not None:
        subs = subs.filter(pk=submission)
    scored = bool(contest.score_board)  # scoreboard_type "score": judgements carry points
    rows = selectors.judgements(user, contest, now, subs, only=only)
    found_styles = styles.styles_of(row.judgement.pk for row in rows)
    result = []
    for row in rows:
        shown = visibility.verdict_visible(user, row.submission)
        verdict = judgement_verdict(row.judgement, row.submission, current=row.current)
        result.append(
            judgement_json(
                row.judgement,
                contest,
                verdict=verdict if shown else None,
                current=row.current,
                # Run times of a hidden verdict would hint at it (a time limit exceeded).
                max_run_ms=row.max_run_ms if shown else None,
                # Always present in a score contest (the access endpoint lists it): 0 until
                # the verdict is there and visible, like judgement_type_id's null.
                score=((row.judgement.score or 0.0) if shown and verdict else 0.0)
                if scored
                else None,
                style=_style_seen(user, row, found_styles),
            )
        )
    return result


def _style_seen(
    user: User | None, row: selectors.JudgementRow, found: dict[int, StyleCheck]
) -> StyleCheck | None:
    """The jury sees every judgement's report; a team its own, as its pages show it."""
    check = found.get(row.judgement.pk)
    if check is None or visibility.is_jury(user):
        return check
    own = user is not None and user.team_id == row.submission.team_id
    return check if own and styles.team_may_see(row.submission, row.judgement.pk) else None


@endpoint()
def judgements(request: HttpRequest, user: User | None, cid: str) -> list[JSON]:
    return filtered(_judgements(user, get_contest(cid), timezone.now()), request.GET)


@endpoint()
def judgement(request: HttpRequest, user: User | None, cid: str, jid: str) -> JSON:
    found = _judgements(user, get_contest(cid), timezone.now(), only=int_id(jid, "judgement"))
    if not found:
        raise not_found(f"judgement {jid!r}")
    return found[0]


def _runs(
    user: User | None, contest: Contest, only: int | None = None, submission: int | None = None
) -> list[JSON]:
    found = runs(user, contest, timezone.now(), only, submission)
    return [run_json(r.run, r.judgement, contest) for r in found]


def of_submission(kind: str, user: User | None, contest: Contest, submission: int) -> list[JSON]:
    """What the `kind` endpoint lists of one submission for `user`, as the endpoint itself would
    (the event feed's recorder compares just these after a change of that submission)."""
    if kind == "submissions":
        rows = selectors.submissions(user, contest, timezone.now()).filter(pk=submission)
        return [_submission_json(user, contest, s) for s in rows]
    if kind == "judgements":
        return _judgements(user, contest, timezone.now(), submission=submission)
    if kind == "runs":
        return _runs(user, contest, submission=submission)
    raise ValueError(f"not an endpoint of submissions: {kind}")


@endpoint()
def runs_list(request: HttpRequest, user: User | None, cid: str) -> list[JSON]:
    return filtered(_runs(user, get_contest(cid)), request.GET)


@endpoint()
def run(request: HttpRequest, user: User | None, cid: str, rid: str) -> JSON:
    found = _runs(user, get_contest(cid), only=int_id(rid, "run"))
    if not found:
        raise not_found(f"run {rid!r}")
    return found[0]
