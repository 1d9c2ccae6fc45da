"""The built-in languages (one attribute-only module each) and what the engine asks about any
LanguageConfig, built-in or admin-edited: which file it takes, whether its toolchain exists,
its version, and the values of its command templates.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import cache
from pathlib import Path

from judging.kit import NODE_MODULES_IN_BOX, Kit
from judging.languages.base import LanguageConfig, substitute

# Display and seeding order.
MODULES: tuple[str, ...] = (
    "c",
    "cpp",
    "java",
    "python3",
    "javascript",
    "typescript",
    "kotlin",
    "go",
    "pascal",
    "haskell",
    "rust",
)

# Where toolchains are looked up: the system directories the sandbox mounts. Home directories
# (pyenv shims, rustup's ~/.cargo) are deliberately not searched: they are not in the box.
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"
DEBIAN_PYTHON = "/usr/bin/python3"
VERSION_TIMEOUT_S = 20.0


@cache
def all_languages() -> tuple[LanguageConfig, ...]:
    """Every built-in language, in its evaluator's default environment (its own commands)."""
    configs = []
    for module in MODULES:
        loaded = importlib.import_module(f"judging.languages.{module}")
        language = loaded.LANGUAGE
        if not isinstance(language, LanguageConfig):
            raise TypeError(f"judging.languages.{module}.LANGUAGE is not a LanguageConfig")
        configs.append(replace(language, environment=loaded.EVALUATOR.default_env))
    return tuple(configs)


def get(language_id: str) -> LanguageConfig | None:
    return next((c for c in all_languages() if c.id == language_id), None)


def for_filename(filename: str, languages: Iterable[LanguageConfig]) -> LanguageConfig | None:
    """The first enabled language whose extensions include the file's (case-insensitive)."""
    return next((c for c in languages if c.enabled and c.matches(filename)), None)


def python_interpreter() -> str:
    """Debian's python3; a system-path python3 only if that is missing (never a pyenv shim)."""
    if os.access(DEBIAN_PYTHON, os.X_OK):
        return DEBIAN_PYTHON
    return shutil.which("python3", path=SYSTEM_PATH) or DEBIAN_PYTHON


def variables(
    config: LanguageConfig, *, source: str, workdir: str, memory_mb: int
) -> dict[str, str]:
    """The values of the template variables for one submission (see base.py)."""
    name = source.rsplit(".", 1)[0]
    return {
        "source": source,
        "name": name,
        "dir": workdir,
        "exe": config.exe.replace("{name}", name),
        "memory_mb": str(memory_mb),
        "python": python_interpreter(),
        "node_modules": NODE_MODULES_IN_BOX,
        "toolchain": config.toolchain,
    }


def _placeholder_variables(config: LanguageConfig) -> Mapping[str, str]:
    source = config.source_name.replace("{class}", "Main").format(ext=config.extensions[0])
    return variables(config, source=source, workdir="/box", memory_mb=256)


def toolchain(config: LanguageConfig) -> tuple[str, ...]:
    """The programs the compile and run commands start (their first words)."""
    values = _placeholder_variables(config)
    words = []
    for template in (config.compile_command, config.run_command):
        if template:
            argv = substitute(template, values)
            if argv and not argv[0].startswith(values["dir"] + "/"):
                words.append(argv[0])
    return tuple(words)


def resolve(program: str) -> str | None:
    if "/" in program:
        return program if os.access(program, os.X_OK) and Path(program).is_file() else None
    return shutil.which(program, path=SYSTEM_PATH)


def missing_programs(config: LanguageConfig) -> list[str]:
    """What keeps the language from running: programs not on the system path, or a template
    the engine cannot fill (which cannot run either)."""
    try:
        programs = toolchain(config)
    except (KeyError, ValueError, IndexError) as error:
        return [f"(unusable command template: {error})"]
    if not programs:
        return ["(no command)"]
    return [p for p in programs if resolve(p) is None]


def is_available(config: LanguageConfig) -> bool:
    """Whether every program the language's commands start exists on the system path."""
    return not missing_programs(config)


def version(config: LanguageConfig, kit: Kit | None = None) -> str:
    """The first line the version command prints (stdout or stderr: java uses stderr). The
    command runs on the host, so {node_modules} is the kit's folder: without a kit, a command
    that needs it has no version."""
    if not config.version_command or not is_available(config):
        return ""
    values = dict(_placeholder_variables(config))
    del values["node_modules"]
    if kit is not None:
        values["node_modules"] = str(kit.node_modules)
    try:
        argv = substitute(config.version_command, values)
        done = subprocess.run(
            argv,
            capture_output=True,
            timeout=VERSION_TIMEOUT_S,
            env={"PATH": SYSTEM_PATH, "HOME": "/tmp", "LANG": "C.UTF-8"},
            check=False,
        )
    except (OSError, ValueError, KeyError, subprocess.TimeoutExpired):
        return ""
    for line in (done.stdout + b"\n" + done.stderr).decode("utf-8", "replace").splitlines():
        if line.strip():
            return line.strip()
    return ""
