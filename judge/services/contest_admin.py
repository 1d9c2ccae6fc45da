"""Admin changes of problems and contest settings, each with its audit entry.

Replacing test data changes no verdict by itself: the jury rejudges (a rejudge set of the
problem) and compares, so teams keep their verdicts until the set is applied.
"""

from __future__ import annotations

import contextlib
import re
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.db import transaction

from contest.models import Contest, Problem, TestCase
from contest.models.problem import DEFAULTED_LIMIT_FIELDS
from judge.errors import ServiceError
from judge.models import AuditAction
from judge.services import audit
from judge.services.answers import enqueue_answers
from judge.services.coverage import request_verification
from judging.model import TestCase as Test
from live import events as live_events

if TYPE_CHECKING:
    from accounts.models import User
    from contest.services.problem_import import Progress
    from judging.problem.calibration import CachingCalibrator

ANSWER_SUFFIXES = (".ans", ".out")


# A function problem's references were verified under its limits: new limits verify again.
REVERIFY_FIELDS = frozenset({"time_limit_s", "memory_mb"})


def update_problem(
    *, problem: Problem, admin: User, changes: Mapping[str, Any]
) -> dict[str, tuple[Any, Any]]:
    with transaction.atomic():
        locked = Problem.objects.select_for_update().get(pk=problem.pk)
        changed = audit.update_fields(
            locked,
            changes,
            user=admin,
            action=AuditAction.PROBLEM_CHANGE,
            target=f"problem {locked.letter}",
            contest=locked.contest,
        )
        if locked.is_function and REVERIFY_FIELDS & set(changed):
            request_verification(locked)  # jobs are queued after the commit
        _forget_defaults(locked, changed)
        return changed


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
    rebuilt when what their cells depend on changed."""
    with transaction.atomic():
        locked = Contest.objects.select_for_update().get(pk=contest.pk)
        _check_times({**{n: getattr(locked, n) for n in TIME_FIELDS}, **changes})
        changed = audit.update_fields(
            locked,
            changes,
            user=admin,
            action=AuditAction.CONTEST_SETTINGS,
            target=f"contest {locked.short_name}",
            contest=locked,
        )
        if changed:
            live_events.contest_changed(locked.pk)
        return changed


TIME_FIELDS = ("start", "end", "freeze_start")


def _check_times(times: Mapping[str, Any]) -> None:
    """The start before the end; a freeze, when set, from the start to the end."""
    start, end, freeze = times["start"], times["end"], times["freeze_start"]
    if start is None or end is None:
        raise ServiceError("bad_times", "A contest needs a start and an end.")
    if end <= start:
        raise ServiceError("bad_times", "The end must come after the start.")
    if freeze is not None and not start <= freeze <= end:
        raise ServiceError(
            "bad_times", "The scoreboard freeze must be between the start and the end."
        )


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
