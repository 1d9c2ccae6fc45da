"""The demo contest's package problems, written as Kattis packages (legacy format) and
imported through the same path as any package: plain, float tolerance, custom validator, large
input, a Presentation Error trap, a scoring problem with two test groups (30 + 70 points), a
multi-pass problem (the validator's nextpass.in is the second run's input), an interactive one
(the validator talks with the program), a submit-answer one (the team uploads answer files),
and an interactive multi-pass one (the interactor's nextpass.in carries the first pass's answer
into the second pass).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

Tests = list[tuple[str, str, str]]  # (name, input, answer); names starting "sample" are samples


@dataclass(frozen=True)
class DemoProblem:
    letter: str
    slug: str
    name: str
    color: str
    statement: str
    tests: Callable[[], Tests]
    time_limit_s: float = 1.0
    validation: str = "mooshak"  # what the problem uses once imported (admin-editable)
    yaml_extra: dict[str, object] = field(default_factory=dict)
    validator: str | None = None  # Python source of a custom output validator
    files: dict[str, str] = field(default_factory=dict)  # more package files, e.g. testdata.yaml


def _sum_tests() -> Tests:
    rng = random.Random(1)
    pairs = [(1, 2), (40, 2), (-5, 5), (0, 0)] + [
        (rng.randint(-(10**9), 10**9), rng.randint(-(10**9), 10**9)) for _ in range(4)
    ]
    return [
        (f"{'sample' if i == 0 else 'secret'}/{i + 1:02d}", f"{a} {b}\n", f"{a + b}\n")
        for i, (a, b) in enumerate(pairs)
    ]


def _average_tests() -> Tests:
    rng = random.Random(2)
    cases = [[1, 2], [1, 2, 4]] + [
        [rng.randint(0, 1000) for _ in range(rng.randint(1, 50))] for _ in range(4)
    ]
    return [
        (
            f"{'sample' if i < 2 else 'secret'}/{i + 1:02d}",
            f"{len(xs)}\n{' '.join(map(str, xs))}\n",
            f"{sum(xs) / len(xs):.9f}\n",
        )
        for i, xs in enumerate(cases)
    ]


def _divisor_tests() -> Tests:
    numbers = [12, 91, 1_000_003 * 999_983, 3 * 2_147_483_647, 1 << 40]
    # The answer file holds one valid divisor; the validator accepts any.
    return [
        (f"{'sample' if i == 0 else 'secret'}/{i + 1:02d}", f"{n}\n", f"{_divisor(n)}\n")
        for i, n in enumerate(numbers)
    ]


def _divisor(n: int) -> int:
    d = 2
    while n % d:
        d += 1
    return d


def _large_tests() -> Tests:
    rng = random.Random(4)
    tests = [("sample/01", "3\n1 2 3\n", "6\n")]
    for i, count in enumerate((1000, 400_000), start=2):
        xs = [rng.randint(-(10**6), 10**6) for _ in range(count)]
        tests.append((f"secret/{i:02d}", f"{count}\n{' '.join(map(str, xs))}\n", f"{sum(xs)}\n"))
    return tests


def _triangle_tests() -> Tests:
    """Small n for the 30-point group (a loop will do), huge n for the 70-point one."""
    small = [3, 10, 999, 1000]
    large = [10**9, 10**12, 10**18 - 1, 10**18]
    tests = [("sample/1", "4\n", "10\n")]
    tests += [(f"secret/small/{i}", f"{n}\n", f"{n * (n + 1) // 2}\n") for i, n in enumerate(small)]
    tests += [(f"secret/large/{i}", f"{n}\n", f"{n * (n + 1) // 2}\n") for i, n in enumerate(large)]
    return tests


SCORING_GROUPS = {
    "data/secret/testdata.yaml": "on_reject: continue\ngrader_flags: sum\n",
    "data/secret/small/testdata.yaml": "accept_score: 30\n",
    "data/secret/large/testdata.yaml": "accept_score: 70\n",
}


def _spacing_tests() -> Tests:
    return [
        (
            f"{'sample' if n == 3 else 'secret'}/{n:02d}",
            f"{n}\n",
            " ".join(str(i) for i in range(1, n + 1)) + "\n",
        )
        for n in (3, 1, 10, 1000)
    ]


DIVISOR_VALIDATOR = '''\
"""Kattis output validator: accept any divisor d of n with 1 < d < n."""
import sys

def main():
    n = int(open(sys.argv[1]).read().split()[0])
    words = sys.stdin.read().split()
    feedback = sys.argv[3]
    def reject(message):
        with open(feedback + "/judgemessage.txt", "w") as out:
            out.write(message + "\\n")
        sys.exit(43)
    if len(words) != 1 or not words[0].lstrip("-").isdigit():
        reject("expected exactly one integer, got %r" % " ".join(words)[:100])
    d = int(words[0])
    if not 1 < d < n or n % d:
        reject("%d is not a proper divisor of %d" % (d, n))
    sys.exit(42)

main()
'''


def _square_tests() -> Tests:
    """Pass 1 squares x, pass 2 squares x^2: the secret tests' squares pass 10^6."""
    return [
        (f"{'sample' if x == 3 else 'secret'}/{i}", f"{x}\n", f"{x * x}\n")
        for i, x in enumerate((3, 1500, 12345, 999999), start=1)
    ]


