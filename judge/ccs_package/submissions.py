"""submissions.json (with submissions/<id>/files.zip) and judgements.json, for a finished
contest: each submission is stored with its judgements as they were, not judged again.

A judgement's verdict is its `x_mooshak` classification (Juiz's own packages), else the
classification whose code is its `judgement_type_id` (judging.classification.from_code). The
current judgement's verdict is the submission's. `x_state` keeps a Juiz submission's state
(pending: not yet validated by a judge); others are final. A submission without a finished
judgement is queued for judging once the import commits. `x_report_groups` carries a scored
judgement's group results, which the best-groups score board reads.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from accounts.models import Team
from contest.models import Contest, Language, Problem
from judge.ccs_package.errors import Collector
from judge.ccs_package.files import Doc, dump, objects
from judge.ccs_package.times import parse_time, reltime_text, time_text
from judge.models import Judgement, JudgementState, SourceFile, Submission, SubmissionState
from judge.queue import enqueue_judgement
from judging.classification import Classification, from_code
from live import events

MAX_FILES_BYTES = 16 * 1024 * 1024  # one submission's zip
STATES = (SubmissionState.PENDING, SubmissionState.FINAL)
TypeId = Callable[[Classification], str]


@dataclass(slots=True)
class JudgementSpec:
    where: str
    verdict: Classification
    current: bool
    start: datetime | None
    end: datetime | None
    score: float | None
    groups: list[Any]


@dataclass(slots=True)
class SubmissionSpec:
    where: str
    id: str
    team_id: str
    problem_id: str
    language_id: str
    time: datetime
    entry_point: str
    files: list[tuple[str, bytes]]
    state: str
    judgements: list[JudgementSpec] = field(default_factory=list)


def read(
    root: Path, subs: Doc | None, judgements: Doc | None, errors: Collector
) -> list[SubmissionSpec]:
    specs = {}
    for where, obj in objects(subs, errors):
        spec = _submission(root, where, obj, errors)
        if spec is not None:
            specs[spec.id] = spec
    for where, obj in objects(judgements, errors):
        _judgement(specs, where, obj, errors)
    for spec in specs.values():
        if sum(j.current for j in spec.judgements) > 1:
            errors.fail("judgements.json", spec.where, f"submission {spec.id} has two current")
    return list(specs.values())


def _submission(
    root: Path, where: str, obj: dict[str, Any], errors: Collector
) -> SubmissionSpec | None:
    file = "submissions.json"
    ids = {k: obj.get(k) for k in ("id", "team_id", "problem_id", "language_id")}
    for key, value in ids.items():
        if not isinstance(value, str) or not value:
            errors.fail(file, f"{where}.{key}", "is required (a string)")
            return None
    when = errors.parsed(file, f"{where}.time", parse_time, obj.get("time"))
    if when is None:
        return None
    state = obj.get("x_state", SubmissionState.FINAL)
    if state not in STATES:
        errors.fail(file, f"{where}.x_state", f"{state!r}: pending or final")
    entry = obj.get("entry_point")
    files = _files(root, ids["id"] or "", obj, f"{where}.files", errors)
    return SubmissionSpec(
        where=where,
        id=ids["id"] or "",
        team_id=ids["team_id"] or "",
        problem_id=ids["problem_id"] or "",
        language_id=ids["language_id"] or "",
        time=when,
        entry_point=entry if isinstance(entry, str) else "",
        files=files,
        state=str(state),
    )


def _files(
    root: Path, ident: str, obj: dict[str, Any], where: str, errors: Collector
) -> list[tuple[str, bytes]]:
    """The files of submissions/<id>/<filename> (files.zip), without a folder of their own."""
    refs = obj.get("files") or [{"filename": "files.zip"}]
    names = [r.get("filename") for r in refs if isinstance(r, dict)]
    path = root / "submissions" / ident / (names[0] if names and names[0] else "files.zip")
    shown = f"submissions/{ident}/{path.name}"
    if not path.is_file():
        errors.fail("submissions.json", where, f"{shown} is not in the package")
        return []
    if path.stat().st_size > MAX_FILES_BYTES:
        errors.fail(shown, "(file)", f"larger than {MAX_FILES_BYTES // 2**20} MiB")
        return []
    try:
        with zipfile.ZipFile(io.BytesIO(path.read_bytes())) as archive:
            infos = [i for i in archive.infolist() if not i.is_dir()]
            if sum(i.file_size for i in infos) > MAX_FILES_BYTES:
                errors.fail(shown, "(file)", "unpacks to too many bytes")
                return []
            found = [(Path(i.filename).name, archive.read(i)) for i in infos]
    except zipfile.BadZipFile:
        errors.fail(shown, "(file)", "not a zip archive")
        return []
    if not found:
        errors.fail(shown, "(file)", "holds no file")
    return found


def _judgement(
    specs: dict[str, SubmissionSpec], where: str, obj: dict[str, Any], errors: Collector
) -> None:
    file = "judgements.json"
    sub = specs.get(str(obj.get("submission_id")))
    if sub is None:
        errors.fail(file, f"{where}.submission_id", f"no submission {obj.get('submission_id')!r}")
        return
    if obj.get("judgement_type_id") is None:
        return  # not finished: the submission is judged again
    verdict = _verdict(obj, file, where, errors)
    times = [
        errors.parsed(file, f"{where}.{key}", parse_time, obj[key]) if obj.get(key) else None
        for key in ("start_time", "end_time")
    ]
    score = obj.get("score")
    groups = obj.get("x_report_groups")
    if verdict is not None:
        sub.judgements.append(
            JudgementSpec(
                where=where,
                verdict=verdict,
                current=obj.get("current", True) is not False,
                start=times[0],
                end=times[1],
                score=float(score) if isinstance(score, (int, float)) else None,
                groups=groups if isinstance(groups, list) else [],
            )
        )


def _verdict(
    obj: dict[str, Any], file: str, where: str, errors: Collector
) -> Classification | None:
    mooshak = obj.get("x_mooshak")
    if isinstance(mooshak, str) and mooshak in Classification.__members__.values():
        return Classification(mooshak)
    code = obj.get("judgement_type_id")
    try:
        return from_code(str(code))
    except ValueError:
        errors.fail(file, f"{where}.judgement_type_id", f"{code!r} is no judgement type Juiz has")
        return None


def import_all(
    contest: Contest, specs: list[SubmissionSpec], problems: dict[str, Problem], errors: Collector
) -> int:
    """Store them inside the caller's transaction; how many were stored."""
    teams = {t.external_id or str(t.pk): t for t in Team.objects.all()}
    languages = {lang.id: lang for lang in Language.objects.all()}
    stored = 0
    for spec in sorted(specs, key=lambda s: s.time):
        team, problem = teams.get(spec.team_id), problems.get(spec.problem_id)
        language = languages.get(spec.language_id)
        for key, found in (("team_id", team), ("problem_id", problem), ("language_id", language)):
            if found is None:
                errors.fail(
                    "submissions.json", f"{spec.where}.{key}", f"{getattr(spec, key)!r} is unknown"
                )
        if team is None or problem is None or language is None or errors.problems:
            continue
        _store(contest, spec, team, problem, language)
        stored += 1
    return stored


