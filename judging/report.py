"""What judging produces: plain frozen data, serialisable to JSON for the CLI and the web app."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from judging.classification import Classification


@dataclass(frozen=True)
class StageReport:
    """One stage's run of a multi-stage test (judging/graders/multistage.py)."""

    name: str  # the stage's, e.g. "encode"
    classification: Classification  # the run's own, or what the program after it said
    cpu_ms: int = 0
    wall_ms: int = 0
    memory_kib: int = 0
    exit_code: int | None = None
    signal: int | None = None
    message: str = ""  # why the run failed, or the program between stages' judgemessage
    output_preview: str = ""


@dataclass(frozen=True)
class PassReport:
    """One pass of a multi-pass test (judging/graders/multipass.py): the submission's run on
    the pass's input, and what the output validator said of its output."""

    number: int  # 1, 2, ...
    classification: Classification  # the run's own failure, else the validator's verdict
    cpu_ms: int = 0
    wall_ms: int = 0
    memory_kib: int = 0
    exit_code: int | None = None
    signal: int | None = None
    validator: str = ""  # "accepted", "rejected"; "": not run (the run failed by itself)
    next_pass: bool = False  # the validator wrote nextpass.in: another pass follows
    message: str = ""  # why the run failed, or what the validator added to judgemessage.txt
    input_preview: str = ""  # the first bytes the submission read (the test's, or nextpass.in)
    output_preview: str = ""
    transcript: str = ""  # an interactive pass's, in the .interaction format (.transcript)


@dataclass(frozen=True)
class TestReport:
    name: str
    classification: Classification
    cpu_ms: int = 0
    wall_ms: int = 0
    memory_kib: int = 0
    exit_code: int | None = None
    signal: int | None = None
    checker_message: str = ""  # judge-facing (validator judgemessage, diff position ...)
    output_preview: str = ""  # first bytes of the team's stdout
    stderr_preview: str = ""
    sample: bool = False
    # Function problems: the case's arguments, expected value and returned value, as truncated
    # JSON. Team-facing pages show them only for sample (non-hidden) cases.
    input_preview: str = ""
    expected_preview: str = ""
    got_preview: str = ""
    # Scoring problems: the test's points as counted (judging/scoring.py), and what the
    # output validator wrote in score.txt / score_multiplier.txt.
    score: float | None = None
    feedback_score: float | None = None
    feedback_multiplier: float | None = None
    # Multi-stage problems: each stage's run, in order (the test stops at the first failure).
    stages: Sequence[StageReport] = ()
    # Multi-pass problems: each pass's run, in order (the test stops at the first failure).
    passes: Sequence[PassReport] = ()
    # Interactive problems (judging/graders/interactive.py): both directions in order, in the
    # .interaction format ("<" from the interactor, ">" from the submission), capped; for the
    # jury only. `deadlock`: the test ended in a protocol deadlock (Time Limit Exceeded).
    transcript: str = ""
    deadlock: bool = False


@dataclass(frozen=True)
class GroupReport:
    """A test group of a scoring problem: its verdict and points (docs/judging.md)."""

    name: str  # e.g. "secret/group1"
    classification: Classification
    score: float | None = None
    max_score: float | None = None


@dataclass(frozen=True)
class CompileReport:
    ok: bool
    output: str = ""  # compiler stdout+stderr, capped
    cpu_ms: int = 0
    wall_ms: int = 0
    exit_code: int | None = None
    timed_out: bool = False
    # The build's key in the workers' cache (judging/builds.py), and whether this judgement
    # reused a stored build (and its report) instead of compiling.
    build_key: str = ""
    build_reused: bool = False


@dataclass(frozen=True)
class UsedLimits:
    cpu_ms: int
    wall_ms: int
    memory_kib: int
    output_bytes: int
    time_limit_source: str = "default"


@dataclass(frozen=True)
class RunUsage:
    """What one run of a whole harness used, from the sandbox (function problems run every
    case in one process, so only the run, not a case, has a memory figure)."""

    cpu_ms: int
    wall_ms: int
    memory_kib: int


@dataclass(frozen=True)
class Report:
    classification: Classification
    language: str = ""
    tests: Sequence[TestReport] = ()
    compile: CompileReport | None = None
    limits: UsedLimits | None = None
    # Why the classification was given when no test explains it (static analysis, infra).
    reason: str = ""
    warnings: Sequence[str] = field(default_factory=tuple)  # e.g. "unsafe sandbox in use"
    run: RunUsage | None = None  # function problems: the harness's one run
    # Scoring problems: the submission's points and each group's; None / () for pass-fail.
    # The classification stays Mooshak's (the worst test's); the score is what IOI boards count.
    score: float | None = None
    groups: Sequence[GroupReport] = ()
    max_score: float | None = None  # what `score` can reach at most; None: unbounded

    @property
    def icpc_code(self) -> str:
        return self.classification.icpc_code

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["classification"] = self.classification.value
        data["icpc_code"] = self.icpc_code
        data["tests"] = [
            {
                **asdict(t),
                "classification": t.classification.value,
                "icpc_code": t.classification.icpc_code,
                "stages": [
                    {**asdict(s), "classification": s.classification.value} for s in t.stages
                ],
                "passes": [
                    {**asdict(p), "classification": p.classification.value} for p in t.passes
                ],
            }
            for t in self.tests
        ]
        data["tests"] = list(data["tests"])
        data["warnings"] = list(self.warnings)
        data["groups"] = [
            {**asdict(g), "classification": g.classification.value} for g in self.groups
        ]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Report:
        tests = tuple(
            TestReport(
                **{k: v for k, v in t.items() if k != "icpc_code"}
                | {
                    "classification": Classification(t["classification"]),
                    "stages": tuple(_stage(s) for s in t.get("stages", ())),
                    "passes": tuple(_pass(p) for p in t.get("passes", ())),
                }
            )
            for t in data.get("tests", ())
        )
        compile_ = CompileReport(**data["compile"]) if data.get("compile") else None
        limits = UsedLimits(**data["limits"]) if data.get("limits") else None
        run = RunUsage(**data["run"]) if data.get("run") else None
        groups = tuple(
            GroupReport(**g | {"classification": Classification(g["classification"])})
            for g in data.get("groups", ())
        )
        return cls(
            classification=Classification(data["classification"]),
            language=data.get("language", ""),
            tests=tests,
            compile=compile_,
            limits=limits,
            reason=data.get("reason", ""),
            warnings=tuple(data.get("warnings", ())),
            run=run,
            score=data.get("score"),
            groups=groups,
            max_score=data.get("max_score"),
        )


def _stage(data: dict[str, Any]) -> StageReport:
    return StageReport(**data | {"classification": Classification(data["classification"])})


def _pass(data: dict[str, Any]) -> PassReport:
    return PassReport(**data | {"classification": Classification(data["classification"])})
