"""The evaluator registry: every language module's EVALUATOR and ENVIRONMENTS, which
environments an evaluator supports (its glob over the catalogue), and what one environment is
on this host -- its LanguageConfig, its toolchain folder, whether it runs here and its version.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, replace
from functools import cache
from glob import glob
from pathlib import Path
from typing import TypeVar

from judging.kit import Kit
from judging.languages import registry as languages
from judging.languages.base import LanguageConfig
from judging.languages.evaluator import Environment, Evaluator

T = TypeVar("T")


class UnknownEnvironment(LookupError):
    """An evaluator or environment id the registry does not have (the message says which)."""


@dataclass(frozen=True)
class EnvironmentStatus:
    evaluator: Evaluator
    environment: Environment
    config: LanguageConfig
    available: bool
    version: str
    reason: str  # why it is unavailable; "" when available


@cache
def evaluators() -> tuple[Evaluator, ...]:
    return tuple(_declared(m, "EVALUATOR", Evaluator) for m in languages.MODULES)


@cache
def catalogue() -> tuple[Environment, ...]:
    """Every environment of every language module, in display order."""
    found: list[Environment] = []
    for module in languages.MODULES:
        declared = _declared(module, "ENVIRONMENTS", tuple)
        found += [_checked(module, env, Environment) for env in declared]
    return tuple(found)


def _declared(module: str, name: str, kind: type[T]) -> T:
    value = getattr(importlib.import_module(f"judging.languages.{module}"), name, None)
    return _checked(module, value, kind)


def _checked(module: str, value: object, kind: type[T]) -> T:
    if not isinstance(value, kind):
        raise TypeError(f"judging.languages.{module}: {value!r} is not a {kind.__name__}")
    return value


def get(evaluator_id: str) -> Evaluator:
    found = next((e for e in evaluators() if e.id == evaluator_id), None)
    if found is None:
        raise UnknownEnvironment(f"no evaluator {evaluator_id!r}")
    return found


def environments(evaluator: Evaluator) -> tuple[Environment, ...]:
    """The catalogue's environments the evaluator's glob matches."""
    return tuple(e for e in catalogue() if evaluator.supports(e.id))


def environment(evaluator: Evaluator, environment_id: str | None = None) -> Environment:
    """One of the evaluator's environments; its default one when none is named."""
    wanted = environment_id or evaluator.default_env
    found = next((e for e in environments(evaluator) if e.id == wanted), None)
    if found is None:
        raise UnknownEnvironment(f"evaluator {evaluator.id!r} has no environment {wanted!r}")
    return found


def config(evaluator_id: str, environment_id: str | None, kit: Kit | None) -> LanguageConfig:
    """The language's built-in configuration in that environment, its toolchain found here."""
    evaluator = get(evaluator_id)
    chosen = environment(evaluator, environment_id)
    base = languages.get(evaluator.id)
    if base is None:
        raise UnknownEnvironment(f"evaluator {evaluator.id!r} has no language module")
    return with_toolchain(replace(base, **chosen.changes, environment=chosen.id), kit)


def with_toolchain(language: LanguageConfig, kit: Kit | None) -> LanguageConfig:
    """`language` with the host folder of its environment's toolchain. One not found here stays
    the pattern itself, so the commands name what is missing (and are unavailable)."""
    known = next((e for e in catalogue() if e.id == language.environment), None)
    if known is None or not known.toolchain:
        return language
    return replace(language, toolchain=toolchain_folder(known, kit))


def toolchain_folder(env: Environment, kit: Kit | None) -> str:
    """The newest folder matching the environment's toolchain glob, or the glob when none."""
    pyenv = os.environ.get("PYENV_ROOT") or str(Path.home() / ".pyenv")
    rustup = os.environ.get("RUSTUP_HOME") or str(Path.home() / ".rustup")
    tools = str(kit.tools) if kit is not None else "(no-kit)/tools"
    pattern = env.toolchain.format(pyenv=pyenv, rustup=rustup, tools=tools)
    found = sorted((p for p in glob(pattern) if Path(p).is_dir()), key=_version_order)
    return found[-1] if found else pattern


def _version_order(path: str) -> tuple[int, ...]:
    tail = Path(path).name
    return tuple(int(part) for part in tail.split(".") if part.isdigit())


def availability(evaluator: Evaluator, env: Environment, kit: Kit | None) -> str:
    """Why the environment cannot run here ("" when it can): the programs its commands start
    that do not exist, and how a host gets them."""
    # The compile and run commands often start the same missing program: named once.
    missing = list(dict.fromkeys(languages.missing_programs(config(evaluator.id, env.id, kit))))
    return f"not found: {', '.join(missing)} (install: {env.origin})" if missing else ""


def status(evaluator: Evaluator, env: Environment, kit: Kit | None) -> EnvironmentStatus:
    """Whether the environment runs here, and the first line of its version probe."""
    language = config(evaluator.id, env.id, kit)
    reason = availability(evaluator, env, kit)
    version = "" if reason else languages.version(language, kit)
    return EnvironmentStatus(evaluator, env, language, not reason, version, reason)


def statuses(kit: Kit | None) -> list[EnvironmentStatus]:
    """Every evaluator x environment, in display order."""
    return [status(ev, env, kit) for ev in evaluators() for env in environments(ev)]