def _store(
    contest: Contest, spec: SubmissionSpec, team: Team, problem: Problem, language: Language
) -> None:
    single = len(spec.files) == 1
    sub = Submission.objects.create(
        contest=contest,
        team=team,
        problem=problem,
        language=language,
        filename=spec.files[0][0] if single else "files.zip",
        source=spec.files[0][1] if single else b"",
        entrypoint=spec.entry_point,
        submitted_at=spec.time,
    )
    if not single:
        SourceFile.objects.bulk_create(
            SourceFile(submission=sub, order=i, filename=name, source=data)
            for i, (name, data) in enumerate(spec.files)
        )
    current = None
    for judgement in spec.judgements:
        row = Judgement.objects.create(
            submission=sub,
            state=JudgementState.DONE,
            started_at=judgement.start,
            finished_at=judgement.end,
            classification=judgement.verdict.value,
            score=judgement.score,
            report={"groups": judgement.groups} if judgement.groups else {},
        )
        if judgement.current or current is None:
            current = row, judgement.verdict
    if current is None:
        queued = Judgement.objects.create(submission=sub)
        enqueue_judgement(queued.pk)  # after the commit
    else:
        sub.current_judgement, verdict = current
        sub.classification, sub.state = verdict.value, spec.state
        sub.save(update_fields=["current_judgement", "classification", "state"])
    events.submission_created(sub.pk)


def write(
    contest: Contest,
    folder: Path,
    type_id: TypeId,
    team_id: Callable[[Team], str],
    problem_id: Callable[[Problem], str],
) -> None:
    subs, judgements = [], []
    query = Submission.objects.filter(contest=contest).select_related("team", "problem")
    for sub in query.order_by("submitted_at", "id").prefetch_related("files", "judgements"):
        subs.append(_submission_json(contest, sub, team_id, problem_id))
        _write_files(folder / "submissions" / str(sub.pk), sub)
        done = [j for j in sub.judgements.all() if j.state == JudgementState.DONE]
        judgements += [_judgement_json(j, sub, type_id) for j in done if j.classification]
    dump(folder / "submissions.json", subs)
    dump(folder / "judgements.json", judgements)


def _submission_json(
    contest: Contest,
    sub: Submission,
    team_id: Callable[[Team], str],
    problem_id: Callable[[Problem], str],
) -> dict[str, Any]:
    return {
        "id": str(sub.pk),
        "language_id": sub.language_id,
        "problem_id": problem_id(sub.problem),
        "team_id": team_id(sub.team),
        "time": time_text(sub.submitted_at),
        "contest_time": reltime_text(sub.submitted_at - contest.start),
        "entry_point": sub.entrypoint or None,
        "files": [{"filename": "files.zip", "mime": "application/zip"}],
        "x_state": sub.state,
    }


def _judgement_json(judgement: Judgement, sub: Submission, type_id: TypeId) -> dict[str, Any]:
    current = judgement.pk == sub.current_judgement_id
    code = (sub.classification if current else "") or judgement.classification
    verdict = Classification(code)
    found: dict[str, Any] = {
        "id": str(judgement.pk),
        "submission_id": str(sub.pk),
        "judgement_type_id": type_id(verdict),
        "current": current,
        "start_time": time_text(judgement.started_at) if judgement.started_at else None,
        "end_time": time_text(judgement.finished_at) if judgement.finished_at else None,
        "x_mooshak": verdict.value,
    }
    if judgement.score is not None:
        found["score"] = judgement.score
    groups = judgement.report.get("groups") if isinstance(judgement.report, dict) else None
    if groups:
        found["x_report_groups"] = groups
    return found


def _write_files(folder: Path, sub: Submission) -> None:
    folder.mkdir(parents=True)
    with zipfile.ZipFile(folder / "files.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sub.program_files():
            archive.writestr(name, data)
