"""The event feed recorder's cost per hook call on the judging path.

    python bench/feed_record.py [--teams 50] [--submissions 300] [--tests 10] [--calls 30]

Builds a running contest in a fresh SQLite database in a temporary directory (or the database
of DATABASE_URL when it is PostgreSQL: use a scratch database) with --submissions judged
submissions of --teams teams, each with a judgement of --tests runs, and records the feed's
snapshot. Then, --calls times over, one submission's judging moves on (a run is added, as
after a test) and the recorder is called as the worker's hook calls it:
- `narrowed`: what the hook does now: the submission's own objects (api.feed.record.Scope's
  `submission`);
- `whole`: the same endpoints compared over the whole contest, as before.
The two alternate on the same change, so the machine's load falls on both alike. Prints the
median and p95 per call and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scratch_db import setup_django  # noqa: E402


def build(args: argparse.Namespace) -> Any:
    from accounts.models import Team
    from contest.models import Contest, Language, Problem
    from judge.models import Judgement, Submission, TestRun
    from tests.support.factories import running_contest

    rng = random.Random(1)
    Contest.objects.all().delete()
    Team.objects.all().delete()
    contest = running_contest(name="Bench", short_name="benchfeed")
    lang, _ = Language.objects.get_or_create(
        id="c", defaults={"name": "C", "extensions": "c", "run_command": "./main"}
    )
    problems = Problem.objects.bulk_create(
        Problem(contest=contest, letter=x, name=f"Problem {x}") for x in "ABCDEFGH"
    )
    teams = Team.objects.bulk_create(Team(name=f"Team {i:03d}") for i in range(args.teams))
    subs = Submission.objects.bulk_create(
        Submission(
            contest=contest,
            team=rng.choice(teams),
            problem=rng.choice(problems),
            language=lang,
            filename="main.c",
            source=b"",
            state="final",
            classification="Accepted",
            submitted_at=contest.start + timedelta(minutes=i % 60),
        )
        for i in range(args.submissions)
    )
    judgements = Judgement.objects.bulk_create(
        Judgement(submission=s, state="done", classification="Accepted") for s in subs
    )
    for sub, judgement in zip(subs, judgements, strict=True):
        sub.current_judgement = judgement
    Submission.objects.bulk_update(subs, ["current_judgement"])
    TestRun.objects.bulk_create(
        TestRun(judgement=j, order=i, name=f"secret/{i}", classification="Accepted")
        for j in judgements
        for i in range(1, args.tests + 1)
    )
    return contest, judgements


def one_test_more(judgement: Any) -> None:
    from judge.models import TestRun

    judgement.state = "judging"  # as during judging: its progress, not yet its verdict
    judgement.save(update_fields=["state"])
    order = TestRun.objects.filter(judgement=judgement).count() + 1
    TestRun.objects.create(
        judgement=judgement, order=order, name=f"secret/{order}", classification="Accepted"
    )


def timed_call(judgement: Any, whole: bool) -> float:
    from dataclasses import replace

    from api.feed import record
    from judge.models import Submission

    start = time.perf_counter()
    if whole:
        sub = Submission.objects.select_related("contest").get(pk=judgement.submission_id)
        scope = replace(record._submission_scope(sub, awards=False), submission=None)
        record.record(sub.contest_id, scope)
    else:
        record.FeedRecorder().changed("judgement", judgement.pk)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--teams", type=int, default=50)
    parser.add_argument("--submissions", type=int, default=300)
    parser.add_argument("--tests", type=int, default=10)
    parser.add_argument("--calls", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp), "juizbenchfeed")
        from api.feed import record

        contest, judgements = build(args)
        record.record(contest.pk)  # the snapshot
        rng = random.Random(2)
        times: dict[str, list[float]] = {"narrowed": [], "whole": []}
        for _ in range(args.calls):
            judgement = rng.choice(judgements)
            for mode in ("narrowed", "whole"):
                one_test_more(judgement)
                times[mode].append(timed_call(judgement, whole=mode == "whole"))
        print(
            f"{args.submissions} submissions of {args.teams} teams, {args.tests} runs each; "
            f"{args.calls} calls per mode"
        )
        for mode, values in times.items():
            p95 = statistics.quantiles(values, n=20)[-1]
            print(f"  {mode:9} median {statistics.median(values):8.1f} ms   p95 {p95:8.1f} ms")
        ratio = statistics.median(times["whole"]) / statistics.median(times["narrowed"])
        print(f"  whole / narrowed: {ratio:.1f}x")


if __name__ == "__main__":
    main()
