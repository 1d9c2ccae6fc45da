"""The package's example submissions and what each must get: folders by format version,
submissions.yaml, DOMjudge annotations, disabled files, links and BAPCtools' .bad. names."""

from __future__ import annotations

import os
from pathlib import Path

from judging.problem.expectations import Expectation
from judging.problem.submissions import list_submissions, read_submissions
from tests.judging.problem.builders import PACKAGES, write_package

MODERN = "problem_format_version: 2025-09\nname: M\n"


def expectations(root: Path) -> dict[str, Expectation]:
    return {s.name: s.expectation for s in list_submissions(root)}


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


def test_folders_mean_what_the_format_version_says(tmp_path: Path) -> None:
    files = {"submissions/time_limit_exceeded/t.c": "", "submissions/run_time_error/r.c": ""}
    legacy = expectations(write_package(tmp_path / "legacy", {"problem.yaml": "name: L\n"} | files))
    modern = expectations(write_package(tmp_path / "modern", {"problem.yaml": MODERN} | files))
    # Legacy TLE "may also give wrong answer"; 2023-07 TLE permits only AC and TLE.
    assert legacy["time_limit_exceeded/t.c"].rules[0].permitted == {"AC", "WA", "TLE"}
    assert modern["time_limit_exceeded/t.c"].rules[0].permitted == {"AC", "TLE"}
    # Legacy RTE only requires a crash somewhere.
    assert legacy["run_time_error/r.c"].describe() == "some RTE"
    assert modern["run_time_error/r.c"].describe() == "RTE"
    assert modern["run_time_error/r.c"].source == "folder"


def test_readmes_hidden_and_disabled_files_are_not_submissions(tmp_path: Path) -> None:
    write_package(
        tmp_path,
        {
            "submissions/accepted/README.md": "notes",
            "submissions/accepted/.hidden.c": "",
            "submissions/accepted/slow.kt.disabled": "",
            "submissions/accepted/one/main.c": "",
            "submissions/accepted/two/a.c": "",
            "submissions/accepted/two/b.c": "",
            "submissions/partially_accepted/x.c": "",
            "submissions/mystery/y.c": "",
            "submissions/stray.py": "",
        },
    )
    listing = read_submissions(tmp_path)
    found = {s.name: s for s in listing.submissions}
    assert list(found) == ["accepted/one", "accepted/two", "mystery/y.c", "partially_accepted/x.c"]
    assert found["accepted/one"].single_file == tmp_path / "submissions/accepted/one/main.c"
    assert found["accepted/two"].single_file is None  # one submission of two files
    assert len(found["accepted/two"].files) == 2
    assert found["partially_accepted/x.c"].expectation.scores[0].partial
    assert "states none" in found["mystery/y.c"].expectation.unjudgeable
    assert listing.skipped == [
        ("stray.py", "directly in submissions/, not in a folder"),
        ("accepted/slow.kt.disabled", "disabled (name ends in .disabled)"),
    ]
    assert list_submissions(tmp_path / "nothing") == []


def test_a_domjudge_annotation_wins_over_the_folder(tmp_path: Path) -> None:
    write_package(
        tmp_path,
        {
            "submissions/accepted/a.c": "// @EXPECTED_RESULTS@: CORRECT, WRONG-ANSWER\n",
            "submissions/multiple/b.c": "/* @EXPECTED_RESULTS@:   RUN_TIME_ERROR , TIMELIMIT */",
            "submissions/multiple/c.c": "// @EXPECTED_RESULTS@: NO-OUTPUT,COMPILER-ERROR\n",
            "submissions/check_manually/d.c": "// @EXPECTED_RESULTS@: CHECK-MANUALLY\n",
            "submissions/no_output/e.c": "int main(){}\n",
            "submissions/multiple/f.c": "int main(){}\n",
        },
    )
    found = expectations(tmp_path)
    assert found["accepted/a.c"] == Expectation("annotation", outcome=frozenset({"AC", "WA"}))
    assert found["multiple/b.c"].outcome == {"RTE", "TLE"}
    assert found["multiple/c.c"].outcome == {"WA", "CE"}  # NO-OUTPUT is a wrong answer in Juiz
    assert "human" in found["check_manually/d.c"].unjudgeable
    assert found["no_output/e.c"] == Expectation("folder", outcome=frozenset({"WA"}))
    assert found["multiple/f.c"].unjudgeable  # multiple/ means nothing without annotations


