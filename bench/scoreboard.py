"""Scoreboard cost: full recompute, one incremental update, and rendering the board.

    python bench/scoreboard.py [--teams 500] [--problems 26] [--submissions 50000] [--seed 1]
                               [--score-board best-groups]

With --score-board (best-problem or best-groups) every problem is a scoring one with three
groups, every judged submission has a judgement in force with random points, and the contest
shows the score board: the rebuild and each update write both boards' cells, the update also
builds the score board's changes, and the score board page is timed too.

Builds a contest in a fresh SQLite database in a temporary directory (or the database of
DATABASE_URL when it is PostgreSQL: use a scratch database), with random submissions over five
hours (freeze at 4 h, some still queued/judging/pending), then times:
- the full recompute: every cell from every submission, pure (scoreboard.icpc.compute, in
  memory) and through the service (scoreboard.services.rebuild: read all, write all cells);
- one incremental update, what the live publisher does after a verdict: refresh the one cell
  from its submissions (services.refresh_cell) and build the jury and public board changes
  (scoreboard.updates.change); median and max over --updates verdict changes;
- reading the board: cold (cells loaded from the database and ranked) and warm (process cache);
- rendering the board's HTML (the scoreboard/_table.html template, all teams) and the whole
  page through the view.
Goals: update <= 50 ms, render <= 100 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scratch_db import setup_django  # noqa: E402

VERDICTS = [
    ("Accepted", 30),
    ("Wrong Answer", 35),
    ("Time Limit Exceeded", 12),
    ("Runtime Error", 8),
    ("Compile Time Error", 8),
    ("Presentation Error", 3),
    ("Memory Limit Exceeded", 2),
    ("Invalid Submission", 2),
]


def timed(func: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = func()
    return (time.perf_counter() - start) * 1000, result


def build(args: argparse.Namespace) -> Any:
    from accounts.models import Team
    from contest.models import Contest, Language, Problem
    from judge.models import Submission
    from tests.support.factories import running_contest

    rng = random.Random(args.seed)
    Contest.objects.all().delete()
    Team.objects.all().delete()
    contest = running_contest(
        name="Bench", short_name=f"bench{args.seed}", score_board=args.score_board
    )
    contest.start -= timedelta(hours=4)  # 5 h in: the freeze at 4 h has begun
    contest.freeze_start = contest.start + timedelta(hours=4)
    contest.end = contest.start + timedelta(hours=5, minutes=30)
    contest.save()
    lang, _ = Language.objects.get_or_create(
        id="c", defaults={"name": "C", "extensions": "c", "run_command": "./main"}
    )
    letters = [chr(ord("A") + i) for i in range(args.problems)]
    types = ["scoring"] if args.score_board else []
    problems = Problem.objects.bulk_create(
        Problem(contest=contest, letter=x, name=f"Problem {x}", types=types) for x in letters
    )
    teams = Team.objects.bulk_create(Team(name=f"Team {i:04d}") for i in range(args.teams))
    subs = (random_submission(rng, contest, teams, problems, lang) for _ in range(args.submissions))
    created = Submission.objects.bulk_create(subs, batch_size=5000)
    if args.score_board:
        scored_judgements(rng, created)
    return contest


def scored_judgements(rng: random.Random, subs: list[Any]) -> None:
    """A judgement in force per judged submission: three groups of random points."""
    from judge.models import Judgement, Submission

    judged = [s for s in subs if s.classification]
    judgements = Judgement.objects.bulk_create(
        (random_judgement(rng, s) for s in judged), batch_size=5000
    )
    for sub, judgement in zip(judged, judgements, strict=True):
        sub.current_judgement = judgement
    Submission.objects.bulk_update(judged, ["current_judgement"], batch_size=5000)


def random_judgement(rng: random.Random, sub: Any) -> Any:
    from judge.models import Judgement

    maxima = (20.0, 30.0, 50.0)
    points = [m if rng.random() < 0.4 else rng.choice((0.0, m / 2)) for m in maxima]
    groups = [
        {"name": f"secret/g{i}", "classification": sub.classification, "score": p, "max_score": m}
        for i, (p, m) in enumerate(zip(points, maxima, strict=True), start=1)
    ]
    report = {"classification": sub.classification, "score": sum(points), "groups": groups}
    return Judgement(
        submission=sub,
        state="done",
        classification=sub.classification,
        score=sum(points),
        report=report,
    )


def random_submission(
    rng: random.Random, contest: Any, teams: Any, problems: Any, lang: Any
) -> Any:
    from judge.models import Submission

    names, weights = zip(*VERDICTS, strict=True)
    verdict = rng.choices(names, weights)[0]
    state = "final" if rng.random() < 0.9 else rng.choice(["queued", "judging", "pending"])
    return Submission(
        contest=contest,
        team=rng.choice(teams),
        problem=rng.choice(problems),
        language=lang,
        filename="main.c",
        source=b"",
        submitted_at=contest.start + timedelta(minutes=rng.uniform(0, 299.9)),
        state=state,
        classification="" if state in ("queued", "judging") else verdict,
    )


def full_recompute(contest: Any) -> dict[str, float]:
    from scoreboard import icpc, services

    teams = list(services.teams(contest, "jury"))
    read_ms, subs = timed(lambda: services.submission_events(contest))
    rules, vis = services.rules_for(contest), services.visibility_for(contest)
    pure_ms, _ = timed(lambda: icpc.compute(teams, subs, rules, icpc.JURY))
    public_ms, _ = timed(lambda: icpc.compute(teams, subs, rules, vis))
    service_ms, _ = timed(lambda: services.rebuild(contest))
    return {
        "read 50k submissions": read_ms,
        "pure compute, jury": pure_ms,
        "pure compute, public": public_ms,
        "service rebuild (read + compute + write cells)": service_ms,
    }


def incremental(contest: Any, count: int, seed: int) -> list[float]:
    from judge.models import Submission
    from scoreboard import score_board, services, updates

    rng = random.Random(seed)
    ids = list(Submission.objects.filter(contest=contest).values_list("id", flat=True))
    times = []
    for _ in range(count):
        sub = Submission.objects.get(pk=rng.choice(ids))
        sub.state = "final"
        sub.classification = "Accepted" if sub.classification != "Accepted" else "Wrong Answer"
        sub.save(update_fields=["state", "classification"])

        def update(sub: Any = sub) -> None:
            change = services.refresh_cell(contest, sub.team_id, sub.problem_id)
            for audience in ("jury", "public"):
                if getattr(change, audience):
                    updates.change(contest, audience, [sub.team_id], [sub.problem_id])
                if getattr(change, f"scores_{audience}"):
                    score_board.change(contest, audience, [sub.team_id])

        times.append(timed(update)[0])
    return times


def render(contest: Any) -> dict[str, float]:
    from django.contrib.auth.models import AnonymousUser
    from django.template.loader import render_to_string
    from django.test import RequestFactory

    from scoreboard import services, views

    services._cache.clear()
    cold_ms, _ = timed(lambda: services.board(contest, "public"))
    warm_ms, board = timed(lambda: services.board(contest, "public"))
    template_ms = min(
        timed(lambda: render_to_string("scoreboard/_table.html", {"board": board}))[0]
        for _ in range(5)
    )
    request = RequestFactory().get("/scoreboard/")
    request.user = AnonymousUser()
    first_page_ms, response = timed(lambda: views.board(request))
    page_ms = min(timed(lambda: views.board(request))[0] for _ in range(5))
    found = {
        "board read, cold (load cells + rank)": cold_ms,
        "board read, warm (process cache)": warm_ms,
        "render table template (best of 5)": template_ms,
        "whole page through the view, first": first_page_ms,
        "whole page through the view (best of 5)": page_ms,
        "page size KiB": len(response.content) / 1024,
    }
    if contest.score_board:
        found.update(render_scores(contest))
    return found


def render_scores(contest: Any) -> dict[str, float]:
    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory

    from scoreboard import score_board, views

    score_board._cache.clear()
    score_board._views.clear()
    cold_ms, _ = timed(lambda: score_board.board(contest, "public"))
    warm_ms, _ = timed(lambda: score_board.board(contest, "public"))
    request = RequestFactory().get("/scoreboard/scores/")
    request.user = AnonymousUser()
    page_ms = min(timed(lambda: views.scores(request))[0] for _ in range(5))
    return {
        "score board read, cold (load cells + rank)": cold_ms,
        "score board read, warm (cached rows)": warm_ms,
        "score board page through the view (best of 5)": page_ms,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=500)
    parser.add_argument("--problems", type=int, default=26)
    parser.add_argument("--submissions", type=int, default=50_000)
    parser.add_argument("--updates", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--score-board", choices=("", "best-problem", "best-groups"), default="")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="juiz-bench-") as tmp:
        setup_django(Path(tmp), "juizbench")
        build_ms, contest = timed(lambda: build(args))
        print(
            f"{args.teams} teams x {args.problems} problems x {args.submissions} submissions "
            f"(built in {build_ms / 1000:.1f} s)"
        )
        full = full_recompute(contest)
        for name, ms in full.items():
            print(f"  full recompute: {name:48s} {ms:9.1f} ms")
        updates = incremental(contest, args.updates, args.seed)
        median, worst = statistics.median(updates), max(updates)
        print(
            f"  incremental update (refresh cell + board changes): median {median:.1f} ms, "
            f"max {worst:.1f} ms over {len(updates)}  [goal <= 50 ms]"
        )
        for name, value in render(contest).items():
            unit = "" if "KiB" in name else " ms"
            print(f"  {name:58s} {value:9.1f}{unit}")
        rebuild = full["service rebuild (read + compute + write cells)"]
        print(f"  ratio full rebuild / incremental update: {rebuild / median:.0f}x")


if __name__ == "__main__":
    main()