SQUARE_VALIDATOR = '''\
"""Kattis multi-pass output validator: the output must be the square of the pass's input; after
the first pass, that square is the second pass's input (nextpass.in)."""
import os
import sys

def main():
    x = int(open(sys.argv[1]).read().split()[0])  # this pass's input
    feedback = sys.argv[3]
    words = sys.stdin.read().split()
    def reject(message):
        with open(os.path.join(feedback, "judgemessage.txt"), "a") as out:
            out.write(message + "\\n")
        sys.exit(43)
    if len(words) != 1 or not words[0].lstrip("-").isdigit():
        reject("expected exactly one integer, got %r" % " ".join(words)[:100])
    if int(words[0]) != x * x:
        reject("%s is not the square of %d" % (words[0], x))
    marker = os.path.join(feedback, "first-pass-done")  # the feedback folder lasts all passes
    if not os.path.exists(marker):
        open(marker, "w").close()
        with open(os.path.join(feedback, "nextpass.in"), "w") as out:
            out.write("%d\\n" % (x * x))
    sys.exit(42)

main()
'''


def _prime_counts(limits: tuple[int, ...]) -> list[int]:
    """How many primes are at most each limit (one sieve up to the largest)."""
    top = max(limits)
    sieve = bytearray([1]) * (top + 1)
    sieve[0:2] = b"\0\0"
    for p in range(2, int(top**0.5) + 1):
        if sieve[p]:
            sieve[p * p :: p] = bytes(len(range(p * p, top + 1, p)))
    return [sum(sieve[: n + 1]) for n in limits]


PRIME_LIMITS = (10, 1000, 1_000_000, 3_000_000)


def _primes_tests() -> Tests:
    """Inputs a team solves offline and answers with files 01.out ... 04.out."""
    counts = _prime_counts(PRIME_LIMITS)
    return [
        (f"{'sample' if i == 1 else 'secret'}/{i:02d}", f"{n}\n", f"{count}\n")
        for i, (n, count) in enumerate(zip(PRIME_LIMITS, counts, strict=True), start=1)
    ]


def _guess_tests() -> Tests:
    """The secret number of each test; the answer file is not used by the interactor."""
    return [
        (f"{'sample' if n == 700 else 'secret'}/{i}", f"{n}\n", f"{n}\n")
        for i, n in enumerate((700, 1, 1000, 512, 333), start=1)
    ]


