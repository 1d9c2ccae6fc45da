"""Per-test cost of an interactive run against a batch run of the same program, in one run.

    python bench/interactive.py [--tests 20] [--rounds 200] [--repeat 3]

The program (C) reads a number per line and writes its double, flushing each line. Batch: the
test's input holds --rounds numbers, the answer their doubles, the Kattis default validator
compares. Interactive: a C interactor sends one number, reads the reply, checks it, --rounds
times (a real conversation: one pipe round trip per number), then exits 42. Both judge with
the real sandbox (bubblewrap; JUIZ_UNSAFE_SANDBOX=1 for the unsafe one) through the engine's
`judge`; a test's cost is the time between the ends of consecutive tests (the engine's progress
calls), so compiling and starting the sessions do not count. Prints both costs and their ratio
(the best of --repeat runs of each).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from judging.classification import Classification
from judging.engine import judge
from judging.languages import registry
from judging.model import OutputValidation, Problem, TestCase
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox
from judging.submission import SubmissionFile

PROGRAM = b"""#include <stdio.h>
int main(void) {
    long x;
    while (scanf("%ld", &x) == 1) { printf("%ld\\n", 2 * x); fflush(stdout); }
    return 0;
}
"""
INTERACTOR = """#include <stdio.h>
int main(int argc, char **argv) {
    FILE *in = fopen(argv[1], "r");
    long x, y;
    while (fscanf(in, "%ld", &x) == 1) {
        printf("%ld\\n", x); fflush(stdout);
        if (scanf("%ld", &y) != 1 || y != 2 * x) return 43;
    }
    return 42;
}
"""


def _problem(root: Path, tests: int, rounds: int, interactive: bool) -> Problem:
    data = root / f"data-{tests}"
    data.mkdir()
    cases = []
    for number in range(tests):
        numbers = [number * rounds + k for k in range(rounds)]
        (data / f"{number}.in").write_text("".join(f"{n}\n" for n in numbers))
        answer = "" if interactive else "".join(f"{2 * n}\n" for n in numbers)
        (data / f"{number}.ans").write_text(answer)
        cases.append(TestCase(f"secret/{number}", data / f"{number}.in", data / f"{number}.ans"))
    validation = OutputValidation(kind="kattis")
    if interactive:
        validator = root / "interactor"
        validator.mkdir(exist_ok=True)
        (validator / "interactor.c").write_text(INTERACTOR)
        validation = OutputValidation(kind="custom", validator_dir=validator)
    kinds = {"pass-fail", "interactive"} if interactive else {"pass-fail"}
    return Problem(
        id="double",
        name="Double",
        time_limit_s=2.0,
        tests=tuple(cases),
        validation=validation,
        types=frozenset(kinds),
    )


def _per_test(sandbox: Sandbox, problem: Problem) -> float:
    """Seconds from the first test's end to the last one's, per test: the engine calls
    progress after each test, so the compile step and the session start-ups are left out."""
    ends: list[float] = []
    report = judge(
        SubmissionFile("double.c", PROGRAM),
        problem,
        registry.all_languages(),
        sandbox,
        progress=lambda done, total: ends.append(time.monotonic()),
    )
    if report.classification is not Classification.ACCEPTED:
        raise SystemExit(f"the program was not accepted: {report.classification} {report}")
    return (ends[len(problem.tests) - 1] - ends[0]) / (len(problem.tests) - 1)


def per_test(sandbox: Sandbox, tests: int, rounds: int, interactive: bool, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as folder:
            best = min(best, _per_test(sandbox, _problem(Path(folder), tests, rounds, interactive)))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tests", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.tests < 2:
        raise SystemExit("--tests must be at least 2")
    sandbox = make_sandbox()
    batch = per_test(sandbox, args.tests, args.rounds, False, args.repeat)
    talk = per_test(sandbox, args.tests, args.rounds, True, args.repeat)
    print(f"sandbox {sandbox.name}, {args.tests} tests of {args.rounds} numbers each")
    print(f"batch:       {batch * 1000:8.1f} ms per test")
    print(f"interactive: {talk * 1000:8.1f} ms per test ({args.rounds} round trips)")
    print(f"ratio:       {talk / batch:8.2f}")


if __name__ == "__main__":
    main()
