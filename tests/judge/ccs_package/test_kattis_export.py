"""A demo problem imported, then exported as a Kattis package: Juiz's reader reads the same
problem back, and check-package gives the same submissions the same verdicts on the exported
package as on the original (the real sandbox)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from config.demo_problems import PROBLEMS, write_package
from contest.models import Contest
from contest.services.problem_import import import_package
from judge.ccs_package.kattis import write_package as export_package
from judging.cli import check_package
from judging.problem.package import load_package

pytestmark = [pytest.mark.django_db, pytest.mark.sandbox]

GUESS = """\
lo, hi = 1, 1000
while True:
    m = (lo + hi) // 2
    print(m, flush=True)
    r = input().strip()
    if r == "correct":
        break
    lo, hi = (m + 1, hi) if r == "higher" else (lo, m - 1)
"""
# M: base 27 with a = 1 on pass 1, back on pass 2; with a = 0 the leading a's are lost.
WORD = """\
s = input().strip()
if s.isdigit():
    k, w = int(s), ""
    while k:
        k, d = divmod(k, B)
        w = chr(96 + d + 1 - A) + w
    print(w, flush=True)
else:
    k = 0
    for c in s:
        k = k * B + ord(c) - 96 - 1 + A
    print(k, flush=True)
"""
SUBMISSIONS = {
    "B": {
        "accepted/mean.py": "n = int(input())\nxs = list(map(int, input().split()))\n"
        "print(f'{sum(xs) / n:.9f}')\n",
        "wrong_answer/floor.py": "n = int(input())\nprint(sum(map(int, input().split())) // n)\n",
    },
    "C": {
        "accepted/smallest.py": "n = int(input())\nd = 2\nwhile n % d:\n    d += 1\nprint(d)\n",
        "wrong_answer/one.py": "input()\nprint(1)\n",
    },
    "I": {
        "accepted/formula.py": "n = int(input())\nprint(n * (n + 1) // 2)\n",
        "wrong_answer/square.py": "n = int(input())\nprint(n * n)\n",
    },
    "J": {
        "accepted/square.py": "x = int(input())\nprint(x * x)\n",
        "wrong_answer/plus.py": "x = int(input())\nprint(x + 1)\n",
    },
    "K": {
        "accepted/bisect.py": GUESS,
        "run_time_error/crash.py": "print(500, flush=True)\nraise SystemExit(3)\n",
    },
    "M": {
        "accepted/base27.py": "B, A = 27, 1\n" + WORD,
        "wrong_answer/base26.py": "B, A = 26, 0\n" + WORD,
    },
}


def _with_submissions(package: Path, letter: str) -> Path:
    for name, source in SUBMISSIONS[letter].items():
        (package / "submissions" / name).parent.mkdir(parents=True, exist_ok=True)
        (package / "submissions" / name).write_text(source)
    return package


def _verdicts(package: Path, capsys: pytest.CaptureFixture[str]) -> list[tuple[object, ...]]:
    code = check_package.main([str(package), "--json"])
    data = json.loads(capsys.readouterr().out)
    rows = [(r["submission"], r["got"], r["score"], r["ok"]) for r in data["submissions"]]
    return [code, data["problem"]["tests"], data["problem"]["validation"], *rows]


@pytest.mark.parametrize("letter", sorted(SUBMISSIONS))
def test_the_exported_package_judges_as_the_original(
    letter: str,
    contest: Contest,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("JUIZ_CACHE_DIR", str(tmp_path / "cache"))
    spec = next(p for p in PROBLEMS if p.letter == letter)
    original = _with_submissions(write_package(spec, tmp_path / "original"), letter)
    problem = import_package(contest, letter, original)
    exported = export_package(problem, tmp_path / "exported")
    shutil.copytree(original / "submissions", exported / "submissions")

    before, after = load_package(original), load_package(exported)
    assert (after.name, after.time_limit_s, after.types, after.groups) == (
        before.name,
        before.time_limit_s,
        before.types,
        before.groups,
    )
    assert [t.name for t in after.tests] == [t.name for t in before.tests]
    verdicts = _verdicts(original, capsys)
    assert verdicts[0] == 0  # every submission got what its folder expects
    assert _verdicts(exported, capsys) == verdicts
