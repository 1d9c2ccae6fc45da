"""Custom (Kattis-protocol) output validators, compiled and run in the real sandbox."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from judging.checkers import Checker, ValidatorError, checker_for, custom
from judging.checkers.custom import VALIDATOR_LIMITS, find_program
from judging.classification import Classification
from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.model import OutputValidation
from judging.sandbox.base import Sandbox

MakeChecker = Callable[[OutputValidation], Checker]

CPP_VALIDATOR = r"""
#include <fstream>
#include <iostream>
#include <string>
#include "compare.h"

int main(int argc, char **argv) {
    std::ifstream input(argv[1]), answer(argv[2]);
    std::ofstream message(std::string(argv[3]) + "/judgemessage.txt");
    long long a, b, expected, got;
    if (!(input >> a >> b) || !(answer >> expected)) return 1;  // bad test data: broken
    if (!(std::cin >> got)) {
        message << "no number in the output";
        return 43;
    }
    if (!same(expected, got)) {
        message << a << " + " << b << ": expected " << expected << ", got " << got;
        return 43;
    }
    message << "sum is right";
    return 42;
}
"""

CPP_HEADER = "inline bool same(long long x, long long y) { return x == y; }\n"

PY_VALIDATOR = r"""
import sys
input_path, answer_path, feedback = sys.argv[1:4]
strict = "strict" in sys.argv[4:]
expected = open(answer_path).read().split()
got = sys.stdin.read().split()
if not strict:
    expected, got = [w.lower() for w in expected], [w.lower() for w in got]
if expected == got:
    sys.exit(42)
with open(feedback + "judgemessage.txt", "w") as f:
    f.write(f"expected {expected} but got {got}")
sys.exit(43)
"""

CRASHING_VALIDATOR = r"""
import sys
print("about to fail", file=sys.stderr)
raise RuntimeError("validator bug")
"""


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    from judging.sandbox import make_sandbox

    made: Sandbox = make_sandbox()
    return made


@pytest.fixture(scope="module")
def languages() -> tuple[LanguageConfig, ...]:
    cpp, python = registry.get("cpp"), registry.get("python3")
    assert cpp is not None and python is not None
    return cpp, python


def _write(directory: Path, files: dict[str, str]) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        (directory / name).write_text(content)
    return directory


class _Case:
    """One test's input and answer, and outputs written on demand."""

    def __init__(self, root: Path, input: str, answer: str) -> None:
        self.root = root
        self.input = root / "test.in"
        self.answer = root / "test.ans"
        self.input.write_text(input)
        self.answer.write_text(answer)

    def check(self, checker: Checker, output: str) -> tuple[Classification, str]:
        path = self.root / "team.out"
        path.write_text(output)
        result = checker.check(input=self.input, answer=self.answer, output=path)
        return result.classification, result.message


@pytest.fixture
def make_checker(
    tmp_path: Path, sandbox: Sandbox, languages: tuple[LanguageConfig, ...]
) -> Iterator[MakeChecker]:
    made: list[Checker] = []

    def make(validation: OutputValidation) -> Checker:
        workdir = tmp_path / f"checker{len(made)}"
        workdir.mkdir()
        checker = checker_for(validation, sandbox=sandbox, languages=languages, workdir=workdir)
        made.append(checker)
        return checker

    yield make
    for checker in made:
        checker.close()


@pytest.mark.sandbox
def test_cpp_validator_directory_accepts_and_rejects_with_its_message(
    tmp_path: Path, make_checker: MakeChecker
) -> None:
    validator = _write(
        tmp_path / "validator", {"validator.cpp": CPP_VALIDATOR, "compare.h": CPP_HEADER}
    )
    checker = make_checker(OutputValidation(kind="custom", validator_dir=validator))
    case = _Case(tmp_path, "2 3\n", "5\n")
    # One compilation, many checks; each check starts from an empty feedback directory.
    assert case.check(checker, "5\n") == (Classification.ACCEPTED, "sum is right")
    assert case.check(checker, "6\n") == (
        Classification.WRONG_ANSWER,
        "2 + 3: expected 5, got 6",
    )
    assert case.check(checker, "") == (Classification.WRONG_ANSWER, "no number in the output")
    assert case.check(checker, "  5") == (Classification.ACCEPTED, "sum is right")


