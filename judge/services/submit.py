"""Receiving a submission: Mooshak's static analysis (the database part), then the queue.

Every rule either passes or raises ServiceError with a message for the form; nothing is
stored unless all pass. The checks and the inserts run in one transaction that first locks the
team's row, so two submissions of one team arriving together cannot both slip under the
interval or pending limits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import Team, User
from contest.models import Contest, Language, Problem
from contest.selectors import in_contest, languages_of
from contest.services.environments import EnvironmentNotOffered, chosen_environment
from contest.services.languages import ANSWERS_LANGUAGE, answers_language
from judge.errors import ServiceError
from judge.models import Judgement, JudgementState, SourceFile, Submission, SubmissionState
from judge.queue import JUDGING_QUEUE, enqueue_judgement
from judge.services.answer_files import check_answer_files
from judge.services.programs import check_program
from judge.services.upload import check_files
from judging.classification import Classification
from live import events as live_events

ANSWERS_NAME = "answers"  # several answer files' Submission.filename, when no zip named them
WAITING_STATES = (SubmissionState.QUEUED, SubmissionState.JUDGING, SubmissionState.PENDING)


def submit(
    *,
    user: User,
    contest: Contest,
    problem: Problem,
    filename: str = "",
    source: bytes = b"",
    language: Language | None = None,
    files: Sequence[tuple[str, bytes]] = (),
    entrypoint: str = "",
    environment: str = "",
) -> Submission:
    """One file (`filename`, `source`), or a program of several `files` (an upload's, as
    judge.services.upload unpacked them; `filename` is then the program's name: a zip's, or
    ""), with the team's `entrypoint` if it chose one, in the language's `environment` (its
    key; "": the language's default). A submit-answer problem takes answer files instead (one
    as `filename` and `source`, or several), in the built-in "answers" language whatever
    `language` says (docs/kinds.md), and no environment."""
    team_id = _check_request(user, contest, problem)
    if problem.is_submit_answer:
        content = _answers(problem, filename, source, files)
        environment = ""
    else:
        content = _program(problem, filename, source, language, files, entrypoint)
        environment = _environment(contest, content.language, environment)
    now = timezone.now()
    with transaction.atomic():
        team = Team.objects.select_for_update().get(pk=team_id)
        _check_team_history(contest, team, problem, now)
        submission = Submission.objects.create(
            contest=contest,
            team=team,
            problem=problem,
            language=content.language,
            environment=environment,
            submitter=user,
            filename=content.filename[:MAX_FILENAME],
            source=content.source,
            entrypoint=content.entrypoint,
            submitted_at=now,
            state=SubmissionState.QUEUED,
        )
        SourceFile.objects.bulk_create(
            SourceFile(submission=submission, order=i, filename=name, source=data)
            for i, (name, data) in enumerate(content.files)
        )
        judgement = Judgement.objects.create(
            submission=submission, reason=Judgement.Reason.SUBMISSION, state=JudgementState.QUEUED
        )
        enqueue_judgement(judgement.pk, queue_name=JUDGING_QUEUE)
        live_events.submission_created(submission.pk)
    return submission


@dataclass(frozen=True)
class _Content:
    """What is stored: one file (filename, source) or several (files), in a language."""

    language: Language
    filename: str
    source: bytes
    files: Sequence[tuple[str, bytes]]
    entrypoint: str = ""


def _program(
    problem: Problem,
    filename: str,
    source: bytes,
    language: Language | None,
    files: Sequence[tuple[str, bytes]],
    entrypoint: str,
) -> _Content:
    if language is not None and language.pk == ANSWERS_LANGUAGE:
        raise ServiceError(
            "language_not_allowed",
            f"Problem {problem.letter} takes a program; answer files are for submit-answer "
            "problems only.",
        )
    if len(files) == 1:
        (filename, source), files = files[0], ()
    if files:
        check_files(files, problem.source_size_kib * 1024)
        program = check_program(
            problem, files, _enabled(problem.contest, language), entrypoint, filename
        )
        _check_judged_language(problem, program.language)
        return _Content(program.language, program.filename, b"", files, program.entrypoint)
    _check_filename(filename)
    chosen = _language(problem.contest, filename, language)
    _check_judged_language(problem, chosen)
    _check_source(problem, source)
    _check_function_defined(problem, chosen, source)
    return _Content(chosen, filename, source, (), entrypoint)


def _answers(
    problem: Problem, filename: str, source: bytes, files: Sequence[tuple[str, bytes]]
) -> _Content:
    """A submit-answer problem's answer files, in the built-in language (whichever the team
    or the API named: answer files have none)."""
    answers = check_answer_files(problem, files or [(filename, source)])
    if len(answers) == 1:
        ((name, data),) = answers
        return _Content(answers_language(), name, data, ())
    # The name the pages show for them all: the zip's, else a plain "answers".
    return _Content(answers_language(), filename or ANSWERS_NAME, b"", answers)


def _enabled(contest: Contest, chosen: Language | None) -> Language | None:
    if chosen is not None and not languages_of(contest).filter(pk=chosen.pk).exists():
        raise ServiceError("language_disabled", f"{chosen.name} is not accepted in this contest.")
    return chosen


def _environment(contest: Contest, language: Language, key: str) -> str:
    try:
        return chosen_environment(contest, language, key)
    except EnvironmentNotOffered as refused:
        raise ServiceError("environment_not_offered", str(refused)) from None


def _check_request(user: User, contest: Contest, problem: Problem) -> int:
    """Contest running, user in a team, problem of this contest; returns the team's id."""
    if not contest.is_running():
        raise ServiceError("contest_not_running", "The contest is not running.")
    if user.team_id is None:
        raise ServiceError("no_team", "Only members of a team can submit.")
    if not in_contest(contest, user.team_id):
        raise ServiceError("not_in_contest", "Your team is not in this contest.")
    if problem.contest_id != contest.pk:
        raise ServiceError("unknown_problem", "That problem is not part of this contest.")
    if user.team is not None and not contest.may_submit(user.team):
        raise ServiceError("may_not_submit", "Submissions are closed for your team.")
    return user.team_id


