"""The submit-answer grader (Kattis `type: submit-answer`, seed 004's answerOnly): the team
hands in answer files, nothing is executed, and the problem's output validator judges each file
as the output of its test (docs/judging.md, "Submit-answer problems").

Which file answers which test (the format leaves it to the judge system):
  the file named <test>.out or <test>.ans, <test> being the test's name under data/
  ("secret/group1/03") or, when no other test has it, its base name ("03"); a folder the files
  were zipped in does not count. A test without a file is judged on an empty output, as if a
  program had printed nothing; a file that answers no test, or two files for one test, make
  the submission an Invalid Submission that says which.
An answer larger than the problem's output limit is Output Limit Exceeded for its test.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from judging.checkers import Checker, checker_for
from judging.classification import Classification
from judging.graders.batch import Progress, missing_test_data
from judging.graders.failures import INFRA_ERRORS, failure_reason
from judging.languages.base import LanguageConfig
from judging.model import Problem, TestCase
from judging.report import Report, TestReport
from judging.sandbox.base import Sandbox
from judging.steps.classify import submission_classification
from judging.steps.files import head, text
from judging.submission import Submission, SubmissionFile
from judging.workdirs import work_folder

SUBMIT_ANSWER = "submit-answer"
ANSWER_SUFFIXES = (".out", ".ans")
PREVIEW_BYTES = 4096 + 1


class AnswerError(ValueError):
    """The files cannot be matched with the tests (the reason says which file)."""


def answer_names(tests: Sequence[str]) -> dict[str, str]:
    """The names an answer file may have without its suffix -> the test (name) it answers."""
    names = {name: name for name in tests}
    bases: dict[str, list[str]] = {}
    for name in tests:
        bases.setdefault(PurePosixPath(name).name, []).append(name)
    names |= {base: found[0] for base, found in bases.items() if len(found) == 1}
    return names


def match_answers(
    files: Sequence[SubmissionFile], tests: Sequence[TestCase]
) -> dict[str, SubmissionFile]:
    """test name -> its answer file (see the module's docstring); AnswerError otherwise."""
    by_name = {f.filename: f for f in files}
    matched = match_names([f.filename for f in files], [t.name for t in tests])
    return {test: by_name[filename] for test, filename in matched.items()}


def match_names(filenames: Sequence[str], tests: Sequence[str]) -> dict[str, str]:
    """test name -> the name of its answer file, for answer files named `filenames` and the
    tests named `tests` (the web app checks an upload with it before storing anything);
    AnswerError says which file answers no test, or which two answer the same."""
    names = answer_names(tests)
    matched: dict[str, str] = {}
    for filename in filenames:
        test = _test_of(filename, names)
        if test is None:
            shown = ", ".join(f"{t}.out" for t in tests[:3])
            raise AnswerError(
                f"{filename} answers no test: name each answer after its test "
                f"(<test>.out or <test>.ans, e.g. {shown})"
            )
        if test in matched:
            raise AnswerError(f"{matched[test]} and {filename} both answer {test}")
        matched[test] = filename
    return matched


def _test_of(filename: str, names: dict[str, str]) -> str | None:
    path = filename.replace("\\", "/")
    for suffix in ANSWER_SUFFIXES:
        if path.endswith(suffix):
            stem = path[: -len(suffix)]
            # A zipped folder's prefix ("answers/secret/1.out") is dropped part by part.
            parts = stem.split("/")
            for start in range(len(parts)):
                found = names.get("/".join(parts[start:]))
                if found is not None:
                    return found
    return None


def judge_answers(
    submission: SubmissionFile | Submission,
    problem: Problem,
    languages: Sequence[LanguageConfig],
    sandbox: Sandbox,
    *,
    progress: Progress | None = None,
) -> Report:
    """Judge answer files: every test's file checked by the problem's output validator."""
    whole = Submission.of(submission)
    missing = missing_test_data(problem)
    if missing is not None:
        return Report(Classification.REQUIRES_REEVALUATION, reason=missing)
    try:
        answers = match_answers(whole.files, problem.tests)
    except AnswerError as error:
        return Report(Classification.INVALID_SUBMISSION, reason=str(error))
    try:
        with work_folder("juiz-answers-") as workspace:
            tests = _check_all(problem, answers, languages, sandbox, workspace, progress)
    except INFRA_ERRORS as error:
        return Report(Classification.REQUIRES_REEVALUATION, reason=failure_reason(error))
    return Report(
        classification=submission_classification(t.classification for t in tests),
        tests=tuple(tests),
    )


def _check_all(
    problem: Problem,
    answers: dict[str, SubmissionFile],
    languages: Sequence[LanguageConfig],
    sandbox: Sandbox,
    workspace: Path,
    progress: Progress | None,
) -> list[TestReport]:
    (workspace / "checker").mkdir()
    checker = checker_for(
        problem.validation, sandbox=sandbox, languages=languages, workdir=workspace / "checker"
    )
    reports: list[TestReport] = []
    try:
        for index, test in enumerate(problem.tests):
            output = workspace / f"{index:04d}.out"
            answer = answers.get(test.name)
            output.write_bytes(answer.source if answer is not None else b"")
            reports.append(_check_one(problem, test, answer, output, checker))
            output.unlink()
            if progress is not None:
                progress(len(reports), len(problem.tests))
    finally:
        checker.close()
    return reports


def _check_one(
    problem: Problem,
    test: TestCase,
    answer: SubmissionFile | None,
    output: Path,
    checker: Checker,
) -> TestReport:
    size = answer.size if answer is not None else 0
    if size > problem.output_kib * 1024:
        classification = Classification.OUTPUT_LIMIT_EXCEEDED
        message = f"the answer has {size} bytes; the output limit is {problem.output_kib} KiB"
    else:
        checked = checker.check(
            input=test.input, answer=test.answer, output=output, flags=test.validator_flags
        )
        classification, message = checked.classification, checked.message
        if answer is None:
            message = f"no answer file for this test (judged as empty). {message}".strip()
    return TestReport(
        name=test.name,
        classification=classification,
        checker_message=message,
        output_preview=text(head(output, PREVIEW_BYTES)),
        sample=test.sample,
    )
