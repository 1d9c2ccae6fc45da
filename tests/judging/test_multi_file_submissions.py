"""Submissions of several files and a package's included files, judged by the real engine in
the real sandbox: every file compiles, the format's entry point runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.classification import Classification as C
from judging.engine import Submission, SubmissionFile, judge, read_submission
from judging.languages import registry
from judging.problem.package import load_package
from judging.sandbox.base import Sandbox
from tests.judging.problem.builders import write_package

pytestmark = pytest.mark.sandbox

LANGUAGES = [c for c in registry.all_languages() if registry.is_available(c)]
NEW = "problem_format_version: 2025-09\nname: Twice\nlimits: {time_limit: 2}\n"
PACKAGE = {
    "data/secret/1.in": "21\n",
    "data/secret/1.ans": "42\n",
}


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    from judging.sandbox import make_sandbox

    return make_sandbox()


def needs(language_id: str) -> None:
    if not any(c.id == language_id for c in LANGUAGES):
        pytest.skip(f"{language_id} is not installed")


def write_files(root: Path, files: dict[str, str]) -> Path:
    return write_package(root, files)


def test_a_cpp_program_of_two_files_and_a_header_compiles_together(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    problem = load_package(write_package(tmp_path / "pkg", {"problem.yaml": NEW, **PACKAGE}))
    program = write_files(
        tmp_path / "twice",
        {
            "twice.h": "int twice(int);\n",
            "twice.cpp": '#include "twice.h"\nint twice(int x) { return 2 * x; }\n',
            "main.cpp": '#include <cstdio>\n#include "twice.h"\n'
            'int main() { int x; std::scanf("%d", &x); std::printf("%d\\n", twice(x)); }\n',
        },
    )
    report = judge(read_submission(program), problem, LANGUAGES, sandbox)
    assert (report.classification, report.language) == (C.ACCEPTED, "cpp"), report


def test_java_runs_the_class_with_main_among_several(tmp_path: Path, sandbox: Sandbox) -> None:
    needs("java")
    problem = load_package(write_package(tmp_path / "pkg", {"problem.yaml": NEW, **PACKAGE}))
    submission = Submission(
        (
            SubmissionFile(
                "Twice.java", b"class Twice { static int of(int x) { return 2 * x; } }\n"
            ),
            SubmissionFile(
                "Solve.java",
                b"public class Solve { public static void main(String[] a) {\n"
                b"  int x = new java.util.Scanner(System.in).nextInt();\n"
                b"  System.out.println(Twice.of(x)); } }\n",
            ),
        ),
        "solve",
    )
    report = judge(submission, problem, LANGUAGES, sandbox)
    assert report.classification is C.ACCEPTED, report


def test_python_runs_the_file_named_like_the_submission(tmp_path: Path, sandbox: Sandbox) -> None:
    problem = load_package(write_package(tmp_path / "pkg", {"problem.yaml": NEW, **PACKAGE}))
    program = write_files(
        tmp_path / "solve",
        {
            "helper.py": "def twice(x):\n    return 2 * x\n",
            "solve.py": "from helper import twice\nprint(twice(int(input())))\n",
            "zzz.py": "raise SystemExit('not the entry point')\n",
        },
    )
    report = judge(read_submission(program), problem, LANGUAGES, sandbox)
    assert report.classification is C.ACCEPTED, report


def test_without_an_entry_point_the_first_file_starts(tmp_path: Path, sandbox: Sandbox) -> None:
    problem = load_package(write_package(tmp_path / "pkg", {"problem.yaml": NEW, **PACKAGE}))
    program = write_files(tmp_path / "s", {"a.py": "print(41)\n", "b.py": "print(42)\n"})
    report = judge(read_submission(program), problem, LANGUAGES, sandbox)
    assert report.classification is C.WRONG_ANSWER, report  # a.py ran
    given = judge(read_submission(program), problem, LANGUAGES, sandbox, entrypoint="b.py")
    assert given.classification is C.ACCEPTED


def test_a_javascript_file_the_entry_point_never_loads_is_still_syntax_checked(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    needs("javascript")
    problem = load_package(write_package(tmp_path / "pkg", {"problem.yaml": NEW, **PACKAGE}))
    main = "const x = require('fs').readFileSync(0, 'utf8');\nconsole.log(2 * Number(x));\n"
    good = write_files(tmp_path / "good", {"main.js": main, "unused.js": "let y = 1;\n"})
    assert judge(read_submission(good), problem, LANGUAGES, sandbox).classification is C.ACCEPTED
    bad = write_files(tmp_path / "bad", {"main.js": main, "unused.js": "letter y = 1;\n"})
    report = judge(read_submission(bad), problem, LANGUAGES, sandbox)
    assert report.classification is C.COMPILE_TIME_ERROR, report


def test_included_files_join_every_submission_of_their_language(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    package = write_package(
        tmp_path / "pkg",
        {
            "problem.yaml": NEW,
            **PACKAGE,
            # A C++ driver: the submission only defines twice().
            "include/cpp/main.cpp": "#include <cstdio>\nint twice(int);\n"
            'int main() { int x; std::scanf("%d", &x); std::printf("%d\\n", twice(x)); }\n',
            "include/default/factor.txt": "2\n",
        },
    )
    problem = load_package(package)
    cpp = SubmissionFile("sol.cpp", b"int twice(int x) { return 2 * x; }\n")
    assert judge(cpp, problem, LANGUAGES, sandbox).classification is C.ACCEPTED
    # Python has no directory of its own: it gets include/default/.
    python = SubmissionFile(
        "sol.py", b"f = int(open('factor.txt').read())\nprint(f * int(input()))\n"
    )
    assert judge(python, problem, LANGUAGES, sandbox).classification is C.ACCEPTED


def test_included_files_do_not_count_towards_the_code_limit(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    package = write_package(
        tmp_path / "pkg",
        {
            "problem.yaml": NEW.replace("time_limit: 2", "time_limit: 2, code: 1"),
            **PACKAGE,
            "include/python3/big.py": "# " + "x" * 4000 + "\n",
        },
    )
    problem = load_package(package)
    small = SubmissionFile("sol.py", b"import big\nprint(2 * int(input()))\n")
    assert judge(small, problem, LANGUAGES, sandbox).classification is C.ACCEPTED
    large = SubmissionFile("sol.py", b"#" * 2000 + b"\nprint(2 * int(input()))\n")
    assert judge(large, problem, LANGUAGES, sandbox).classification is C.PROGRAM_SIZE_EXCEEDED


def test_constants_reach_included_files_and_the_output_validator(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    validator = (
        "import sys\n"
        "got = sys.stdin.read().split()\n"
        "sys.exit(42 if got == ['42', '{{word}}'] else 43)\n"
    )
    package = write_package(
        tmp_path / "pkg",
        {
            "problem.yaml": NEW + "constants: {factor: 2, word: fine}\n",
            **PACKAGE,
            "include/python3/setting.py": "FACTOR = {{factor}}\n",
            "output_validator/validator.py": validator,
        },
    )
    problem = load_package(package)
    source = b"from setting import FACTOR\nprint(FACTOR * int(input()), 'fine')\n"
    report = judge(SubmissionFile("sol.py", source), problem, LANGUAGES, sandbox)
    assert report.classification is C.ACCEPTED, report


def test_a_single_files_odd_name_never_becomes_a_path_in_the_box(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    package = write_package(
        tmp_path / "pkg",
        {"problem.yaml": NEW, **PACKAGE, "include/python3/helper.py": "F = 2\n"},
    )
    problem = load_package(package)
    odd = SubmissionFile("../../sol.py", b"from helper import F\nprint(F * int(input()))\n")
    assert judge(odd, problem, LANGUAGES, sandbox).classification is C.ACCEPTED


def test_a_java_main_class_in_a_package_runs_by_its_full_name(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    needs("java")
    problem = load_package(write_package(tmp_path / "pkg", {"problem.yaml": NEW, **PACKAGE}))
    program = write_files(
        tmp_path / "solve",
        {
            "Twice.java": "package contest;\n"
            "class Twice { static int of(int x) { return 2 * x; } }\n",
            "Main.java": "package contest;\n"
            "public class Main { public static void main(String[] a) {\n"
            "  System.out.println(Twice.of(new java.util.Scanner(System.in).nextInt())); } }\n",
        },
    )
    report = judge(read_submission(program), problem, LANGUAGES, sandbox)
    assert report.classification is C.ACCEPTED, report


def test_a_tests_files_are_in_the_working_directory_of_its_run_only(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    package = write_package(
        tmp_path / "pkg",
        {
            "problem.yaml": NEW,
            "data/secret/1.in": "",
            "data/secret/1.ans": "21\n",
            "data/secret/1.files/number.txt": "21\n",
            "data/secret/2.in": "",
            "data/secret/2.ans": "none\n",
        },
    )
    problem = load_package(package)
    source = (
        b"import os\n"
        b"print(open('number.txt').read().strip() if os.path.exists('number.txt') else 'none')\n"
    )
    report = judge(SubmissionFile("sol.py", source), problem, LANGUAGES, sandbox)
    assert [t.classification for t in report.tests] == [C.ACCEPTED, C.ACCEPTED], report