@pytest.mark.sandbox
def test_python_validator_gets_the_flags(tmp_path: Path, make_checker: MakeChecker) -> None:
    source = _write(tmp_path / "v", {"check.py": PY_VALIDATOR}) / "check.py"
    case = _Case(tmp_path, "", "Yes\n")
    lenient = make_checker(OutputValidation(kind="custom", validator_dir=source))
    assert case.check(lenient, "YES\n") == (Classification.ACCEPTED, "")
    strict = make_checker(OutputValidation(kind="custom", validator_dir=source, flags=("strict",)))
    assert case.check(strict, "YES\n") == (
        Classification.WRONG_ANSWER,
        "expected ['Yes'] but got ['YES']",
    )


@pytest.mark.sandbox
def test_crashing_validator_is_a_validator_error_not_a_verdict(
    tmp_path: Path, make_checker: MakeChecker
) -> None:
    validator = _write(tmp_path / "v", {"validator.py": CRASHING_VALIDATOR})
    checker = make_checker(OutputValidation(kind="custom", validator_dir=validator))
    case = _Case(tmp_path, "", "1\n")
    with pytest.raises(ValidatorError) as error:
        case.check(checker, "1\n")
    assert "exited with code 1" in str(error.value)
    assert "RuntimeError: validator bug" in str(error.value)


@pytest.mark.sandbox
def test_validator_that_returns_nonsense_on_bad_test_data_is_an_error(
    tmp_path: Path, make_checker: MakeChecker
) -> None:
    validator = _write(
        tmp_path / "validator", {"validator.cpp": CPP_VALIDATOR, "compare.h": CPP_HEADER}
    )
    checker = make_checker(OutputValidation(kind="custom", validator_dir=validator))
    case = _Case(tmp_path, "not numbers\n", "5\n")
    with pytest.raises(ValidatorError, match="exited with code 1"):
        case.check(checker, "5\n")


@pytest.mark.sandbox
def test_validator_that_does_not_compile_is_an_error(
    tmp_path: Path, make_checker: MakeChecker
) -> None:
    validator = _write(tmp_path / "v", {"validator.cpp": "int main( {"})
    with pytest.raises(ValidatorError, match="does not compile"):
        make_checker(OutputValidation(kind="custom", validator_dir=validator))


@pytest.mark.sandbox
def test_validator_that_never_ends_is_an_error(
    tmp_path: Path, sandbox: Sandbox, languages: tuple[LanguageConfig, ...]
) -> None:
    validator = _write(tmp_path / "v", {"validator.py": "while True:\n    pass\n"})
    # The real limits are 30 s of CPU; one second proves the point without the wait.
    limits = replace(VALIDATOR_LIMITS, cpu_ms=1000, wall_ms=3000)
    checker = custom.prepare(sandbox, validator, languages, (), tmp_path, limits=limits)
    case = _Case(tmp_path, "", "1\n")
    try:
        with pytest.raises(ValidatorError, match="exceeded its time limit"):
            case.check(checker, "1\n")
    finally:
        checker.close()


def test_the_language_and_entry_point_follow_the_files(
    tmp_path: Path, languages: tuple[LanguageConfig, ...]
) -> None:
    mixed = _write(tmp_path / "a", {"validator.cpp": "", "util.py": "", "compare.h": ""})
    language, program = find_program(mixed, languages)
    assert (language.id, program.compile_files) == ("cpp", ("validator.cpp",))
    language, program = find_program(mixed, languages, language_id="python3")
    assert (language.id, program.entry) == ("python3", "util.py")
    several = _write(tmp_path / "b", {"a.cpp": "", "b.cpp": "", "testlib.h": ""})
    assert find_program(several, languages)[1].compile_files == ("a.cpp", "b.cpp")
    package = _write(tmp_path / "c", {"__init__.py": "", "__main__.py": "", "lib.py": ""})
    assert find_program(package, languages)[1].entry == "__main__.py"
    named = _write(tmp_path / "d", {"validator.py": "", "lib.py": ""})
    assert find_program(named, languages)[1].entry == "validator.py"
    scripts = _write(tmp_path / "e", {"build": "", "run": "", "x.c": ""})
    assert find_program(scripts, languages)[0].id == "build-run"


