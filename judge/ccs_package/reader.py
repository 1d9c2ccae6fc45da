"""Reading a whole package into checked specs, before anything is written."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from accounts.bulk.specs import Bulk
from judge.ccs_package import clarifications, contest_file, people, problems, submissions
from judge.ccs_package.errors import Collector
from judge.ccs_package.files import Doc, document


@dataclass(slots=True)
class ContestPackage:
    contest: contest_file.ContestSpec
    problems: list[problems.ProblemSpec]
    people: Bulk
    submissions: list[submissions.SubmissionSpec] = field(default_factory=list)
    clarifications: list[clarifications.ClarificationSpec] = field(default_factory=list)


def read(root: Path, *, short_name: str | None = None) -> ContestPackage:
    """The package in folder `root`; ContestPackageError listing every refusal."""
    errors = Collector()
    spec = contest_file.read(document(root, "contest", errors), errors, short_name)
    problem_doc = document(root, "problems", errors) or document(root, "problemset", errors)
    found = ContestPackage(
        contest=spec,  # type: ignore[arg-type]  # None only with an error collected
        problems=problems.read(root, problem_doc, errors),
        people=people.read(root, _yaml_accounts(root, errors), errors),
        submissions=submissions.read(
            root,
            document(root, "submissions", errors),
            document(root, "judgements", errors),
            errors,
        ),
        clarifications=clarifications.read(document(root, "clarifications", errors), errors),
    )
    _check_references(found, errors)
    errors.raise_if_any()
    return found


def _yaml_accounts(root: Path, errors: Collector) -> Doc | None:
    """accounts.yaml parsed (accounts.json is the bulk import's to read); a package with both
    is refused by document()."""
    doc = document(root, "accounts", errors)
    return doc if doc is not None and not doc[0].endswith(".json") else None


def _check_references(package: ContestPackage, errors: Collector) -> None:
    """What can be checked before writing: the problems the submissions name."""
    ids = {p.id for p in package.problems}
    for sub in package.submissions:
        if sub.problem_id not in ids:
            errors.fail(
                "submissions.json", f"{sub.where}.problem_id", f"no problem {sub.problem_id!r}"
            )
