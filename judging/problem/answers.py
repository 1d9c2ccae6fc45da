"""A package's generated answers (juiz.yaml `answers`): every test without an .ans file gets
the model solution's output as its answer, made once per test-data version and cached.

The cache is keyed by
judging.graders.generate_answers.answers_key (the solution, its language, every
input): $JUIZ_CACHE_DIR/answers/<key>/ (else ~/.cache/juiz/answers/), written aside and
renamed into place, so a hit needs no sandbox and a half-made generation is never read.
Changing the solution or an input is a new key, hence new answers.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from judging.classification import Classification
from judging.graders.generate_answers import answer_name, answers_key, generate_answers, tree_digest
from judging.kit import Kit
from judging.model import AnswerSource, Problem, TestCase
from judging.problem.calibration import default_cache_dir
from judging.problem.errors import PackageError
from judging.problem.juiz_yaml import AnswersDeclaration
from judging.problem.package_submission import package_submission
from judging.problem.runner import EngineJudge


class AnswerGenerator:
    """Makes (or finds cached) the answers a package leaves to its model solution."""

    def __init__(
        self,
        judge: EngineJudge | Callable[[], EngineJudge] | None = None,
        *,
        kit: Kit | None = None,
        cache_dir: Path | None = None,
    ) -> None:
        self._judge = judge
        self._kit = kit
        self.cache_dir = (
            cache_dir if cache_dir is not None else default_cache_dir().parent / "answers"
        )
        self.last_status = ""  # "hit" or "generated", for the command line

    @property
    def judge(self) -> EngineJudge:
        # Made on first use: a cache hit needs no sandbox.
        if self._judge is None:
            self._judge = EngineJudge.default(self._kit)
        elif not isinstance(self._judge, EngineJudge):
            self._judge = self._judge()
        return self._judge

    def __call__(self, problem: Problem, declaration: AnswersDeclaration) -> Problem:
        """`problem` with every test whose answer_generated is set answered by the solution."""
        wanted = [t for t in problem.tests if t.answer_generated]
        if not wanted:
            return problem
        language = self._language(declaration)
        key = answers_key(
            tree_digest(declaration.solution), language, declaration.entrypoint, wanted
        )
        folder = self.cache_dir / key
        if (folder / "done").is_file():
            self.last_status = "hit"
        else:
            self._generate(problem, declaration, language, folder, wanted)
            self.last_status = "generated"
        answers = iter(folder / answer_name(i) for i in range(len(wanted)))
        tests = [
            replace(t, answer=next(answers)) if t.answer_generated else t for t in problem.tests
        ]
        source = AnswerSource(declaration.name, language, key, declaration.entrypoint)
        return replace(problem, tests=tests, answers=source)

    def _language(self, declaration: AnswersDeclaration) -> str:
        config = self.judge.language_for(declaration.solution, declaration.language)
        if config is None:
            wanted = declaration.language or "by its files' extensions"
            raise PackageError(
                f"juiz.yaml: answers.solution {declaration.name}: no installed language ({wanted})"
            )
        return config.id

    def _generate(
        self,
        problem: Problem,
        declaration: AnswersDeclaration,
        language: str,
        folder: Path,
        wanted: Sequence[TestCase],
    ) -> None:
        judge = self.judge
        folder.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=folder.parent, prefix=".tmp-"))
        try:
            report = generate_answers(
                package_submission(declaration.solution, problem),
                replace(problem, tests=wanted),
                judge.languages,
                judge.sandbox,
                tmp,
                kit=judge.kit,
                language_id=language,
                entrypoint=declaration.entrypoint or None,
            )
            if report.classification is not Classification.ACCEPTED:
                why = report.reason or report.classification.value
                raise PackageError(f"juiz.yaml: answers.solution {declaration.name}: {why}")
            (tmp / "done").write_text("ok\n")
            try:
                tmp.rename(folder)
            except OSError:  # another process made the same answers first: theirs are as good
                if not (folder / "done").is_file():
                    raise
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
