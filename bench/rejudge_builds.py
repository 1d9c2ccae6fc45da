"""A rejudge after a test-data change, with and without reusing builds (judging/builds.py).

    python bench/rejudge_builds.py [-n 200] [--jobs 2]

N distinct C++ submissions of one problem (a + b; most correct, some wrong, some that do not
compile) are judged once through the engine in the real sandbox, as the contest would (that
judging stores their builds). Then the jury adds tests, and the whole problem is rejudged
twice in the same run: without reuse (every submission compiled again, as before builds were
kept) and with reuse (the stored builds). `--jobs` judges that many submissions at a time, as
that many workers would, in both rejudges alike. Prints each phase's wall time, the ratio
(goal >= 2x) and checks that both rejudges gave every submission the same classification.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judging.builds import BuildCache
from judging.engine import SubmissionFile, judge
from judging.languages import registry
from judging.model import Problem, TestCase
from judging.sandbox import Sandbox, make_sandbox

CORRECT = (
    "#include <iostream>\n// submission {i}\n"
    "int main() {{ long long a, b; std::cin >> a >> b; std::cout << a + b << '\\n'; }}\n"
)
WRONG = (
    "#include <iostream>\n// submission {i}\n"
    "int main() {{ long long a, b; std::cin >> a >> b; std::cout << a + b + (a > 5) << '\\n'; }}\n"
)
BROKEN = "#include <iostream>\n// submission {i}\nint main() {{ std::cout << x; }}\n"

_sandbox: Sandbox | None = None


def sources(n: int) -> list[bytes]:
    """Every tenth does not compile, every seventh is wrong, the rest are right."""
    kinds = [BROKEN if i % 10 == 9 else WRONG if i % 7 == 6 else CORRECT for i in range(n)]
    return [kind.format(i=i).encode() for i, kind in enumerate(kinds)]


def problem(data: Path, tests: int) -> Problem:
    cases = []
    for i in range(1, tests + 1):
        given, answer = data / f"{i}.in", data / f"{i}.ans"
        given.write_text(f"{i} {i * 3}\n")
        answer.write_text(f"{i * 4}\n")
        cases.append(TestCase(f"secret/{i}", given, answer))
    return Problem(id="sum", name="Sum", time_limit_s=1.0, tests=tuple(cases))


def _judge_one(source: bytes, prob: Problem, builds: BuildCache | None) -> str:
    global _sandbox
    if _sandbox is None:
        _sandbox = make_sandbox()
    cpp = registry.get("cpp")
    assert cpp is not None
    report = judge(SubmissionFile("sum.cpp", source), prob, [cpp], _sandbox, builds=builds)
    reused = report.compile is not None and report.compile.build_reused
    return f"{report.classification.value}{' (reused)' if reused else ''}"


def phase(
    pool: ProcessPoolExecutor, subs: Sequence[bytes], prob: Problem, builds: BuildCache | None
) -> tuple[float, list[str]]:
    start = time.perf_counter()
    verdicts = list(pool.map(_judge_one, subs, [prob] * len(subs), [builds] * len(subs)))
    return time.perf_counter() - start, verdicts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", type=int, default=200, help="submissions (default 200)")
    parser.add_argument("--jobs", type=int, default=2, help="judged at a time (default 2)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="juiz-bench-builds-") as tmp:
        work = Path(tmp)
        (work / "before").mkdir()
        (work / "after").mkdir()
        before, after = problem(work / "before", 8), problem(work / "after", 10)
        cache = BuildCache(work / "builds")
        subs = sources(args.n)
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            first, _ = phase(pool, subs, before, cache)
            fresh, fresh_verdicts = phase(pool, subs, after, None)
            reused, reused_verdicts = phase(pool, subs, after, cache)
    same = [v.removesuffix(" (reused)") for v in reused_verdicts] == fresh_verdicts
    print(f"{args.n} C++ submissions, {args.jobs} at a time, 10 tests after the change")
    print(f"  first judging (compiles, stores):  {first:7.1f} s")
    print(f"  rejudge without reuse:             {fresh:7.1f} s")
    print(f"  rejudge with reuse:                {reused:7.1f} s")
    print(f"  ratio: {fresh / reused:.1f}x (goal >= 2x)")
    counts = {v: reused_verdicts.count(v) for v in sorted(set(reused_verdicts))}
    print(f"  with reuse: {counts}")
    print(f"  same classifications in both rejudges: {same}")
    if not same:
        raise SystemExit("the rejudges disagree")


if __name__ == "__main__":
    main()
