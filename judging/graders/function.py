"""The function grader: a LeetCode-style solution compiled with its language's harness, run once
over the cases, every case judged by the host (docs/functions.md, "Verdicts").

The problem's time limit is for the whole run, so progress is the number of cases announced
when judging starts and all of them after the one run. `on_run` sees the harness's run itself,
for callers that measure it (reference verification compares its CPU time with the limit, which
no report field holds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from judging.functions.adapters.registry import adapter_for
from judging.functions.casefile import Case, FunctionProblem
from judging.functions.compare import HostComparison, host_comparison
from judging.functions.runner import Harness, HarnessRun
from judging.functions.verdicts import run_report
from judging.graders.batch import Progress
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.report import Report
from judging.sandbox.base import Limits, Sandbox
from judging.steps.box import ConfigurationError
from judging.steps.compile import Build, Sources
from judging.submission import Submission


@dataclass(frozen=True)
class FunctionGrader:
    problem: FunctionProblem
    kit: Kit  # the harnesses, the node tools, the host's comparators
    cases: tuple[Case, ...]  # in payload order: every case to submit, fewer to Run
    progress: Progress | None = None
    on_run: Callable[[HarnessRun], None] | None = None

    def harness(self, language: LanguageConfig) -> Harness:
        adapter = adapter_for(language.id)
        if adapter is None:  # static checks offer only languages with a harness
            raise ConfigurationError(f"language {language.id} has no harness")
        return Harness(adapter, self.problem, self.kit)

    def limits(self, language: LanguageConfig) -> Limits:
        return self.harness(language).limits(language)

    def comparison(self) -> HostComparison:
        return host_comparison(self.problem, self.kit)

    def prepare(self, language: LanguageConfig, submission: Submission) -> Sources:
        # Loaded first: a problem the host cannot judge must not end in a Compile Time Error.
        self.comparison()
        if self.progress is not None:
            self.progress(0, len(self.cases))
        # judge_function refuses several files before this: a solution is one file.
        return self.harness(language).sources(submission.files[0].source)

    def execute(self, sandbox: Sandbox, build: Build, workspace: Path) -> Report:
        run = self.harness(build.language).run(sandbox, build, self.cases, workspace)
        if self.on_run is not None:
            self.on_run(run)
        report = run_report(run, self.comparison())
        if self.progress is not None:
            self.progress(len(self.cases), len(self.cases))
        return report


def harness_languages(languages: Sequence[LanguageConfig]) -> tuple[list[LanguageConfig], str]:
    """The languages that judge function problems, and the scope a refused team is told."""
    judged = [lang for lang in languages if adapter_for(lang.id) is not None]
    named = ", ".join(lang.id for lang in judged) or "no language"
    return judged, f"function problems are judged in: {named}"
