"""problems.yaml / problems.json (or the older problemset.yaml) and the problem packages.

A problem's package is looked for where the spec's listing puts it (problems/<id>/<id>.zip, or
the file its `package` reference names), or unzipped there, or as a folder or zip named by its
id at the package's root (the problemset.yaml layout). It is imported by Juiz's package import
(contest.services.problem_import), the label becoming the problem's letter. A function problem
travels by its library id (`x_library_id`); a problem with neither is created from its
problems.json fields alone and has no test data until a package is imported for it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from contest.models import Contest, Problem, Validation
from contest.services.problem_import import PackageError, import_package
from judge.ccs_package.errors import Collector
from judge.ccs_package.files import Doc
from judge.errors import ServiceError
from judge.services.coverage import import_function_problem

LETTER = re.compile(r"^[A-Za-z0-9]{1,5}$")  # Problem.letter
BALLOON_NAME = Problem._meta.get_field("balloon_colour").max_length or 0
RGB = re.compile(r"^#[0-9A-Fa-f]{3}([0-9A-Fa-f]{3})?$")


@dataclass(frozen=True, slots=True)
class ProblemSpec:
    file: str
    where: str  # "[2]": which object of the file
    id: str
    label: str
    name: str
    ordinal: int
    colour: str  # rgb, else the colour's name, else ""
    colour_name: str
    time_limit_s: float | None
    package: Path | None
    package_name: str  # the package's path in the contest package, for messages
    validation: str  # x_validation: "" keeps what the package import chose
    library_id: str  # x_library_id


def read(root: Path, doc: Doc | None, errors: Collector) -> list[ProblemSpec]:
    if doc is None:
        return []
    name, data = doc
    if name.startswith("problemset") and isinstance(data, dict):
        data = [_from_problemset(p) for p in data.get("problems") or []]
    if not isinstance(data, list):
        errors.fail(name, "(file)", "must be an array of problems")
        return []
    specs = []
    for i, obj in enumerate(data, start=1):
        spec = _spec(root, name, f"[{i}]", obj, i, errors) if isinstance(obj, dict) else None
        if spec is None and not isinstance(obj, dict):
            errors.fail(name, f"[{i}]", "is not an object")
        if spec is not None:
            specs.append(spec)
    _check_unique(specs, errors)
    return specs


def _from_problemset(entry: Any) -> Any:
    """problemset.yaml's keys (letter, short-name) as problems.json's (label, id)."""
    if not isinstance(entry, dict):
        return entry
    found = {"id": entry.get("short-name"), "label": entry.get("letter")}
    return found | {k: v for k, v in entry.items() if k not in ("short-name", "letter")}


def _spec(
    root: Path, file: str, where: str, obj: dict[str, Any], position: int, errors: Collector
) -> ProblemSpec | None:
    def text(key: str) -> str:
        value = obj.get(key)
        return str(value).strip() if isinstance(value, (str, int)) else ""

    ident, label = text("id"), text("label")
    if not ident:
        errors.fail(file, f"{where}.id", "is required")
        return None
    if not LETTER.match(label):
        errors.fail(file, f"{where}.label", f"{label!r}: Juiz's labels are 1-5 letters or digits")
        return None
    rgb, colour = text("rgb"), text("color")
    if rgb and not RGB.match(rgb):
        errors.fail(file, f"{where}.rgb", f"{rgb!r} is not a colour such as #00f")
    validation = text("x_validation")
    if validation and validation not in Validation.values:
        errors.fail(file, f"{where}.x_validation", f"{validation!r} is not one of Juiz's")
    limit = obj.get("time_limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, (int, float))):
        errors.fail(file, f"{where}.time_limit", "must be a number of seconds")
        limit = None
    library_id = text("x_library_id")
    package = None if library_id else _package(root, ident, obj)
    if package is None and obj.get("package") and not library_id:
        # A shallow package's problem would silently have no test data: refuse instead.
        errors.fail(
            file,
            f"{where}.package",
            f"not in the package under problems/{ident}/ (Juiz does not fetch an href)",
        )
    ordinal = obj.get("ordinal")
    return ProblemSpec(
        file=file,
        where=where,
        id=ident,
        label=label.upper(),
        name=text("name") or ident,
        ordinal=ordinal if isinstance(ordinal, int) else position,
        colour=rgb or colour,
        colour_name=colour,
        time_limit_s=float(limit) if limit else None,
        package=package,
        package_name=package.relative_to(root).as_posix() if package else "",
        validation=validation,
        library_id=library_id,
    )


def _package(root: Path, ident: str, obj: dict[str, Any]) -> Path | None:
    folder = root / "problems" / ident
    named = [f.get("filename") for f in obj.get("package") or [] if isinstance(f, dict)]
    candidates = [folder / n for n in named if isinstance(n, str) and "/" not in n]
    candidates += [folder / f"{ident}.zip", folder, root / ident, root / f"{ident}.zip"]
    for path in candidates:
        if path.is_file() or (path / "problem.yaml").is_file():
            return path
    return None


def _check_unique(specs: list[ProblemSpec], errors: Collector) -> None:
    for key in ("id", "label"):
        seen: set[str] = set()
        for spec in specs:
            value = getattr(spec, key)
            if value in seen:
                errors.fail(spec.file, f"{spec.where}.{key}", f"{value!r} is on an earlier problem")
            seen.add(value)


def import_all(contest: Contest, specs: list[ProblemSpec], errors: Collector) -> dict[str, Problem]:
    """The problems by package id; each failure is collected (the caller rolls back)."""
    found = {}
    for spec in sorted(specs, key=lambda s: s.ordinal):
        problem = _import_one(contest, spec, errors)
        if problem is not None:
            found[spec.id] = problem
    return found


def _import_one(contest: Contest, spec: ProblemSpec, errors: Collector) -> Problem | None:
    try:
        if spec.library_id:
            problem = import_function_problem(contest, spec.library_id, letter=spec.label)
        elif spec.package is not None:
            problem = import_package(contest, spec.label, spec.package)
        else:
            problem = Problem.objects.get_or_create(contest=contest, letter=spec.label)[0]
            if spec.time_limit_s is not None:
                problem.time_limit_s = spec.time_limit_s
    except (PackageError, ServiceError) as error:
        errors.fail(spec.package_name or spec.file, f"{spec.where} ({spec.id})", _message(error))
        return None
    problem.name = spec.name
    problem.color = spec.colour or problem.color
    problem.balloon_colour = spec.colour_name[:BALLOON_NAME]
    if spec.validation:
        problem.validation = spec.validation
    problem.save()
    return problem


def _message(error: Exception) -> str:
    return error.message if isinstance(error, ServiceError) else str(error)


def problem_id(problem: Problem) -> str:
    """The package id of a problem: its letter, which is unique in its contest and is what
    Juiz's import makes the label again."""
    return problem.letter.lower()


def write(problem: Problem, ordinal: int, package: str | None) -> dict[str, Any]:
    """`package`: the file name of its Kattis package under problems/<id>/, if it has one."""
    colour = problem.color.strip()
    found: dict[str, Any] = {
        "id": problem_id(problem),
        "label": problem.letter,
        "name": problem.name,
        "ordinal": ordinal,
        "rgb": colour if RGB.match(colour) else None,
        "color": problem.balloon_colour or (None if RGB.match(colour) else colour or None),
        "time_limit": round(problem.time_limit_s, 3),
        "memory_limit": problem.memory_mb,
        "output_limit": -(-problem.output_kib // 1024),
        "code_limit": problem.source_size_kib,
        "test_data_count": problem.tests.count(),
        "x_validation": problem.validation,
    }
    if package is not None:
        found["package"] = [{"filename": package, "mime": "application/zip"}]
    if problem.library_id:
        found["x_library_id"] = problem.library_id
    return found
