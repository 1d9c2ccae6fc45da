"""Reading ICPC/Kattis problem packages (legacy and 2023-07 formats) into engine Problems.

What is read and from where is listed in docs/packages.md. Anything malformed or unsupported
(a 2023-07 static validator) is a PackageError with a message for the package's author.
"""

from __future__ import annotations

import configparser
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from judging.checkers.kattis_default import parse_flags
from judging.constants import Constants, parse_constants
from judging.model import OutputValidation, Problem, TestCase
from judging.problem.answers import AnswerGenerator
from judging.problem.archive import ZipLimits, extract_package
from judging.problem.calibration import CachingCalibrator, Calibrator, TimingRule
from judging.problem.errors import PackageError
from judging.problem.extensions import generator_for, with_juiz_config
from judging.problem.includes import read_includes
from judging.problem.interactions import read_interactions
from judging.problem.juiz_yaml import read_juiz_yaml
from judging.problem.kinds import package_types
from judging.problem.passes import validation_passes
from judging.problem.scoring_groups import read_groups
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
KNOWN_TYPES = ("pass-fail", "scoring", "submit-answer", "interactive", "multi-pass")
# The format's table of types that must not be combined.
INCOMPATIBLE_TYPES = (
    ("pass-fail", "scoring"),
    ("submit-answer", "multi-pass"),
    ("submit-answer", "interactive"),
)


@dataclass(frozen=True)
class SystemLimits:
    """What Juiz grants when a package leaves a limit to "the system": the format's typical
    system defaults (2048 MiB memory, 8 MiB output, 128 KiB code); the caller may override."""

    memory_mb: int = 2048
    output_kib: int = 8 * 1024
    source_size_kib: int = 128


@dataclass(frozen=True)
class _Limits:
    memory_mb: int
    output_kib: int
    source_size_kib: int
    time_limit_s: float | None = None
    defaulted: tuple[str, ...] = ()  # of "memory", "output", "code"


def load_package(
    directory: Path,
    *,
    time_limit_override: float | None = None,
    calibrate: Calibrator | None = None,
    system_limits: SystemLimits | None = None,
    answers: AnswerGenerator | None = None,
) -> Problem:
    """The package in `directory` as a Problem.

    The time limit comes from, in order: `time_limit_override`, problem.yaml limits.time_limit,
    .timelimit, domjudge-problem.ini, else calibration (`calibrate`, by default the real engine
    with the on-disk cache). Memory, output and code limits the package does not set are
    `system_limits` (the format's typical defaults), named in Problem.defaulted. What
    juiz.yaml declares is added (judging/problem/extensions.py): answers that the model
    solution makes (`answers`, by default with the calibrator's engine), multi-stage runs.
    """
    directory = Path(directory).resolve()
    config = _problem_yaml(directory)
    fmt = package_format(config)
    check_judgeable(config, directory, fmt)
    limits = _limits(config, system_limits or SystemLimits())
    flags = _problem_flags(config, fmt)
    constants = _constants(config, fmt)
    juiz = read_juiz_yaml(directory)
    data = read_test_data(
        directory, fmt, flags, constants, answers_generated=juiz.answers is not None
    )
    types = package_types(config)
    groups = read_groups(directory, fmt, constants) if "scoring" in types else ()
    problem = Problem(
        id=directory.name,
        name=_name(config, directory),
        time_limit_s=0.0,  # decided below, once the rest is known (calibration needs it)
        memory_mb=limits.memory_mb,
        output_kib=limits.output_kib,
        source_size_kib=limits.source_size_kib,
        tests=data.tests,
        validation=replace(
            _validation(config, directory, fmt, flags, data.tests), constants=constants
        ),
        time_limit_source="pending",
        defaulted=limits.defaulted,
        includes=read_includes(directory, fmt),
        constants=constants,
        languages=_languages(config, fmt),
        allow_file_writing=_allow_file_writing(config, fmt),
        types=types,
        groups=groups,
        validation_passes=validation_passes(config, types),
        interactions=read_interactions(directory),
    )
    problem = with_juiz_config(problem, juiz, answers or generator_for(calibrate))
    if "submit-answer" in problem.types:  # nothing runs: no time limit to calibrate
        return _without_runs(problem, directory, limits, time_limit_override)
    return _with_time_limit(problem, directory, config, limits, time_limit_override, calibrate)


