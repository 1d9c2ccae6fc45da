"""Another system's history: verdicts by judgement-type id alone, a submission never judged
(a queued judgement, which enqueue_judgement sends to the workers after the commit), several
files, a question, its answer and an announcement."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from accounts.models import Team
from contest.models import Language
from judge.ccs_package.importer import import_contest
from judge.models import Clarification, Submission
from tests.support import factories

pytestmark = pytest.mark.django_db

CONTEST = "id: past\nname: Past Cup\nstart_time: 2025-05-01T10:00:00Z\nduration: 5:00:00\n"
SUBMISSIONS = [
    {
        "id": "s1",
        "team_id": "t1",
        "problem_id": "x",
        "language_id": "python3",
        "time": "2025-05-01T10:20:00Z",
    },
    {
        "id": "s2",
        "team_id": "t1",
        "problem_id": "x",
        "language_id": "python3",
        "time": "2025-05-01T10:40:00.5+00:00",
    },
    {
        "id": "s3",
        "team_id": "t1",
        "problem_id": "x",
        "language_id": "python3",
        "time": "2025-05-01T11:00:00Z",
    },
]
JUDGEMENTS = [
    {"id": "j1", "submission_id": "s1", "judgement_type_id": "WA"},
    {"id": "j2", "submission_id": "s2", "judgement_type_id": "RTE", "current": False},
    {"id": "j3", "submission_id": "s2", "judgement_type_id": "AC", "current": True},
    {"id": "j4", "submission_id": "s3", "judgement_type_id": None},  # still judging
]
CLARIFICATIONS = [
    {
        "id": "q",
        "from_team_id": "t1",
        "problem_id": "x",
        "text": "Sorted?",
        "time": "2025-05-01T10:10:00Z",
    },
    {
        "id": "a",
        "reply_to_id": "q",
        "to_team_ids": ["t1"],
        "text": "Yes.",
        "time": "2025-05-01T10:12:00Z",
    },
    {"id": "all", "text": "Ten minutes left.", "time": "2025-05-01T14:50:00Z"},
]


def _package(root: Path) -> Path:
    root.mkdir()
    (root / "contest.yaml").write_text(CONTEST)
    (root / "problems.json").write_text('[{"id": "x", "label": "X", "time_limit": 2}]')
    (root / "teams.json").write_text('[{"id": "t1", "name": "Past Team"}]')
    for name, data in (
        ("submissions.json", SUBMISSIONS),
        ("judgements.json", JUDGEMENTS),
        ("clarifications.json", CLARIFICATIONS),
    ):
        (root / name).write_text(json.dumps(data))
    for sub in SUBMISSIONS:
        (root / "submissions" / sub["id"]).mkdir(parents=True)
        with zipfile.ZipFile(root / "submissions" / sub["id"] / "files.zip", "w") as archive:
            archive.writestr("main.py", "import lib\n")
            if sub["id"] == "s2":
                archive.writestr("lib.py", "print(1)\n")
    return root


def test_verdicts_by_type_id_and_an_unjudged_submission_queued(tmp_path: Path) -> None:
    factories.seed_languages()
    assert Language.objects.filter(id="python3").exists()
    imported = import_contest(_package(tmp_path / "past"))
    subs = list(Submission.objects.filter(contest=imported.contest).order_by("submitted_at"))
    assert [(s.state, s.classification) for s in subs] == [
        ("final", "Wrong Answer"),
        ("final", "Accepted"),  # the current judgement's, not the earlier run-time error
        ("queued", ""),
    ]
    assert subs[1].program_files() == [("main.py", b"import lib\n"), ("lib.py", b"print(1)\n")]
    assert subs[2].judgements.get().state == "queued"
    assert subs[0].team == Team.objects.get(external_id="t1")
    problem = imported.contest.problems.get()
    assert (problem.letter, problem.time_limit_s, problem.tests.count()) == ("X", 2.0, 0)


def test_a_question_its_answer_and_an_announcement(tmp_path: Path) -> None:
    factories.seed_languages()
    contest = import_contest(_package(tmp_path / "past")).contest
    rows = Clarification.objects.filter(contest=contest).order_by("time")
    assert [
        (c.text, c.state, c.from_team_id is not None, c.to_team_id is not None) for c in rows
    ] == [
        ("Sorted?", "answered", True, False),
        ("Yes.", "sent", False, True),
        ("Ten minutes left.", "sent", False, False),
    ]
    assert rows[1].reply_to == rows[0]
