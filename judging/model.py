"""A problem as the engine sees it: limits, ordered test cases and how output is compared.

The web app builds these from its database (test data cached on the worker's disk by content
hash); the package reader builds them from a Kattis/ICPC directory.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class TestCase:
    name: str  # e.g. "sample/1" or "secret/group1/03"
    input: Path
    answer: Path
    sample: bool = False
    # The output validator's flags for this test (its group's, per the package format);
    # None: the problem's OutputValidation.flags.
    validator_flags: tuple[str, ...] | None = None
    args: tuple[str, ...] = ()  # command-line arguments of the submission (2023-07 `args`)
    # 2023-07 <test>.files/: files copied into the submission's working directory for this
    # test (input by file I/O); None: none.
    files_dir: Path | None = None
    # The answer was made by running the problem's model solution (juiz.yaml `answers`), not
    # written by the problem setter: judging/answers/.
    answer_generated: bool = False


@dataclass(frozen=True)
class GroupSpec:
    """How a test group of a scoring problem (or `secret` itself) is scored: docs/judging.md,
    "Scoring problems". The reader fills it from the package (judging/problem/scoring_groups.py);
    judging/scoring.py applies it.

    A group's items are its subgroups and the tests whose nearest group it is; `aggregation`
    combines their scores: "pass-fail" (all its tests accepted: max_score, else 0), "sum",
    "min", and the legacy grader's "avg" and "max". `tests_aggregation`, when set, first
    combines the group's own tests into one item (the legacy reading: "min").
    """

    name: str  # "secret", "secret/group1", "secret/efficiency/small"
    aggregation: str = "sum"
    max_score: float | None = None  # None: unbounded (or, with accept_score, derived)
    # An accepted test's score when the validator writes no score.txt; None: the test's
    # maximum (2025-09: max_score for min, max_score / tests for sum).
    accept_score: float | None = None
    reject_score: float = 0.0
    min_score: float | None = None  # legacy `range`'s lower end
    on_reject: str = "continue"  # legacy "break": a failure skips the group's other items
    require_pass: tuple[str, ...] = ()  # groups (or "sample") all of whose tests must pass
    tests_aggregation: str | None = None
    rules: str = "2025-09"  # or "legacy": which judge errors apply (score files on a reject)


@dataclass(frozen=True)
class OutputValidation:
    """How team output is compared with the answer.

    kind:
      "mooshak"  exact bytes -> Accepted; equal after normalisation -> Presentation Error;
                 else Wrong Answer. `meaningful` (a regex character class such as "[0-9]")
                 makes every other character formatting.
      "kattis"   the Kattis default validator with `flags` (case_sensitive,
                 space_change_sensitive, float_tolerance ...).
      "custom"   a Kattis-protocol validator program in `validator_dir`, with `flags` as args.
    """

    kind: str = "mooshak"
    flags: tuple[str, ...] = ()
    meaningful: str | None = None
    validator_dir: Path | None = None
    validator_language: str | None = None  # language id; None = infer from the files
    # The default validator's number syntax: "problemtools" (strtod, legacy packages) or
    # "2023-07" (the format's General requirements: decimal only, an exponent has digits).
    number_grammar: str = "problemtools"
    # The package's constants ({{name}} in the validator's files), judging/constants.py.
    constants: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class AnswerSource:
    """Where generated answers came from (juiz.yaml `answers`, docs/packages.md): the model
    solution's name (e.g. "submissions/accepted/model.py"), its language, and the key of the
    generation (a hash of the solution and of every input it ran on)."""

    solution: str
    language: str
    key: str
    entrypoint: str = ""  # as submissions.yaml's; "": the language's default choice


@dataclass(frozen=True)
class Stage:
    """One run of the submission in a multi-stage problem: its name and the arguments the
    submission gets for it (before the test's own `args`)."""

    name: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class MultiStage:
    """A multi-stage problem (juiz.yaml `multi_stage`, judging/graders/multistage.py): the
    submission runs once per stage; between two stages the problem's program reads the
    earlier stage's output and writes the next stage's input."""

    stages: tuple[Stage, ...]
    program_dir: Path  # the program run between stages (a directory, like a validator's)
    program_language: str | None = None  # None: inferred from its files


@dataclass(frozen=True)
class Problem:
    id: str
    name: str
    time_limit_s: float  # per test, before the language factor
    memory_mb: int = 256
    output_kib: int = 8192
    tests: Sequence[TestCase] = ()
    validation: OutputValidation = field(default_factory=OutputValidation)
    # Where the time limit came from: "problem.yaml", ".timelimit", "domjudge-problem.ini",
    # "calibrated", "override" (command line), "default", "database" -- shown in reports so
    # nobody mistakes a calibrated limit for a fixed one.
    time_limit_source: str = "default"
    source_size_kib: int = 256  # Program Size Exceeded above this
    # The limits the package left to the system (of "memory", "output", "code"), so that the
    # web import and reports can say which values are Juiz's and not the problem setter's.
    defaulted: tuple[str, ...] = ()
    # include/<language>/ (and include/default/ under the key "default"): files added to every
    # submission before it compiles, per the package format.
    includes: tuple[tuple[str, Path], ...] = ()
    # The package's constants: {{name}} in included files and example submissions.
    constants: tuple[tuple[str, str], ...] = ()
    # 2023-07 problem.yaml `languages`: the only language ids that may solve it; None: all.
    languages: tuple[str, ...] | None = None
    # 2025-09 problem.yaml `allow_file_writing`: whether a submission may create, change and
    # delete files in its working directory. The default (every format, as on DOMjudge's
    # judgehosts) is no: the working directory is read-only; /tmp stays writable.
    allow_file_writing: bool = False
    # The package's problem types (problem.yaml `type`, legacy `validation` words):
    # "pass-fail" or "scoring", plus "interactive", "multi-pass", "submit-answer". Each grader
    # judges the types it knows; the others are refused with a reason.
    types: frozenset[str] = frozenset({"pass-fail"})
    # Scoring problems: `secret` and its test groups, parents before children, in the
    # format's order; () for pass-fail problems.
    groups: tuple[GroupSpec, ...] = ()
    # The model solution the generated answers come from; None: every answer is the package's.
    answers: AnswerSource | None = None
    # "multi-stage" problems (in `types`): the stages and the program between them.
    multi_stage: MultiStage | None = None
    # "multi-pass" problems (in `types`): the most passes a test may run (problem.yaml
    # `limits.validation_passes`, the format's default 2); judging/graders/multipass.py.
    validation_passes: int = 2
    # The sample interactions (data/sample/**/*.interaction, interactive and multi-pass
    # problems): (name, text) such as ("sample/1", "<higher\n>50\n..."), shown to teams in
    # place of the samples' input and answer. They are for the statement, never judged.
    interactions: tuple[tuple[str, str], ...] = ()

    def include_dir(self, language_id: str) -> Path | None:
        """The directory whose files join a submission in `language_id`: include/<language>/,
        else include/default/ (the reader only keeps default for formats that have it)."""
        table = dict(self.includes)
        return table.get(language_id, table.get("default"))