def load_package_zip(
    path: Path,
    dest: Path,
    *,
    time_limit_override: float | None = None,
    calibrate: Calibrator | None = None,
    limits: ZipLimits | None = None,
    system_limits: SystemLimits | None = None,
) -> Problem:
    """Extract the zipped package `path` into the empty directory `dest` (safely) and load it."""
    root = extract_package(Path(path), Path(dest), limits or ZipLimits())
    return load_package(
        root,
        time_limit_override=time_limit_override,
        calibrate=calibrate,
        system_limits=system_limits,
    )


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


def check_judgeable(config: dict[str, Any], directory: Path, fmt: str) -> None:
    """PackageError saying which kind of problem this is and which key makes it so, for what
    Juiz cannot judge yet."""
    problem_types(config)  # known types that go together
    _custom_requested(config.get("validation"))  # legacy: custom interactive / score
    if fmt == "2023-07" and (directory / "static_validator").is_dir():
        raise PackageError("static_validator/: static validation is not judgeable yet")


def problem_types(config: dict[str, Any]) -> tuple[str, ...]:
    """problem.yaml's type as a tuple ("pass-fail" when absent). A string may list several
    types separated by spaces, as BAPCtools writes them."""
    value = config.get("type", "pass-fail")
    if isinstance(value, str):
        kinds = value.split()
    elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        kinds = list(value)
    else:
        raise PackageError("problem.yaml: type must be a string or a list of strings")
    for kind in kinds:
        if kind not in KNOWN_TYPES:
            raise PackageError(f"problem.yaml: unknown type {kind!r} ({', '.join(KNOWN_TYPES)})")
    for one, other in INCOMPATIBLE_TYPES:
        if one in kinds and other in kinds:
            raise PackageError(f"problem.yaml: type: {one} and {other} cannot be combined")
    return tuple(kinds)


def _languages(config: dict[str, Any], fmt: str) -> tuple[str, ...] | None:
    """2023-07 `languages`: a list of language codes (the table's, which are Juiz's ids) or
    "all"; legacy has no such key."""
    value = config.get("languages", "all")
    if fmt == "legacy" or value == "all":
        return None
    codes = value.split() if isinstance(value, str) else value  # drafts: space-separated
    if not isinstance(codes, list) or not codes or not all(isinstance(c, str) for c in codes):
        raise PackageError("problem.yaml: languages must be a list of language codes or all")
    return tuple(codes)


def _allow_file_writing(config: dict[str, Any], fmt: str) -> bool:
    """2025-09 `allow_file_writing` (default false); the other versions have no such key, and
    their submissions may not write in their working directory either (DOMjudge's rule)."""
    value = config.get("allow_file_writing", False) if fmt != "legacy" else False
    if not isinstance(value, bool):
        raise PackageError("problem.yaml: allow_file_writing must be true or false")
    return value


def _constants(config: dict[str, Any], fmt: str) -> Constants:
    if fmt == "legacy":
        return ()  # the legacy format has no constants
    try:
        return parse_constants(config.get("constants"))
    except ValueError as error:
        raise PackageError(f"problem.yaml: {error}") from None


def _problem_flags(config: dict[str, Any], fmt: str) -> tuple[str, ...]:
    # 2025-09 removed validator_flags from problem.yaml (flags are per test group), but
    # packages of the 2023-07 drafts still carry it: it is read, before the groups' flags,
    # rather than silently dropped (which would judge with the wrong flags).
    return words(config.get("validator_flags"), "problem.yaml: validator_flags")


