"""Admin changes of problems and contest settings, each with its audit entry.

Replacing test data changes no verdict by itself: the jury rejudges (a rejudge set of the
problem) and compares, so teams keep their verdicts until the set is applied.
"""

from __future__ import annotations

import contextlib
import logging
import re
import tempfile
from collections.abc import Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import django_rq
from django.db import transaction
from redis.exceptions import RedisError

from contest.models import Contest, Problem, Submitters, TestCase
from contest.models.problem import DEFAULTED_LIMIT_FIELDS
from judge.errors import ServiceError
from judge.models import AuditAction
from judge.services import audit, problem_kind
from judge.services.answers import enqueue_answers
from judge.services.coverage import request_verification
from judging.model import TestCase as Test
from live import events as live_events

if TYPE_CHECKING:
    from accounts.models import User
    from contest.services.problem_import import Progress
    from judging.problem.calibration import CachingCalibrator

ANSWER_SUFFIXES = (".ans", ".out")
logger = logging.getLogger(__name__)


# A function problem's references were verified under its limits: new limits verify again.
REVERIFY_FIELDS = frozenset({"time_limit_s", "memory_mb"})


def update_problem(
    *, problem: Problem, admin: User, changes: Mapping[str, Any]
) -> dict[str, tuple[Any, Any]]:
    """Save the changed fields (audited); `changes["kind"]`, when given, is what teams hand
    in (judge/services/problem_kind.py): refused with a ServiceError, nothing saved."""
    fields = {k: v for k, v in changes.items() if k != "kind"}
    with transaction.atomic():
        locked = Problem.objects.select_for_update().get(pk=problem.pk)
        kind = _set_kind(locked, admin, changes["kind"]) if "kind" in changes else {}
        changed = audit.update_fields(
            locked,
            fields,
            user=admin,
            action=AuditAction.PROBLEM_CHANGE,
            target=f"problem {locked.letter}",
            contest=locked.contest,
        )
        if locked.is_function and REVERIFY_FIELDS & set(changed):
            request_verification(locked)  # jobs are queued after the commit
        _forget_defaults(locked, changed)
        return {**kind, **changed}


def _set_kind(locked: Problem, admin: User, kind: str) -> dict[str, tuple[Any, Any]]:
    types = problem_kind.set_kind(locked, kind)
    if types is None:
        return {}
    audit.record(
        user=admin,
        action=AuditAction.PROBLEM_CHANGE,
        contest=locked.contest,
        target=f"problem {locked.letter}: kind",
        before={"types": types[0]},
        after={"types": types[1]},
    )
    return {"kind": types}


def _forget_defaults(problem: Problem, changed: Mapping[str, Any]) -> None:
    """A limit the jury set is no longer the contest's package default."""
    kept = [k for k in problem.defaulted_limits if DEFAULTED_LIMIT_FIELDS.get(k) not in changed]
    if kept != problem.defaulted_limits:
        problem.defaulted_limits = kept
        problem.save(update_fields=["defaulted_limits"])


def update_contest(
    *, contest: Contest, admin: User, changes: Mapping[str, Any]
) -> dict[str, tuple[Any, Any]]:
    """Change the contest's settings (audited). Its times must be in order; every page of the
    contest hears the change at once (live.contest): the countdowns move, the boards are
    rebuilt when what their cells depend on changed. A scheduled unfreeze is handed to the RQ
    scheduler, to thaw the board at its time (scoreboard.jobs.thaw)."""
    fields = {k: v for k, v in changes.items() if k not in M2M_FIELDS}
    with transaction.atomic():
        locked = Contest.objects.select_for_update().get(pk=contest.pk)
        _check_times({**{n: getattr(locked, n) for n in TIME_FIELDS}, **fields})
        categories = changes.get("submit_categories")
        _check_submitters(fields.get("submitters", locked.submitters), categories, locked)
        changed = audit.update_fields(
            locked,
            fields,
            user=admin,
            action=AuditAction.CONTEST_SETTINGS,
            target=f"contest {locked.short_name}",
            contest=locked,
        )
        if categories is not None:
            changed.update(_set_submit_categories(locked, admin, categories))
        if changed:
            live_events.contest_changed(locked.pk)
        if "unfreeze_at" in changed and locked.unfreeze_at is not None:
            schedule_thaw(locked.pk, locked.unfreeze_at)
        return changed


