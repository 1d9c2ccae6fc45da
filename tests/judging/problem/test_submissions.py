"""The package's example submissions and what each folder expects in Mooshak's terms."""

from __future__ import annotations

from pathlib import Path

from judging.classification import Classification as C
from judging.problem.submissions import EXPECTED, ignored_folders, list_submissions
from tests.judging.problem.builders import PACKAGES, write_package


def test_folders_map_to_mooshak_classifications() -> None:
    assert EXPECTED["accepted"] == {C.ACCEPTED}
    assert EXPECTED["wrong_answer"] == {C.WRONG_ANSWER, C.PRESENTATION_ERROR}
    assert EXPECTED["time_limit_exceeded"] == {C.TIME_LIMIT_EXCEEDED}
    # A non-zero exit is Invalid Exit Value in Mooshak, a run-time error for the ICPC.
    assert EXPECTED["run_time_error"] == {C.RUNTIME_ERROR, C.INVALID_EXIT_VALUE}
    assert EXPECTED["compile_error"] == {C.COMPILE_TIME_ERROR}
    assert C.ACCEPTED not in EXPECTED["rejected"] and C.WRONG_ANSWER in EXPECTED["rejected"]
    assert C.REQUIRES_REEVALUATION not in EXPECTED["rejected"]
    assert C.WRONG_ANSWER not in EXPECTED["brute_force"]


def test_submissions_are_listed_by_folder_then_name() -> None:
    names = [s.name for s in list_submissions(PACKAGES / "sum")]
    assert names == [
        "accepted/sum.c",
        "accepted/sum.cpp",
        "accepted/sum.py",
        "wrong_answer/difference.py",
        "wrong_answer/int32.c",
        "time_limit_exceeded/spin.c",
        "time_limit_exceeded/spin.py",
        "run_time_error/exception.py",
        "run_time_error/exit3.c",
        "run_time_error/segfault.c",
    ]


def test_readmes_hidden_files_and_unknown_folders_are_skipped_and_a_directory_is_a_submission(
    tmp_path: Path,
) -> None:
    write_package(
        tmp_path,
        {
            "submissions/accepted/README.md": "notes",
            "submissions/accepted/.hidden.c": "",
            "submissions/accepted/one/main.c": "",
            "submissions/accepted/two/a.c": "",
            "submissions/accepted/two/b.c": "",
            "submissions/partially_accepted/x.c": "",
            "submissions/mystery/y.c": "",
        },
    )
    found = list_submissions(tmp_path)
    assert [s.name for s in found] == ["accepted/one", "accepted/two"]
    assert found[0].single_file == tmp_path / "submissions/accepted/one/main.c"
    assert found[1].single_file is None  # several files: not something Juiz can judge
    assert ignored_folders(tmp_path) == ["mystery", "partially_accepted"]
    assert list_submissions(tmp_path / "nothing") == []