def _limits(config: dict[str, Any], system: SystemLimits) -> _Limits:
    limits = config.get("limits") or {}
    if not isinstance(limits, dict):
        raise PackageError("problem.yaml: limits must be a mapping")

    def number(key: str) -> float | None:
        return positive_number(limits[key], f"limits.{key}") if key in limits else None

    memory, output, code = number("memory"), number("output"), number("code")
    given = (("memory", memory), ("output", output), ("code", code))
    defaulted = tuple(key for key, value in given if not value)
    return _Limits(
        memory_mb=round(memory) if memory else system.memory_mb,
        output_kib=round(output * 1024) if output else system.output_kib,  # MiB in the format
        source_size_kib=round(code) if code else system.source_size_kib,
        time_limit_s=number("time_limit"),
        defaulted=defaulted,
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
    config: dict[str, Any],
    directory: Path,
    fmt: str,
    flags: tuple[str, ...],
    tests: Sequence[TestCase],
) -> OutputValidation:
    custom = _custom_requested(config.get("validation"))
    program = validator_program(directory, fmt)
    if custom is None:  # 2023-07 has no key: a custom validator is one that exists
        custom = fmt == "2023-07" and program is not None
    grammar = "problemtools" if fmt == "legacy" else "2023-07"
    if not custom:
        for test_flags in dict.fromkeys([flags, *(t.validator_flags or () for t in tests)]):
            try:
                parse_flags(test_flags, grammar)
            except ValueError as exc:
                shown = " ".join(test_flags)
                raise PackageError(f"default validator flags {shown!r}: {exc}") from None
        return OutputValidation(kind="kattis", flags=_common(flags, tests), number_grammar=grammar)
    if program is None:
        raise PackageError(
            "validation is custom but there is no output validator "
            "(output_validators/<name>/ in legacy, output_validator/ in 2023-07)"
        )
    return OutputValidation(kind="custom", flags=_common(flags, tests), validator_dir=program)


def _common(flags: tuple[str, ...], tests: Sequence[TestCase]) -> tuple[str, ...]:
    """The problem-wide flags: every test's when they agree, else the problem.yaml ones (the
    web app stores a test's own flags only where they differ from these)."""
    distinct = {t.validator_flags for t in tests}
    only = distinct.pop() if len(distinct) == 1 else None
    return only if only is not None else flags


def _custom_requested(value: Any) -> bool | None:
    if value is None:
        return None
    parts = value.split() if isinstance(value, str) else []
    if not parts or parts[0] not in ("default", "custom"):
        raise PackageError(f"problem.yaml: validation must be default or custom..., got {value!r}")
    extras = set(parts[1:])
    # `score`: the validator writes score.txt (scoring problems; judging/scoring.py reads it).
    # `interactive`: it talks with the submission (judging/graders/interactive.py).
    # `multi-pass` (DOMjudge's extension of the legacy key): judging/graders/multipass.py.
    if extras - {"score", "interactive", "multi-pass"} or (
        parts[0] == "default" and len(parts) > 1
    ):
        raise PackageError(f"problem.yaml: unknown validation {value!r}")
    return parts[0] == "custom"


def validator_program(directory: Path, fmt: str) -> Path | None:
    """The output validator's program directory (a single-file program is its folder).

    2023-07: output_validator/ is the one program (legacy layouts in drafts are also read).
    Legacy: output_validators/ holds programs, each a file or a directory; problemtools runs
    them all, Juiz runs exactly one.
    """
    new = directory / "output_validator"
    if new.is_dir():
        return new
    folder = directory / "output_validators"
    programs = sorted(p for p in folder.glob("*") if not p.name.startswith((".", "-")))
    if len(programs) > 1 and any(p.is_dir() for p in programs):
        names = ", ".join(p.name for p in programs)
        raise PackageError(
            f"output_validators/ holds several validators ({names}); Juiz runs exactly one"
        )
    if not programs:
        return None
    # A directory is the program; loose files are one program's files (checker.cpp with
    # testlib.h) -- the validator build decides which of them is the entry point.
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


def _without_runs(
    problem: Problem, directory: Path, limits: _Limits, override: float | None
) -> Problem:
    """A submit-answer problem: its time limit, if it states one, is kept for the record."""
    fixed = _fixed_time_limit(directory, limits)
    if override is not None or fixed is None:
        seconds = override if override is not None else 1.0
        return replace(problem, time_limit_s=seconds, time_limit_source="submit-answer")
    return replace(problem, time_limit_s=fixed[0], time_limit_source=fixed[1])


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
