"""Integration tests per evaluator x environment (seed 003): the programs of cases.py judged,
in the real sandbox, in every environment of ENV_MAP. An environment this host lacks is
skipped with the reason (what is missing, how a host gets it); conftest.py prints the matrix
at the end of the run."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.classification import Classification
from judging.engine import JudgeOptions, SubmissionFile, judge
from judging.evaluators import registry
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.sandbox import SandboxUnavailable, make_sandbox
from judging.sandbox.base import Sandbox
from tests.judging.evaluators.cases import SUM, expected
from tests.judging.evaluators.env_map import ENV_MAP
from tests.judging.test_e2e import problem_for

pytestmark = [pytest.mark.sandbox, pytest.mark.slow]

KIT = Kit.of_checkout()
PAIRS = [(evaluator, env) for evaluator, envs in ENV_MAP.items() for env in envs]


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    try:
        return make_sandbox()
    except SandboxUnavailable as error:
        pytest.fail(f"the sandbox is unavailable: {error}")  # a failure, never a skip


@pytest.mark.parametrize(("evaluator_id", "env_id"), PAIRS, ids=[f"{e}@{v}" for e, v in PAIRS])
def test_every_program_gets_its_classification(
    evaluator_id: str, env_id: str, sandbox: Sandbox
) -> None:
    evaluator = registry.get(evaluator_id)
    status = registry.status(evaluator, registry.environment(evaluator, env_id), KIT)
    if not status.available:
        pytest.skip(f"{evaluator_id}@{env_id} unavailable here: {status.reason}")
    cases = expected(evaluator_id, env_id)
    got = {path.name: _judged(status.config, path, sandbox) for path, _ in cases}
    assert got == {path.name: classification for path, classification in cases}


def _judged(config: LanguageConfig, path: Path, sandbox: Sandbox) -> Classification:
    source = path.read_bytes()
    report = judge(
        SubmissionFile(config.source_file_name(path.name, source), source),
        problem_for(SUM),
        [config],
        sandbox,
        kit=KIT,
        # Stopping at the first failure keeps the run short; the verdict is the same.
        options=JudgeOptions(run_all_tests=False),
        language_id=config.id,
    )
    assert report.language == config.id
    return report.classification