TIME_FIELDS = ("start", "end", "freeze_start", "unfreeze_at")
M2M_FIELDS = frozenset({"submit_categories"})
THAW_JOB = "scoreboard.jobs.thaw"


def _check_times(times: Mapping[str, Any]) -> None:
    """The start before the end; a freeze, when set, from the start to the end; a scheduled
    unfreeze, when set, of a freeze, at or after the end (as DOMjudge's unfreeze time)."""
    start, end, freeze = times["start"], times["end"], times["freeze_start"]
    if start is None or end is None:
        raise ServiceError("bad_times", "A contest needs a start and an end.")
    if end <= start:
        raise ServiceError("bad_times", "The end must come after the start.")
    if freeze is not None and not start <= freeze <= end:
        raise ServiceError(
            "bad_times", "The scoreboard freeze must be between the start and the end."
        )
    unfreeze = times["unfreeze_at"]
    if unfreeze is not None and (freeze is None or unfreeze < end):
        raise ServiceError(
            "bad_times", "A scheduled unfreeze needs a freeze, and comes at or after the end."
        )


def _check_submitters(submitters: str, categories: Any, contest: Contest) -> None:
    chosen = list(categories) if categories is not None else list(contest.submit_categories.all())
    if submitters == Submitters.CATEGORIES and not chosen:
        raise ServiceError("no_categories", "Choose the categories whose teams may submit.")


def _set_submit_categories(
    contest: Contest, admin: User, categories: Any
) -> dict[str, tuple[Any, Any]]:
    """The many-to-many field, which audit.update_fields cannot set: its own entry."""
    before = sorted(contest.submit_categories.values_list("name", flat=True))
    contest.submit_categories.set(categories)
    after = sorted(contest.submit_categories.values_list("name", flat=True))
    if before == after:
        return {}
    audit.record(
        user=admin,
        action=AuditAction.CONTEST_SETTINGS,
        contest=contest,
        target=f"contest {contest.short_name}",
        before={"submit_categories": before},
        after={"submit_categories": after},
    )
    return {"submit_categories": (before, after)}


def schedule_thaw(contest_id: int, when: datetime) -> None:
    """After the commit, ask the RQ scheduler to run the thaw at `when`. The job checks the
    contest again, so a moved or cleared time leaves the earlier job without effect; Redis
    down is logged, and the next save of the time, or the jury's button, unfreezes."""

    def enqueue() -> None:
        try:
            django_rq.get_queue("default").enqueue_at(when, THAW_JOB, contest_id)
        except RedisError:
            logger.exception("contest %s: the scheduled unfreeze is not queued", contest_id)

    transaction.on_commit(enqueue)


@contextlib.contextmanager
def extracted_tests(
    archive: Path, problem_flags: tuple[str, ...] = (), *, answers_generated: bool = False
) -> Iterator[list[Test]]:
    """The tests of a zip, as files extracted for the time of the `with`: a Kattis package's
    data/ folder read as the package reader reads it (its groups' flags, args and files, over
    `problem_flags`), else the .in/.ans (or .out) pairs in natural order. Extraction is the
    engine's checked one. With `answers_generated` (the problem has a model solution) an .in
    may come alone: its answer is the solution's (contest/services/answers.py)."""
    from contest.services.problem_import import zip_limits
    from judging.problem.archive import extract_package
    from judging.problem.errors import PackageError
    from judging.problem.testdata import read_test_data

    with tempfile.TemporaryDirectory(prefix="juiz-testdata-") as tmp:
        try:
            root = extract_package(archive, Path(tmp) / "x", zip_limits())
            if (root / "data").is_dir():
                read = read_test_data(
                    root, problem_flags=problem_flags, answers_generated=answers_generated
                )
                tests = list(read.tests)
            else:
                tests = _loose_pairs(root, answers_generated)
        except PackageError as exc:
            raise ServiceError("bad_archive", str(exc)) from None
        yield tests


