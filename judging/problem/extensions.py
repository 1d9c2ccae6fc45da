"""What juiz.yaml adds to a package read by the format's rules (judging/problem/juiz_yaml.py):
the multi-stage type and its stages, and the answers the model solution makes."""

from __future__ import annotations

from dataclasses import replace

from judging.model import Problem
from judging.problem.answers import AnswerGenerator
from judging.problem.calibration import CachingCalibrator, Calibrator
from judging.problem.errors import PackageError
from judging.problem.juiz_yaml import MULTI_STAGE, JuizConfig
from judging.problem.runner import EngineJudge


def with_juiz_config(
    problem: Problem, config: JuizConfig, generator: AnswerGenerator | None
) -> Problem:
    """`problem` with the multi-stage declaration and the generated answers of `config`."""
    if config.multi_stage is not None and config.answers is not None:
        # A model solution's one run cannot answer a test whose answer checks the last of
        # several stages: such a package writes its .ans files.
        raise PackageError("juiz.yaml: answers and multi_stage cannot be used together")
    if config.multi_stage is not None:
        types = problem.types | {MULTI_STAGE}
        return replace(problem, types=types, multi_stage=config.multi_stage)
    if config.answers is not None:
        return (generator or AnswerGenerator())(problem, config.answers)
    return problem


def generator_for(calibrate: Calibrator | None) -> AnswerGenerator:
    """The answers are made with the engine that calibrates (the contest's languages in the web
    app, the machine's on the command line)."""
    if isinstance(calibrate, CachingCalibrator):
        return AnswerGenerator(lambda: _engine_judge(calibrate))
    return AnswerGenerator()


def _engine_judge(calibrate: CachingCalibrator) -> EngineJudge:
    judge = calibrate.judge
    if isinstance(judge, EngineJudge):
        return judge
    return EngineJudge.default()  # a calibrator with a judge of its own (tests): the machine's
