"""A rejudge after a test-data change, with and without reusing builds (judging/builds.py).

    python bench/rejudge_builds.py [-n 200] [--jobs 2]
    REDIS_URL=redis://127.0.0.1:6393/2 python bench/rejudge_builds.py --worker [-n 200] [--jobs 2]

N distinct C++ submissions of one problem (a + b; most correct, some wrong, some that do not
compile) are judged once through the engine in the real sandbox, as the contest would (that
judging stores their builds). Then the jury adds tests, and the whole problem is rejudged
twice in the same run: without reuse (every submission compiled again, as before builds were
kept) and with reuse (the stored builds). `--jobs` judges that many submissions at a time, as
that many workers would, in both rejudges alike. Prints each phase's wall time, the ratio
(goal >= 2x) and checks that both rejudges gave every submission the same classification.

--worker goes the real way instead: a SQLite database in a temporary directory, the
submissions sent through the submit service, the jury's data change (replace_test_data), two
rejudge sets (the first with the jury's Rebuild, the second reusing), each judged by --jobs
real `manage.py rqworker --burst` processes from the Redis of REDIS_URL (whose queues it
empties first: give it a db of its own). Each phase's time runs from the set's creation to
its last judgement stored, worker start-up included.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

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
    parser.add_argument("--worker", action="store_true", help="through real RQ workers")
    args = parser.parse_args()
    if args.worker:
        worker_bench(args.n, args.jobs)
    else:
        engine_bench(args.n, args.jobs)


def report(n: int, jobs: int, times: Sequence[float], fresh: list[str], reused: list[str]) -> None:
    first, fresh_s, reused_s = times
    same = [v.removesuffix(" (reused)") for v in reused] == fresh
    print(f"{n} C++ submissions, {jobs} at a time, 10 tests after the change")
    print(f"  first judging (compiles, stores):  {first:7.1f} s")
    print(f"  rejudge without reuse:             {fresh_s:7.1f} s")
    print(f"  rejudge with reuse:                {reused_s:7.1f} s")
    print(f"  ratio: {fresh_s / reused_s:.1f}x (goal >= 2x)")
    counts = {v: reused.count(v) for v in sorted(set(reused))}
    print(f"  with reuse: {counts}")
    print(f"  same classifications in both rejudges: {same}")
    if not same:
        raise SystemExit("the rejudges disagree")


def engine_bench(n: int, jobs: int) -> None:
    with tempfile.TemporaryDirectory(prefix="juiz-bench-builds-") as tmp:
        work = Path(tmp)
        (work / "before").mkdir()
        (work / "after").mkdir()
        before, after = problem(work / "before", 8), problem(work / "after", 10)
        cache = BuildCache(work / "builds")
        subs = sources(n)
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            first, _ = phase(pool, subs, before, cache)
            fresh, fresh_verdicts = phase(pool, subs, after, None)
            reused, reused_verdicts = phase(pool, subs, after, cache)
    report(n, jobs, (first, fresh, reused), fresh_verdicts, reused_verdicts)


def worker_bench(n: int, jobs: int) -> None:
    if not os.environ.get("REDIS_URL"):
        raise SystemExit("--worker needs REDIS_URL (a Redis db of its own: its queues are emptied)")
    with tempfile.TemporaryDirectory(prefix="juiz-bench-builds-") as tmp:
        os.environ.update(
            DATABASE_URL=f"sqlite:///{tmp}/db.sqlite3",
            JUIZ_CACHE_DIR=f"{tmp}/cache",
            DJANGO_SETTINGS_MODULE="config.settings",
        )
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        _empty_queues()
        _run_worker_phases(n, jobs, Path(tmp))


def _empty_queues() -> None:
    import django_rq

    from judge.queue import QUEUES

    for name in QUEUES:
        django_rq.get_queue(name).empty()


def _run_worker_phases(n: int, jobs: int, tmp: Path) -> None:
    from contest.models import Language
    from judge.services import contest_admin, rejudge
    from judge.services.submit import submit

    cpp = registry.get("cpp")
    assert cpp is not None
    Language.from_config(cpp).save()
    contest, problem, team_user, admin = _contest(tests=8)
    start = time.perf_counter()
    for i, source in enumerate(sources(n)):
        submit(
            user=team_user,
            contest=contest,
            problem=problem,
            filename=f"sum{i}.cpp",
            source=source,
            language=Language.objects.get(pk="cpp"),
        )
    _burst(jobs, "judging")
    first = time.perf_counter() - start
    contest_admin.replace_test_data(problem=problem, admin=admin, archive=_tests_zip(tmp, 10))
    times, verdicts = [first], []
    for rebuild in (True, False):
        start = time.perf_counter()
        rs = rejudge.create(
            contest=contest,
            judge=admin,
            selection=rejudge.Selection(problem_ids=(problem.pk,)),
            rebuild=rebuild,
        )
        _burst(jobs, "rejudging")
        times.append(time.perf_counter() - start)
        verdicts.append(_verdicts(rs))
        rejudge.cancel(rejudge=rs, judge=admin)
    report(n, jobs, times, *verdicts)


def _contest(tests: int) -> tuple[Any, Any, Any, Any]:
    from datetime import timedelta

    from django.utils import timezone

    from accounts.models import Role, Team, User
    from contest.models import Blob, Contest, TestCase
    from contest.models import Problem as ProblemRow

    now = timezone.now()
    contest = Contest.objects.create(
        name="Bench", short_name="bench", start=now - timedelta(hours=1),
        end=now + timedelta(hours=4), multiple_accepts=True,
    )  # fmt: skip
    problem = ProblemRow.objects.create(
        contest=contest, letter="A", name="Sum", time_limit_s=1.0, memory_mb=256
    )
    for i in range(1, tests + 1):
        TestCase.objects.create(
            problem=problem, order=i, name=f"secret/{i}",
            input=Blob.store(f"{i} {i * 3}\n".encode()), answer=Blob.store(f"{i * 4}\n".encode()),
        )  # fmt: skip
    team = Team.objects.create(name="Bench team")
    team_user = User.objects.create_user(username="t", password="pw", role=Role.TEAM, team=team)
    admin = User.objects.create_user(username="a", password="pw", role=Role.ADMIN)
    return contest, problem, team_user, admin


def _tests_zip(tmp: Path, tests: int) -> Path:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for i in range(1, tests + 1):
            archive.writestr(f"secret/{i}.in", f"{i} {i * 3}\n")
            archive.writestr(f"secret/{i}.ans", f"{i * 4}\n")
    path = tmp / "tests.zip"
    path.write_bytes(buffer.getvalue())
    return path


def _burst(jobs: int, queue: str) -> None:
    """`jobs` real workers until the queue is empty."""
    manage = str(Path(__file__).resolve().parent.parent / "manage.py")
    argv = [sys.executable, manage, "rqworker", queue, "--burst"]
    workers = [
        subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(jobs)
    ]
    for worker in workers:
        if worker.wait() != 0:
            raise SystemExit(f"a worker failed ({worker.returncode})")


def _verdicts(rs: Any) -> list[str]:
    items = rs.items.select_related("new_judgement").order_by("submission_id")
    verdicts = []
    for item in items:
        judgement = item.new_judgement
        reused = (judgement.report.get("compile") or {}).get("build_reused")
        verdicts.append(f"{judgement.classification}{' (reused)' if reused else ''}")
    return verdicts


if __name__ == "__main__":
    main()
