"""Reading ICPC/Kattis problem packages (legacy and 2023-07 formats) into engine Problems.

What is read and from where is listed in docs/packages.md. Anything malformed or unsupported
(interactive, scoring, multi-pass problems) is a PackageError with a message for the package's
author.
"""

from __future__ import annotations

import configparser
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from judging.checkers.kattis_default import parse_flags
from judging.model import OutputValidation, Problem
from judging.problem.archive import ZipLimits, extract_package
from judging.problem.calibration import CachingCalibrator, Calibrator, TimingRule
from judging.problem.errors import PackageError
from judging.problem.testdata import read_test_data
from judging.problem.yamlfile import positive_number, read_mapping, words

__all__ = ["PackageError", "load_package", "load_package_zip", "package_format"]

# problem_format_version -> the rules Juiz applies. 2025-09 is what the 2023-07 draft became.
FORMATS = {
    "legacy": "legacy",
    "legacy-icpc": "legacy",
    "2023-07": "2023-07",
    "2023-07-draft": "2023-07",
    "2025-09": "2023-07",
    "draft": "2023-07",
}
UNSUPPORTED_TYPES = {
    "scoring": "scoring problems are not supported (Juiz judges pass-fail)",
    "interactive": "interactive problems are not supported yet",
    "multi-pass": "multi-pass problems are not supported yet",
    "submit-answer": "submit-answer problems are not supported",
}


@dataclass(frozen=True)
class _Limits:
    memory_mb: int = 256
    output_kib: int = 8192
    source_size_kib: int = 256
    time_limit_s: float | None = None


def load_package(
    directory: Path,
    *,
    time_limit_override: float | None = None,
    calibrate: Calibrator | None = None,
) -> Problem:
    """The package in `directory` as a Problem.

    The time limit comes from, in order: `time_limit_override`, problem.yaml limits.time_limit,
    .timelimit, domjudge-problem.ini, else calibration (`calibrate`, by default the real engine
    with the on-disk cache).
    """
    directory = Path(directory).resolve()
    config = _problem_yaml(directory)
    fmt = package_format(config)
    _check_type(config.get("type"))
    limits = _limits(config)
    data = read_test_data(directory)
    flags = words(config.get("validator_flags"), "problem.yaml: validator_flags")
    problem = Problem(
        id=directory.name,
        name=_name(config, directory),
        time_limit_s=0.0,  # decided below, once the rest is known (calibration needs it)
        memory_mb=limits.memory_mb,
        output_kib=limits.output_kib,
        source_size_kib=limits.source_size_kib,
        tests=data.tests,
        validation=_validation(config, directory, fmt, flags + data.validator_flags),
        time_limit_source="pending",
    )
    return _with_time_limit(problem, directory, config, limits, time_limit_override, calibrate)


def load_package_zip(
    path: Path,
    dest: Path,
    *,
    time_limit_override: float | None = None,
    calibrate: Calibrator | None = None,
    limits: ZipLimits | None = None,
) -> Problem:
    """Extract the zipped package `path` into the empty directory `dest` (safely) and load it."""
    root = extract_package(Path(path), Path(dest), limits or ZipLimits())
    return load_package(root, time_limit_override=time_limit_override, calibrate=calibrate)


def package_format(config: dict[str, Any]) -> str:
    """ "legacy" or "2023-07", from problem.yaml's problem_format_version."""
    version = config.get("problem_format_version", "legacy")
    if not isinstance(version, str) or version not in FORMATS:
        known = ", ".join(sorted(FORMATS))
        raise PackageError(f"problem.yaml: unknown problem_format_version {version!r} ({known})")
    return FORMATS[version]


def timing_rule(config: dict[str, Any]) -> TimingRule:
    limits = config.get("limits") or {}
    if package_format(config) == "legacy":
        multiplier = limits.get("time_multiplier", 5)
        return TimingRule("legacy", positive_number(multiplier, "limits.time_multiplier"))
    multipliers = limits.get("time_multipliers") or {}
    if not isinstance(multipliers, dict):
        raise PackageError("problem.yaml: limits.time_multipliers must be a mapping")
    factor = positive_number(
        multipliers.get("ac_to_time_limit", 2.0), "limits.time_multipliers.ac_to_time_limit"
    )
    if factor < 1:
        raise PackageError(f"problem.yaml: ac_to_time_limit must be at least 1, got {factor:g}")
    resolution = positive_number(limits.get("time_resolution", 1.0), "limits.time_resolution")
    return TimingRule("2023-07", factor, resolution)


def _problem_yaml(directory: Path) -> dict[str, Any]:
    if not directory.is_dir():
        raise PackageError("no such directory")
    if not (directory / "problem.yaml").is_file():
        raise PackageError("no problem.yaml, so not a problem package")
    return read_mapping(directory / "problem.yaml", "problem.yaml")


def _check_type(value: Any) -> None:
    kinds = [value] if isinstance(value, str) else value if isinstance(value, list) else None
    if value is not None and kinds is None:
        raise PackageError("problem.yaml: type must be a string or a list of strings")
    for kind in kinds or ():
        if kind in UNSUPPORTED_TYPES:
            raise PackageError(f"problem.yaml: type {kind}: {UNSUPPORTED_TYPES[kind]}")
        if kind != "pass-fail":
            raise PackageError(f"problem.yaml: unknown type {kind!r}")