def _loose_pairs(root: Path, answers_generated: bool = False) -> list[Test]:
    inputs = sorted(root.rglob("*.in"), key=lambda p: _natural(str(p.relative_to(root))))
    pairs, missing = [], []
    for path in inputs:
        answer = next((a for s in ANSWER_SUFFIXES if (a := path.with_suffix(s)).is_file()), None)
        name = str(path.relative_to(root).with_suffix(""))
        if answer is None and not answers_generated:
            missing.append(name)
            continue
        sample = "sample" in path.relative_to(root).parts[:-1] or "sample" in path.stem
        generated = answer is None
        answer = answer or path.with_suffix(".ans")
        pairs.append(Test(name, path, answer, sample, answer_generated=generated))
    if missing:
        raise ServiceError("bad_archive", f"no .ans/.out for: {', '.join(missing[:10])}")
    if not pairs:
        raise ServiceError("bad_archive", "the zip holds no .in file with its .ans")
    return pairs


def _natural(text: str) -> list[Any]:
    """ "test10" after "test9"."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def replace_test_data(*, problem: Problem, admin: User, archive: Path) -> int:
    """Replace all test cases of the problem by those of the zip; return how many."""
    from contest.services.problem_import import test_row

    flags = tuple(problem.validator_flags.split())
    generated = problem.answer_source_id is not None
    with (
        extracted_tests(archive, flags, answers_generated=generated) as tests,
        transaction.atomic(),
    ):
        locked = Problem.objects.select_for_update().get(pk=problem.pk)
        before = _test_list(locked)
        locked.tests.all().delete()
        TestCase.objects.bulk_create(
            test_row(locked, order, test, flags) for order, test in enumerate(tests, start=1)
        )
        audit.record(
            user=admin,
            action=AuditAction.PROBLEM_DATA,
            contest=locked.contest,
            target=f"problem {locked.letter}",
            before={"tests": before},
            after={"tests": _test_list(locked)},
        )
        if generated:
            enqueue_answers(locked.pk)  # the new inputs' answers, made by the model solution
    return len(tests)


def _test_list(problem: Problem) -> list[dict[str, Any]]:
    return [
        {"name": t.name, "input": t.input_id[:12], "answer": t.answer_id[:12], "sample": t.sample}
        for t in problem.tests.order_by("order")
    ]


def import_problem(
    *,
    contest: Contest,
    letter: str,
    archive: Path,
    admin: User | None,
    time_limit_s: float | None = None,
    progress: Progress = lambda step: None,
    calibrator: CachingCalibrator | None = None,
) -> Problem:
    """Create or replace a problem from a Kattis/ICPC package (a zip or, from the job, its
    extracted folder), with an audit entry. A worker's job (judge/jobs/package_import.py)."""
    from contest.services.problem_import import PackageError, import_package

    with transaction.atomic():
        existing = Problem.objects.filter(contest=contest, letter=letter).first()
        before = {"tests": _test_list(existing)} if existing else {}
        try:
            problem = import_package(
                contest,
                letter,
                archive,
                time_limit_s=time_limit_s,
                progress=progress,
                calibrator=calibrator,
            )
        except PackageError as exc:
            raise ServiceError("bad_package", str(exc)) from None
        audit.record(
            user=admin,
            action=AuditAction.PROBLEM_DATA,
            contest=contest,
            target=f"problem {letter}",
            comment=f"package {archive.name}",
            before=before,
            after={"name": problem.name, "tests": _test_list(problem)},
        )
    return problem