GUESS_INTERACTOR = '''\
"""Kattis interactor: the secret number n (1..1000) is in the test's input; the program has 10
guesses, each answered "higher", "lower" or "correct"."""
import sys

def main():
    n = int(open(sys.argv[1]).read().split()[0])
    feedback = sys.argv[3]
    def verdict(code, message):
        with open(feedback + "/judgemessage.txt", "a") as out:
            out.write(message + "\\n")
        sys.exit(code)
    for guess_number in range(1, 11):
        line = sys.stdin.readline()
        if not line:
            verdict(43, "the program stopped after %d guesses" % (guess_number - 1))
        try:
            guess = int(line)
        except ValueError:
            verdict(43, "not a number: %r" % line[:50])
        if guess == n:
            print("correct", flush=True)
            verdict(42, "found %d in %d guesses" % (n, guess_number))
        print("higher" if guess < n else "lower", flush=True)
    verdict(43, "10 guesses, and %d was not found" % n)

main()
'''

GUESS_SAMPLE = {"data/sample/1.interaction": ">500\n<higher\n>750\n<lower\n>700\n<correct\n"}


def _word_tests() -> Tests:
    """The word of each test, the interactor's input on pass 1 and its answer file."""
    return [
        (f"{'sample' if word == 'hello' else 'secret'}/{i}", f"{word}\n", f"{word}\n")
        for i, word in enumerate(("hello", "a", "aardvark", "juiz", "zzzzzzzzzzzz"), start=1)
    ]


WORD_INTERACTOR = '''\
"""Kattis interactor of an interactive multi-pass problem. Pass 1: send the test's word, read
the program's number and write it to nextpass.in, the input of pass 2 (the only thing that
carries over: the program starts afresh). Pass 2: send that number, read the word back."""
import os
import sys

def main():
    given = open(sys.argv[1]).read().strip()  # pass 1: the test's word; pass 2: nextpass.in
    word = open(sys.argv[2]).read().strip()
    feedback = sys.argv[3]
    def verdict(code, message):
        with open(os.path.join(feedback, "judgemessage.txt"), "a") as out:
            out.write(message + "\\n")
        sys.exit(code)
    print(given, flush=True)
    line = sys.stdin.readline().strip()
    if not given.isdigit():
        if not line.isdigit() or len(line) > 18:
            verdict(43, "pass 1: expected a number of at most 18 digits, got %r" % line[:50])
        with open(os.path.join(feedback, "nextpass.in"), "w") as out:
            out.write(line + "\\n")
        verdict(42, "pass 1: %s encoded as %s" % (word, line))
    if line != word:
        verdict(43, "pass 2: %s decoded as %r, not %s" % (given, line[:50], word))
    verdict(42, "pass 2: %s decoded as %s" % (given, word))

main()
'''

WORD_SAMPLE = {"data/sample/1.interaction": "<hello\n>4359030\n---\n<4359030\n>hello\n"}