@pytest.mark.parametrize("files", [{}, {"README": ""}, {"a.py": "", "b.py": ""}])
def test_no_program_to_be_found_is_an_error(
    files: dict[str, str], tmp_path: Path, languages: tuple[LanguageConfig, ...]
) -> None:
    directory = _write(tmp_path / "v", files)
    with pytest.raises(ValidatorError, match=r"need the files of one language|entry point"):
        find_program(directory, languages)


@pytest.mark.sandbox
def test_a_validator_of_several_cpp_files_compiles_them_together(
    tmp_path: Path, make_checker: MakeChecker
) -> None:
    validator = _write(
        tmp_path / "validator",
        {
            "compare.h": CPP_HEADER,
            "main.cpp": '#include "compare.h"\nint run(int, char**);\n'
            "int main(int c, char** v) { return run(c, v); }\n",
            "validator.cpp": CPP_VALIDATOR.replace("int main(", "int run("),
        },
    )
    checker = make_checker(OutputValidation(kind="custom", validator_dir=validator))
    case = _Case(tmp_path, "2 3\n", "5\n")
    assert case.check(checker, "5\n") == (Classification.ACCEPTED, "sum is right")


@pytest.mark.sandbox
def test_build_and_run_scripts_make_the_validator(
    tmp_path: Path, make_checker: MakeChecker
) -> None:
    validator = _write(
        tmp_path / "validator",
        {
            "build": "#!/bin/sh\nc++ -O2 -o checker checker.cpp\n"
            "printf '#!/bin/sh\\nexec ./checker \"$@\"\\n' > run\nchmod +x run\n",
            "checker.cpp": CPP_VALIDATOR,
            "compare.h": CPP_HEADER,
        },
    )
    checker = make_checker(OutputValidation(kind="custom", validator_dir=validator))
    case = _Case(tmp_path, "2 3\n", "5\n")
    assert case.check(checker, "5\n") == (Classification.ACCEPTED, "sum is right")
    assert case.check(checker, "6\n")[0] is Classification.WRONG_ANSWER


@pytest.mark.sandbox
def test_a_run_script_alone_is_the_validator(tmp_path: Path, make_checker: MakeChecker) -> None:
    validator = _write(
        tmp_path / "validator",
        {
            "run": '#!/bin/sh\nexec python3 "$(dirname "$0")/check.py" "$@"\n',
            "check.py": PY_VALIDATOR,
        },
    )
    checker = make_checker(OutputValidation(kind="custom", validator_dir=validator))
    case = _Case(tmp_path, "", "Yes\n")
    assert case.check(checker, "YES\n") == (Classification.ACCEPTED, "")


@pytest.mark.sandbox
def test_each_check_may_bring_its_tests_own_flags(
    tmp_path: Path, make_checker: MakeChecker
) -> None:
    source = _write(tmp_path / "v", {"check.py": PY_VALIDATOR}) / "check.py"
    checker = make_checker(OutputValidation(kind="custom", validator_dir=source))
    case = _Case(tmp_path, "", "Yes\n")
    output = tmp_path / "team.out"
    output.write_text("YES\n")
    lenient = checker.check(input=case.input, answer=case.answer, output=output)
    strict = checker.check(input=case.input, answer=case.answer, output=output, flags=("strict",))
    assert (lenient.classification, strict.classification) == (
        Classification.ACCEPTED,
        Classification.WRONG_ANSWER,
    )


def test_custom_validation_needs_a_sandbox_and_a_validator(tmp_path: Path) -> None:
    with pytest.raises(ValidatorError, match="needs a sandbox"):
        checker_for(
            OutputValidation(kind="custom", validator_dir=tmp_path),
            sandbox=None,
            languages=(),
            workdir=tmp_path,
        )
    with pytest.raises(ValidatorError, match="without a validator"):
        checker_for(OutputValidation(kind="custom"), sandbox=None, languages=(), workdir=tmp_path)