def _limits(config: dict[str, Any]) -> _Limits:
    limits = config.get("limits") or {}
    if not isinstance(limits, dict):
        raise PackageError("problem.yaml: limits must be a mapping")

    def number(key: str) -> float | None:
        return positive_number(limits[key], f"limits.{key}") if key in limits else None

    memory, output, code = number("memory"), number("output"), number("code")
    default = _Limits()
    return _Limits(
        memory_mb=round(memory) if memory else default.memory_mb,
        output_kib=round(output * 1024) if output else default.output_kib,  # MiB in the format
        source_size_kib=round(code) if code else default.source_size_kib,
        time_limit_s=number("time_limit"),
    )


def _name(config: dict[str, Any], directory: Path) -> str:
    name = config.get("name")
    if isinstance(name, dict) and name:  # {language: name}: English if there is one
        name = name.get("en", next(iter(name.values())))
    if isinstance(name, str) and name.strip():
        return name.strip()
    if name is not None:
        raise PackageError("problem.yaml: name must be a string or a map of language to name")
    return _statement_name(directory) or directory.name


def _statement_name(directory: Path) -> str | None:
    """Legacy packages may leave the name to the LaTeX statement: its plain-name comment, else
    its \\problemname{...}."""
    for folder in ("problem_statement", "statement"):
        for tex in sorted((directory / folder).glob("problem*.tex")):
            text = tex.read_text(errors="replace")
            found = re.search(r"^%% *plainproblemname: *(.+)$", text, re.MULTILINE)
            found = found or re.search(r"\\problemname\{([^{}]*)\}", text)
            if found and found.group(1).strip():
                return found.group(1).strip()
    return None


def _validation(
    config: dict[str, Any], directory: Path, fmt: str, flags: tuple[str, ...]
) -> OutputValidation:
    custom = _custom_requested(config.get("validation"))
    program = _validator_dir(directory)
    if custom is None:  # 2023-07 has no key: a custom validator is one that exists
        custom = fmt == "2023-07" and program is not None
    if not custom:
        try:
            parse_flags(flags)
        except ValueError as exc:
            raise PackageError(f"default validator flags {' '.join(flags)!r}: {exc}") from None
        return OutputValidation(kind="kattis", flags=flags)
    if program is None:
        raise PackageError(
            "validation is custom but there is no output validator "
            "(output_validators/<name>/ in legacy, output_validator/ in 2023-07)"
        )
    return OutputValidation(kind="custom", flags=flags, validator_dir=program)


def _custom_requested(value: Any) -> bool | None:
    if value is None:
        return None
    parts = value.split() if isinstance(value, str) else []
    if not parts or parts[0] not in ("default", "custom"):
        raise PackageError(f"problem.yaml: validation must be default or custom..., got {value!r}")
    extras = set(parts[1:])
    if "interactive" in extras:
        raise PackageError(
            "problem.yaml: validation custom interactive: "
            "interactive problems are not supported yet"
        )
    if "score" in extras:
        raise PackageError(
            "problem.yaml: validation custom score: "
            "scoring problems are not supported (Juiz judges pass-fail)"
        )
    if extras or (parts[0] == "default" and len(parts) > 1):
        raise PackageError(f"problem.yaml: unknown validation {value!r}")
    return parts[0] == "custom"


def _validator_dir(directory: Path) -> Path | None:
    if (directory / "output_validator").is_dir():  # 2023-07: the folder is the program
        return directory / "output_validator"
    folder = directory / "output_validators"  # legacy: each entry is a program
    programs = sorted(p for p in folder.glob("*") if not p.name.startswith("."))
    if len(programs) > 1:
        names = ", ".join(p.name for p in programs)
        raise PackageError(
            f"output_validators/ holds several validators ({names}); Juiz runs exactly one"
        )
    if not programs:
        return None
    # A single-file program counts as a folder holding just that file.
    return programs[0] if programs[0].is_dir() else folder


def _with_time_limit(
    problem: Problem,
    directory: Path,
    config: dict[str, Any],
    limits: _Limits,
    override: float | None,
    calibrate: Calibrator | None,
) -> Problem:
    if override is not None:
        seconds = positive_number(override, "time limit override")
        return replace(problem, time_limit_s=seconds, time_limit_source="override")
    fixed = _fixed_time_limit(directory, limits)
    if fixed is not None:
        return replace(problem, time_limit_s=fixed[0], time_limit_source=fixed[1])
    rule = timing_rule(config)
    calibration = (calibrate or CachingCalibrator())(directory, problem, rule)
    return replace(problem, time_limit_s=calibration.time_limit_s, time_limit_source="calibrated")


def _fixed_time_limit(directory: Path, limits: _Limits) -> tuple[float, str] | None:
    if limits.time_limit_s is not None:
        return limits.time_limit_s, "problem.yaml"
    # .timelimit and domjudge-problem.ini are how legacy packages (DOMjudge, BAPCtools) fix it.
    dotfile = directory / ".timelimit"
    if dotfile.is_file():
        return _seconds(dotfile.read_text(errors="replace").strip(), ".timelimit"), ".timelimit"
    ini = directory / "domjudge-problem.ini"
    if ini.is_file():
        value = _ini_timelimit(ini)
        if value is not None:
            return _seconds(value, "domjudge-problem.ini"), "domjudge-problem.ini"
    return None


def _seconds(text: str, shown_as: str) -> float:
    try:
        return positive_number(float(text), shown_as)
    except ValueError:
        raise PackageError(f"{shown_as}: expected a number of seconds, got {text!r}") from None


def _ini_timelimit(ini: Path) -> str | None:
    parser = configparser.ConfigParser()
    try:  # the file has no section header; give it one
        parser.read_string("[problem]\n" + ini.read_text(errors="replace"))
    except configparser.Error as exc:
        raise PackageError(f"domjudge-problem.ini: cannot be parsed ({exc})") from None
    value = parser.get("problem", "timelimit", fallback=None)
    return value.strip().strip("'\"") if value is not None else None