def test_submissions_yaml_overrides_folders_and_adds_per_group_rules(tmp_path: Path) -> None:
    yaml = """
accepted:
  permitted: [WA]
ac_or_wa:
  permitted: [AC, WA]
ac_or_wa/wa.py:
  permitted: [WA]
"ex/ac.{py,cpp}":
  permitted: [AC]
wrong_answer/odd.py:
  secret/*{1,3}:
    required: [AC]
tle:
  sample:
    use_for_time_limit: lower
  secret:
    use_for_time_limit: upper
"""
    write_package(
        tmp_path,
        {"problem.yaml": MODERN, "submissions/submissions.yaml": yaml}
        | {f"submissions/{n}": "" for n in ("accepted/w.py", "ac_or_wa/wa.py", "ex/ac.cpp")}
        | {f"submissions/{n}": "" for n in ("ex/ac.rb", "wrong_answer/odd.py", "tle/s.py")},
    )
    found = expectations(tmp_path)
    # The folder's key replaces its default key by key: required stays the default's (all).
    assert found["accepted/w.py"].rules[0].permitted == {"WA"}
    assert found["accepted/w.py"].source == "submissions.yaml"
    assert [r.permitted for r in found["ac_or_wa/wa.py"].rules] == [{"AC", "WA"}, {"WA"}]
    assert found["ex/ac.cpp"].rules[0].permitted == {"AC"}
    assert "states none" in found["ex/ac.rb"].unjudgeable  # the braces name .py and .cpp only
    odd = found["wrong_answer/odd.py"].rules
    assert odd[0].describe() == "WA" and odd[1].describe() == "secret/*{1,3}: some AC"
    sample, secret = found["tle/s.py"].rules
    assert sample.permitted == {"AC", "WA", "RTE"} and sample.lower_bound
    assert secret.required == {"TLE"} and not secret.lower_bound


def test_a_link_is_judged_as_its_target_and_git_text_links_are_links(tmp_path: Path) -> None:
    write_package(
        tmp_path,
        {
            "problem.yaml": MODERN,
            "submissions/wrong_answer/wa.py": "print(5)\n",
            # git writes a link as a file holding its target where links are not supported
            "submissions/accepted/wa.bad.py": "../wrong_answer/wa.py",
            "submissions/accepted/dir/inner.py": "../../wrong_answer/wa.py\n",
            "submissions/accepted/plain.py": "print(1)\n",
            "submissions/accepted/chain.py": "dir/inner.py\n",  # a link to a link
        },
    )
    os.symlink("../wrong_answer/wa.py", tmp_path / "submissions/accepted/real.bad.py")
    found = {s.name: s for s in list_submissions(tmp_path)}
    target = (tmp_path / "submissions/wrong_answer/wa.py").resolve()
    assert found["accepted/wa.bad.py"].single_file == target
    assert found["accepted/real.bad.py"].single_file == target
    assert found["accepted/dir"].single_file == target
    assert found["accepted/chain.py"].single_file == target
    assert found["accepted/plain.py"].single_file == tmp_path / "submissions/accepted/plain.py"
    assert found["accepted/wa.bad.py"].deliberately_wrong
    assert not found["accepted/plain.py"].deliberately_wrong


def test_entry_points_come_from_submissions_yaml_or_domjudge_submissions_json(
    tmp_path: Path,
) -> None:
    write_package(
        tmp_path,
        {
            "problem.yaml": MODERN,
            "submissions/submissions.yaml": "accepted/a:\n  entrypoint: x.py\n",
            "submissions.json": '{"submissions/accepted/b/": {"entry_point": "hello.js"}}',
            "submissions/accepted/a/x.py": "",
            "submissions/accepted/a/y.py": "",
            "submissions/accepted/b/hello.js": "",
            "submissions/accepted/b/module.js": "",
        },
    )
    found = {s.name: s.entrypoint for s in list_submissions(tmp_path)}
    assert found == {"accepted/a": "x.py", "accepted/b": "hello.js"}