PROBLEMS: tuple[DemoProblem, ...] = (
    DemoProblem(
        "A",
        "sum",
        "Sum",
        "#2f6fdf",
        "Read two integers *a* and *b* (|a|, |b| ≤ 10⁹) and print *a + b*.",
        _sum_tests,
    ),
    DemoProblem(
        "B",
        "average",
        "Average",
        "#2a9d8f",
        "The first line has *n* (1 ≤ n ≤ 100), the second *n* integers. Print their "
        "mean; an absolute or relative error of 10⁻⁶ is accepted.",
        _average_tests,
        validation="kattis",
        yaml_extra={"validator_flags": "float_tolerance 1e-6"},
    ),
    DemoProblem(
        "C",
        "divisor",
        "Any Divisor",
        "#e76f51",
        "Read a composite number *n* (n ≤ 10¹³) and print any divisor *d* of *n* with "
        "1 < d < n. Any such divisor is accepted.",
        _divisor_tests,
        time_limit_s=2.0,
        validation="custom",
        yaml_extra={"validation": "custom"},
        validator=DIVISOR_VALIDATOR,
    ),
    DemoProblem(
        "D",
        "bigsum",
        "Big Sum",
        "#8e44ad",
        "The first line has *n* (n ≤ 400 000), the second *n* integers. Print their sum. "
        "The input is a few megabytes: read it efficiently.",
        _large_tests,
        time_limit_s=2.0,
    ),
    DemoProblem(
        "E",
        "spacing",
        "Exact Spacing",
        "#c9a227",
        "Read *n* and print the numbers 1 to *n* on **one line**, separated by single "
        "spaces, with no space at the end. Any other layout is a Presentation Error.",
        _spacing_tests,
    ),
    DemoProblem(
        "I",  # after the function problems F, G, H
        "triangle",
        "Triangle Numbers (scoring)",
        "#d35400",
        "Read *n* and print 1 + 2 + ... + *n*. Subtask 1 (30 points): n ≤ 1000. Subtask 2 "
        "(70 points): n ≤ 10¹⁸. Each subtask's points are earned when all its tests pass.",
        _triangle_tests,
        validation="kattis",
        yaml_extra={"type": "scoring"},
        files=SCORING_GROUPS,
    ),
    DemoProblem(
        "J",
        "square",
        "Square Twice (multi-pass)",
        "#16a085",
        "Read an integer *x* (0 ≤ x < 10⁶) and print *x²*. Your program is run **twice** on "
        "each test: the second run reads the first run's answer, and must print its square "
        "too.",
        _square_tests,
        validation="custom",
        yaml_extra={"validation": "custom multi-pass", "limits": {"validation_passes": 2}},
        validator=SQUARE_VALIDATOR,
    ),
    DemoProblem(
        "K",
        "guess",
        "Guess the Number (interactive)",
        "#34495e",
        "The judge thinks of a number *n* (1 ≤ n ≤ 1000). Print a guess on a line of its own "
        "and flush; the judge answers `higher`, `lower` or `correct`. You have 10 guesses.",
        _guess_tests,
        validation="custom",
        yaml_extra={"validation": "custom interactive"},
        validator=GUESS_INTERACTOR,
        files=GUESS_SAMPLE,
    ),
    DemoProblem(
        "L",
        "primes",
        "Count the Primes (submit-answer)",
        "#7f8c8d",
        "Each input holds one number *n*; the answer is how many primes are at most *n*. "
        "Nothing of yours runs: download the inputs below, compute the answers however you "
        "like, and submit the answer files `01.out` to `04.out` (several files at once, or one "
        "zip). Each test is judged on its own file.",
        _primes_tests,
        yaml_extra={"type": "submit-answer"},
    ),
    DemoProblem(
        "M",
        "word",
        "Word in a Number (interactive multi-pass)",
        "#b03a2e",
        "Your program is run **twice** on each test, and talks with the judge each time. "
        "First run: the judge sends a word of 1 to 12 lowercase letters; reply with one "
        "integer 0 ≤ k < 10¹⁸ and end. Second run: the judge sends your *k*; reply with the "
        "word. Nothing else is kept between the runs: the word must be in *k*.",
        _word_tests,
        validation="custom",
        yaml_extra={"validation": "custom interactive multi-pass"},
        validator=WORD_INTERACTOR,
        files=WORD_SAMPLE,
    ),
)


def write_package(problem: DemoProblem, root: Path) -> Path:
    """Write `problem` as a legacy-format Kattis package under root/<slug>; return its path."""
    package = root / problem.slug
    extra = dict(problem.yaml_extra)
    more = extra.pop("limits", {})
    assert isinstance(more, dict)  # a problem's own limits, e.g. validation_passes
    limits = {"time_limit": problem.time_limit_s, "memory": 256, **more}
    config: dict[str, object] = {"name": problem.name, "limits": limits, **extra}
    _write(package / "problem.yaml", yaml.safe_dump(config, sort_keys=False))
    _write(package / "problem_statement" / "problem.en.md", problem.statement + "\n")
    for name, data, answer in problem.tests():
        _write(package / "data" / f"{name}.in", data)
        _write(package / "data" / f"{name}.ans", answer)
    if problem.validator is not None:
        _write(package / "output_validators" / problem.slug / "validator.py", problem.validator)
    for name, text in problem.files.items():
        _write(package / name, text)
    return package


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
