"""The answer files of a submit-answer problem's submission (docs/kinds.md): what the submit
service checks before anything is stored. The engine judges them (judging/graders/answers.py);
here an upload whose files cannot all be matched with the problem's tests is refused with the
grader's own message, so the team learns it at once instead of from an Invalid Submission.

    upload_limit_bytes   how much a submission of the problem may hold (answers or program)
    check_answer_files   the files, checked: names, count, sizes
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePosixPath

from contest.models import Problem
from judge.errors import ServiceError
from judge.services.upload import MAX_FILES, check_path
from judging.graders.answers import AnswerError, match_names

# Answer files are outputs, bounded by the output limit each; the whole upload is capped too,
# so that a problem with many tests cannot make a submission row of gigabytes.
MAX_ANSWERS_BYTES = 64 * 1024 * 1024

Files = list[tuple[str, bytes]]


def upload_limit_bytes(problem: Problem) -> int:
    """The most bytes a submission of `problem` may hold: its code limit, or for a
    submit-answer problem one output limit per test (at most MAX_ANSWERS_BYTES)."""
    if not problem.is_submit_answer:
        return problem.source_size_kib * 1024
    tests = max(problem.tests.count(), 1)
    return min(problem.output_kib * 1024 * tests, MAX_ANSWERS_BYTES)


def check_answer_files(problem: Problem, files: Sequence[tuple[str, bytes]]) -> Files:
    """The answer files, each named after the test it answers (<test>.out or <test>.ans);
    ServiceError if there is none, too many, one too large, or one answering no test or the
    same test as another."""
    if not files:
        raise ServiceError("empty", "Upload at least one answer file.")
    if len(files) > MAX_FILES:
        raise ServiceError(
            "too_many_files", f"The upload has {len(files)} files; at most {MAX_FILES} are taken."
        )
    for name, _ in files:
        check_path(name)
    _check_sizes(problem, files)
    tests = list(problem.tests.order_by("order").values_list("name", flat=True))
    try:
        match_names([name for name, _ in files], tests)
    except AnswerError as error:
        raise ServiceError("bad_answer_file", f"{error}.") from None
    return [(name, data) for name, data in files]


def _check_sizes(problem: Problem, files: Sequence[tuple[str, bytes]]) -> None:
    limit = problem.output_kib * 1024
    for name, data in files:
        if len(data) > limit:
            shown = PurePosixPath(name).name
            raise ServiceError(
                "too_large",
                f"The answer {shown} has {len(data) / 1024:.1f} KiB; the output limit of this "
                f"problem is {problem.output_kib} KiB.",
            )
    total = sum(len(data) for _, data in files)
    if total > upload_limit_bytes(problem):
        raise ServiceError(
            "too_large",
            f"The answers have {total / 1024:.1f} KiB together; the limit for this problem is "
            f"{upload_limit_bytes(problem) // 1024} KiB.",
        )
