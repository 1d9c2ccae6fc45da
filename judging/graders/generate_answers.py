"""Official answers made by the model solution (seed 004's generateOutputs; juiz.yaml `answers`,
docs/packages.md): the solution compiled and run in the sandbox on every test that needs an
answer, each run's standard output kept as that test's answer.

The solution runs like a submission (the same compile step, box and per-test `args` and
.files), but under the tool's time limit (GENERATION_TIME_LIMIT_S, as the calibration ceiling:
the package's limit may not be known yet, and a model solution is trusted to be fast) and it
must end cleanly on every test: any run that is not clean stops the generation, and the report
says which test and why. Nothing is compared: there is nothing yet to compare with.

`answers_key` names one generation: a hash of the solution's files, its language and entry
point, and every test's input, arguments and files. The same key means the same answers, so
callers cache them by it and make them again only when one of those changes.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from judging.classification import Classification
from judging.graders.base import judge_submission
from judging.graders.batch import RunSetup, run_test
from judging.graders.sessions import test_session
from judging.graders.standard import StandardGrader
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.model import Problem, TestCase
from judging.report import Report, TestReport
from judging.sandbox.base import Sandbox, SessionSpec
from judging.steps.box import BOX_DIR, box_env, fill, language_mounts
from judging.steps.classify import run_classification, run_explanation
from judging.steps.compile import Build, Sources
from judging.steps.files import tail, text
from judging.submission import Submission

GENERATION_TIME_LIMIT_S = 10.0
KEY_VERSION = 1  # bump when generation changes, so that cached answers are made again


def answer_name(index: int) -> str:
    """The file the answer of the index-th test (0-based, among those generated) is in."""
    return f"{index:04d}.ans"


def generate_answers(
    solution: Submission,
    problem: Problem,
    languages: Sequence[LanguageConfig],
    sandbox: Sandbox,
    out_dir: Path,
    *,
    kit: Kit | None = None,
    language_id: str | None = None,
    entrypoint: str | None = None,
) -> Report:
    """Run `solution` on every test of `problem` and write each output to out_dir/answer_name(i).

    The report is Accepted when every answer was written; otherwise its classification is the
    failing run's (or the compile error), and `reason` names the test. Failures of ours are
    Requires Reevaluation, as for any grader.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    tool = replace(problem, time_limit_s=GENERATION_TIME_LIMIT_S, time_limit_source="tool")
    grader = AnswerGrader(tool, tuple(languages), out_dir, kit, entrypoint)
    return judge_submission(grader, solution, tool, languages, sandbox, language_id=language_id)


@dataclass(frozen=True)
class AnswerGrader:
    problem: Problem
    languages: tuple[LanguageConfig, ...]
    out_dir: Path
    kit: Kit | None = None
    entrypoint: str | None = None

    def _standard(self) -> StandardGrader:
        return StandardGrader(self.problem, self.languages, self.kit, entrypoint=self.entrypoint)

    def prepare(self, language: LanguageConfig, submission: Submission) -> Sources:
        return self._standard().prepare(language, submission)

    def execute(self, sandbox: Sandbox, build: Build, workspace: Path) -> Report:
        language = build.language
        limits = self._standard().limits(language)
        setup = RunSetup(
            fill(language, language.run_command, build.values),
            box_env(language),
            limits,
            mounts=language_mounts(language),
        )
        runs = workspace / "answers"
        runs.mkdir()
        reports: list[TestReport] = []
        # The work directory stays writable, as it always was for answer generation.
        spec = SessionSpec(
            mounts=setup.mounts, workdir=BOX_DIR, seed_dir=build.directory, seccomp=True
        )
        with sandbox.session(spec) as shared:
            for index, test in enumerate(self.problem.tests):
                with test_session(sandbox, build, shared, test, runs / f"{index:04d}.box") as box:
                    result, stdout, stderr = run_test(box, setup, test, runs, index)
                failure = run_classification(result, limits, tail(stderr))
                report = TestReport(
                    test.name,
                    failure or Classification.ACCEPTED,
                    cpu_ms=result.cpu_ms,
                    wall_ms=result.wall_ms,
                    memory_kib=result.memory_kib,
                    exit_code=result.exit_code,
                    signal=result.signal,
                    stderr_preview=text(tail(stderr)),
                    sample=test.sample,
                )
                reports.append(report)
                if failure is not None:
                    why = run_explanation(result, failure, limits, tail(stderr))
                    reason = (
                        f"the model solution failed on test {test.name}: {failure.value} ({why})"
                    )
                    return Report(failure, language.id, tuple(reports), build.report, reason=reason)
                os.replace(stdout, self.out_dir / answer_name(index))
                stderr.unlink(missing_ok=True)
        return Report(Classification.ACCEPTED, language.id, tuple(reports), build.report)


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for piece in iter(lambda: handle.read(1 << 20), b""):
            digest.update(piece)
    return digest.hexdigest()


def tree_digest(path: Path) -> str:
    """A hash of a file, or of a directory's file names and contents (dot-files skipped, as
    read_submission skips them)."""
    if path.is_file():
        return file_sha256(path)
    digest = hashlib.sha256()
    for item in sorted(p for p in path.rglob("*") if p.is_file()):
        name = item.relative_to(path).as_posix()
        if any(part.startswith(".") for part in name.split("/")):
            continue
        digest.update(f"{name}\0{file_sha256(item)}\0".encode())
    return digest.hexdigest()


def answers_key(
    solution_digest: str,
    language: str,
    entrypoint: str,
    tests: Sequence[TestCase],
    input_digest: Callable[[TestCase], str] = lambda test: file_sha256(test.input),
) -> str:
    """The key of one generation: `solution_digest` (tree_digest of the solution), its
    language and entry point, and each test's input (`input_digest`: the web app passes the
    input Blob's hash, which is this same SHA-256), arguments and files."""
    digest = hashlib.sha256(f"juiz-answers-{KEY_VERSION}\0{solution_digest}\0".encode())
    digest.update(f"{language}\0{entrypoint}\0".encode())
    for test in tests:
        files = tree_digest(test.files_dir) if test.files_dir is not None else ""
        args = "\x1f".join(test.args)
        digest.update(f"{test.name}\0{input_digest(test)}\0{args}\0{files}\0".encode())
    return digest.hexdigest()
