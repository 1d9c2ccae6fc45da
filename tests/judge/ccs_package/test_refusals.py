"""A bad package is refused with the file and field at fault, and nothing of it is written:
no contest, no team, no statement file, no logo."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from django.core.files.storage import default_storage
from django.core.management import CommandError, call_command

from accounts.models import Organization, Team
from config.demo_problems import PROBLEMS, write_package
from contest.models import Contest
from judge.ccs_package.errors import ContestPackageError
from judge.ccs_package.importer import import_contest

pytestmark = pytest.mark.django_db(transaction=True)

CONTEST = "id: spring\nname: Spring Cup\nstart_time: 2026-03-01T10:00:00Z\nduration: 5:00:00\n"


def _package(root: Path, contest: str = CONTEST, **files: object) -> Path:
    root.mkdir()
    (root / "contest.yaml").write_text(contest)
    sum_problem = next(p for p in PROBLEMS if p.letter == "A")
    write_package(sum_problem, root / "problems")  # problems/sum/
    (root / "problems" / "sum" / "problem_statement" / "problem.en.pdf").write_bytes(b"%PDF-1.4")
    (root / "problems.yaml").write_text("- id: sum\n  label: A\n  name: Sum\n  rgb: '#f00'\n")
    teams = [{"id": "t1", "name": "Alpha", "organization_id": "uni"}]
    (root / "organizations.json").write_text(json.dumps([{"id": "uni", "name": "Uni"}]))
    (root / "organizations" / "uni").mkdir(parents=True)
    (root / "organizations" / "uni" / "logo.png").write_bytes(b"\x89PNG logo")
    (root / "teams.json").write_text(json.dumps(teams))
    for name, data in files.items():
        (root / name.replace("_", ".")).write_text(
            data if isinstance(data, str) else json.dumps(data)
        )
    return root


def _refusals(path: Path) -> list[str]:
    with pytest.raises(ContestPackageError) as refused:
        import_contest(path)
    return [str(p) for p in refused.value.problems]


@pytest.fixture(autouse=True)
def own_media(settings: Any, tmp_path: Path) -> Path:
    """A media folder per test: what a refused import left in it is then all there is."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT  # type: ignore[no-any-return]


def _nothing_written() -> None:
    assert not Contest.objects.filter(short_name="spring").exists()
    assert not Team.objects.filter(name="Alpha").exists()
    assert not Organization.objects.filter(external_id="uni").exists()
    assert _stored_files() == []


def _stored_files() -> list[str]:
    root = Path(default_storage.location)
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def test_a_good_package_imports_with_its_statement_and_logo(tmp_path: Path) -> None:
    imported = import_contest(_package(tmp_path / "pkg"))
    assert imported.contest.name == "Spring Cup"
    problem = imported.contest.problems.get()
    assert (problem.letter, problem.color, problem.tests.count()) == ("A", "#f00", 8)
    assert problem.statement_pdf.read() == b"%PDF-1.4"
    assert Team.objects.get(external_id="t1").organization.logo.read() == b"\x89PNG logo"
    assert _stored_files() == [
        "logos/uni.png",
        "statements/spring-A.pdf",
    ]  # what a refusal leaves out


def test_a_missing_start_time_names_contest_yaml(tmp_path: Path) -> None:
    contest = CONTEST.replace("start_time: 2026-03-01T10:00:00Z\n", "")
    refusals = _refusals(_package(tmp_path / "pkg", contest))
    assert refusals == ["contest.yaml, start_time: Juiz needs the contest's start time"]
    _nothing_written()


def test_a_bad_duration_and_a_bad_label_are_both_reported(tmp_path: Path) -> None:
    root = _package(tmp_path / "pkg", CONTEST.replace("5:00:00", "five hours"))
    (root / "problems.yaml").write_text("- id: sum\n  label: A-1\n")
    refusals = _refusals(root)
    assert refusals[0].startswith("contest.yaml, duration: must be a duration")
    assert refusals[1] == "problems.yaml, [1].label: 'A-1': Juiz's labels are 1-5 letters or digits"


def test_a_broken_problem_package_names_its_path_and_writes_nothing(tmp_path: Path) -> None:
    root = _package(tmp_path / "pkg")
    (root / "problems" / "sum" / "problem.yaml").write_text("limits: [1, 2]\n")
    refusals = _refusals(root)
    assert refusals == ["problems/sum, [1] (sum): problem.yaml: limits must be a mapping"]
    _nothing_written()


def test_a_submission_of_an_unknown_team_rolls_back_the_problems_and_teams(tmp_path: Path) -> None:
    """The refusal comes after the problem (and its statement file) and the teams were
    written: all of it goes."""
    submission = [
        {
            "id": "1",
            "team_id": "nobody",
            "problem_id": "sum",
            "language_id": "python3",
            "time": "2026-03-01T10:05:00Z",
        }
    ]
    root = _package(tmp_path / "pkg", submissions_json=submission)
    (root / "submissions" / "1").mkdir(parents=True)
    import zipfile

    with zipfile.ZipFile(root / "submissions" / "1" / "files.zip", "w") as archive:
        archive.writestr("a.py", "print(1)\n")
    from tests.support import factories

    factories.seed_languages()
    refusals = _refusals(root)
    assert refusals == ["submissions.json, [1].team_id: 'nobody' is unknown"]
    _nothing_written()


def test_a_team_of_an_unknown_organization_names_teams_json(tmp_path: Path) -> None:
    root = _package(tmp_path / "pkg")
    (root / "teams.json").write_text(
        json.dumps([{"id": "t1", "name": "Alpha", "organization_id": "x"}])
    )
    assert _refusals(root) == ["teams.json, [1].organization_id: no organization 'x'"]
    _nothing_written()


def test_the_command_lists_the_refusals_and_says_nothing_was_imported(tmp_path: Path) -> None:
    root = _package(tmp_path / "pkg", CONTEST.replace("duration: 5:00:00\n", ""))
    with pytest.raises(CommandError) as refused:
        call_command("import_contest", str(root))
    assert "nothing was imported" in str(refused.value)
    assert "contest.yaml, duration: is required" in str(refused.value)


def test_a_file_that_is_no_zip_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "package.zip"
    path.write_bytes(b"not a zip")
    refusals = _refusals(path)
    assert len(refusals) == 1 and refusals[0].startswith("package.zip, (file): ")


def test_a_problem_whose_package_is_only_an_href_is_refused(tmp_path: Path) -> None:
    """Juiz does not fetch hrefs: the problem would silently have no test data."""
    root = _package(tmp_path / "pkg")
    shutil.rmtree(root / "problems" / "sum")
    listed = (
        "- id: sum\n  label: A\n  package:\n  - {href: 'https://x/sum.zip', filename: sum.zip}\n"
    )
    (root / "problems.yaml").write_text(listed)
    assert _refusals(root) == [
        "problems.yaml, [1].package: not in the package under problems/sum/"
        " (Juiz does not fetch an href)"
    ]


def test_accounts_in_both_json_and_yaml_are_refused(tmp_path: Path) -> None:
    root = _package(tmp_path / "pkg")
    (root / "accounts.json").write_text("[]")
    (root / "accounts.yaml").write_text("[]")
    assert _refusals(root) == [
        "accounts.yaml, (file): the package also has accounts.json: keep one"
    ]
