"""The engine's entry points: judge a submission, in Mooshak's order (static analysis, then
dynamic analysis), for the web app's workers and the command line.

    judge            a stdin/stdout problem (a Kattis package's tests, checked by its checker);
                     an interactive one (the submission talks with the problem's interactor);
                     a submit-answer problem's answer files, checked without running anything
    judge_function   a function problem (LeetCode style: solution + harness, one run)
    run_custom       a function problem's "Run" mode (visible cases and the team's own inputs)

Each is the one driver (judging/graders/base.py) with its grader. Failures of ours (sandbox,
output validator, host comparison, missing test data, configuration, the judge host's disk)
never become a verdict against the team: they give Requires Reevaluation with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from judging.builds import BuildCache
from judging.classification import Classification
from judging.functions.casefile import FunctionProblem
from judging.functions.custom import RunOutcome
from judging.graders import interactive, multipass, multistage
from judging.graders.answers import SUBMIT_ANSWER, judge_answers
from judging.graders.base import Grader, judge_submission
from judging.graders.batch import Progress
from judging.graders.function import FunctionGrader, harness_languages
from judging.graders.run import run_custom
from judging.graders.standard import JudgeOptions, StandardGrader
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.report import Report
from judging.sandbox.base import Sandbox
from judging.steps.static import Check, PreCheck
from judging.submission import Submission, SubmissionFile, read_submission

__all__ = [
    "BuildCache",
    "FunctionPreCheck",
    "JudgeOptions",
    "Kit",
    "PreCheck",
    "RunOutcome",
    "Submission",
    "SubmissionFile",
    "judge",
    "judge_function",
    "read_submission",
    "run_custom",
]

FunctionPreCheck = Check[FunctionProblem]
RUN_ALL_TESTS = JudgeOptions()


def judge(
    submission: SubmissionFile | Submission,
    problem: Problem,
    languages: Sequence[LanguageConfig],
    sandbox: Sandbox,
    *,
    kit: Kit | None = None,
    options: JudgeOptions = RUN_ALL_TESTS,
    pre_checks: Sequence[PreCheck] = (),
    progress: Progress | None = None,
    language_id: str | None = None,
    entrypoint: str | None = None,
    builds: BuildCache | None = None,
) -> Report:
    """Classify a submission: one file, or a Submission of several (a directory: see
    read_submission). `kit` is where TypeScript's tsc and declarations are (without it
    TypeScript cannot compile); `language_id` forces a language instead of the files'
    extensions; `entrypoint` names the file (Java: the class) that starts the program, instead
    of the format's default choice (judging/languages/entry.py); `progress(tests_done,
    tests_total)` is called after each test; `builds` is where stored builds are reused from
    and kept (judging/builds.py; None: always compile, keep nothing)."""
    if SUBMIT_ANSWER in problem.types:  # answer files: nothing runs, the validator judges them
        return judge_answers(submission, problem, languages, sandbox, progress=progress)
    grader: Grader = StandardGrader(problem, tuple(languages), kit, options, progress, entrypoint)
    stages = multistage.grader_for(problem, tuple(languages), kit, options, progress, entrypoint)
    talks = interactive.grader_for(problem, tuple(languages), kit, options, progress, entrypoint)
    passes = multipass.grader_for(problem, tuple(languages), kit, options, progress, entrypoint)
    grader = talks or passes or stages or grader
    judged, scope = _problem_languages(problem, languages)
    return judge_submission(
        grader,
        submission,
        problem,
        judged,
        sandbox,
        pre_checks=pre_checks,
        language_id=language_id,
        scope=scope,
        builds=builds,
    )


def _problem_languages(
    problem: Problem, languages: Sequence[LanguageConfig]
) -> tuple[Sequence[LanguageConfig], str]:
    """The contest's languages this problem may be solved in (the package's `languages`),
    and the scope a refused team is told."""
    if problem.languages is None:
        return languages, ""
    allowed = [c for c in languages if c.id in problem.languages]
    return allowed, f"this problem takes {', '.join(problem.languages)}"


def judge_function(
    submission: SubmissionFile | Submission,
    problem: FunctionProblem,
    languages: Sequence[LanguageConfig],
    sandbox: Sandbox,
    *,
    kit: Kit,
    pre_checks: Sequence[FunctionPreCheck] = (),
    progress: Progress | None = None,
    language_id: str | None = None,
    builds: BuildCache | None = None,
) -> Report:
    """Classify a solution of a function problem, among the `languages` that have a harness
    (in `kit`, with the node tools and the host's comparators). `progress(done, total)` is
    called when judging starts (0) and after the one run (total); `builds` as for judge()."""
    if isinstance(submission, Submission) and submission.single is None:
        return Report(
            Classification.INVALID_SUBMISSION,
            reason="a function problem's solution is one file",
        )
    judged, scope = harness_languages(languages)
    grader = FunctionGrader(problem, kit, problem.cases, progress)
    return judge_submission(
        grader,
        submission,
        problem,
        judged,
        sandbox,
        pre_checks=pre_checks,
        language_id=language_id,
        scope=scope,
        builds=builds,
    )