def _language(contest: Contest, filename: str, chosen: Language | None) -> Language:
    """The chosen language if the contest accepts it, else its language of the file's
    extension."""
    return _enabled(contest, chosen) or language_for_filename(contest, filename)


def _check_judged_language(problem: Problem, language: Language) -> None:
    """A package's `languages` restricts the problem to those (the engine would judge any
    other Invalid Submission); a function problem is judged only in the languages its
    reference passed in."""
    if problem.languages is not None and language.pk not in problem.languages:
        allowed = Language.objects.filter(pk__in=problem.languages).order_by("name")
        names = ", ".join(lang.name for lang in allowed) or ", ".join(problem.languages)
        raise ServiceError(
            "language_not_allowed",
            f"Problem {problem.letter} may only be solved in {names}; "
            f"{language.name} is not accepted for it.",
        )
    if not problem.is_function:
        return
    from judge.selectors.coverage import refusal

    reason = refusal(problem, language)
    if reason is not None:
        raise ServiceError("language_not_judged", reason)


def _check_function_defined(problem: Problem, language: Language, source: bytes) -> None:
    """A function problem's submission must define the function or class it asks for (a
    lexical check, judging/functions/entry_check.py): a stdin/stdout program is refused here
    rather than judged into a Runtime Error and a row of Evaluation Skipped."""
    if not problem.is_function:
        return
    from contest.testdata import function_problem
    from judging.functions.entry_check import missing_definition

    try:
        manifest = function_problem(problem).manifest
    except (OSError, ValueError):
        return  # a case file that does not load is the jury's problem: judging will say so
    missing = missing_definition(manifest, language.id, source)
    if missing is not None:
        what, name = missing
        raise ServiceError(
            "not_a_function",
            f"Problem {problem.letter} wants a {what} `{name}`, not a program that reads input "
            f"and prints output: see its page for the signature in {language.name}.",
        )


def language_for_filename(contest: Contest, filename: str) -> Language:
    extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    accepted = list(languages_of(contest))
    if extension:
        for language in accepted:
            if extension in language.extension_list:
                return language
    known = sorted({f".{ext}" for lang in accepted for ext in lang.extension_list})
    raise ServiceError(
        "unknown_language",
        f"No enabled language for the file name {filename!r}; "
        f"use one of the extensions {', '.join(known) or '(none enabled)'}.",
    )


MAX_FILENAME = 255  # Submission.filename's column


def _check_filename(filename: str) -> None:
    if not filename or "/" in filename or "\\" in filename or filename.startswith("."):
        raise ServiceError("bad_filename", "The file name is not valid.")
    # A line break or NUL would reach headers (Content-Disposition) and the database, which
    # refuse them; isprintable() also refuses the other control and unpaired surrogate chars.
    if not filename.isprintable():
        raise ServiceError(
            "bad_filename",
            "The file name must not contain line breaks or other control characters.",
        )
    if len(filename) > MAX_FILENAME:
        raise ServiceError(
            "bad_filename", f"The file name is too long (at most {MAX_FILENAME} characters)."
        )


def _check_source(problem: Problem, source: bytes) -> None:
    if not source.strip():
        raise ServiceError("empty", "The program is empty.")
    if len(source) > problem.source_size_kib * 1024:
        raise ServiceError(
            "too_large",
            f"The program has {len(source) / 1024:.1f} KiB; the limit for this problem is "
            f"{problem.source_size_kib} KiB.",
        )


def _check_team_history(contest: Contest, team: Team, problem: Problem, now: datetime) -> None:
    mine = Submission.objects.filter(contest=contest, team=team)
    if (
        not contest.multiple_accepts
        and mine.filter(problem=problem, classification=Classification.ACCEPTED.value).exists()
    ):
        raise ServiceError("already_solved", f"Your team already solved problem {problem.letter}.")
    if contest.min_interval_s:
        _check_interval(contest, mine, now)
    if contest.max_pending and mine.filter(state__in=WAITING_STATES).count() >= contest.max_pending:
        raise ServiceError(
            "too_many_pending",
            f"Your team already has {contest.max_pending} submission(s) waiting for a verdict; "
            "wait for one to be judged.",
        )


def _check_interval(contest: Contest, mine: QuerySet[Submission], now: datetime) -> None:
    last = mine.order_by("-submitted_at").values_list("submitted_at", flat=True).first()
    if last is None:
        return
    wait = last + timedelta(seconds=contest.min_interval_s) - now
    if wait > timedelta(0):
        raise ServiceError(
            "too_soon",
            f"Submissions of a team must be {contest.min_interval_s} s apart; "
            f"try again in {int(wait.total_seconds()) + 1} s.",
        )
