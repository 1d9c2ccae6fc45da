"""The jury's statistics: each data set from submissions and judgements at known minutes, the
JSON endpoints, an unknown data set, and the page's vendored chart library."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Team
from contest.models import Contest
from judge.models import Judgement
from judge.selectors import statistics
from tests.support import factories
from tests.support.scoreboard import problem, submit

pytestmark = pytest.mark.django_db
AC, WA, TLE = "Accepted", "Wrong Answer", "Time Limit Exceeded"


@pytest.fixture
def contest(db: None) -> Contest:
    """Running for 100 minutes (the charts run to now): 2-minute buckets, 60 at most."""
    now = timezone.now()
    contest = factories.running_contest(start=now - timedelta(minutes=100))
    alpha, beta = factories.team("Alpha"), factories.team("Beta")
    a, b = problem(contest, "A"), problem(contest, "B")
    submit(contest, alpha, a, 5, "final", WA)
    submit(contest, alpha, a, 12, "final", AC)
    submit(contest, alpha, a, 20, "final", AC)  # after its accept: counted as a try, not a solve
    submit(contest, beta, a, 30, "final", AC)
    submit(contest, beta, b, 31, "final", TLE)
    submit(contest, beta, b, 50)  # queued: Pending
    return contest


def test_submissions_are_counted_per_bucket_problem_and_verdict(contest: Contest) -> None:
    found = statistics.submissions(contest)
    assert found["bucket"] == 2 and len(found["starts"]) == 51 and found["problems"] == ["A", "B"]
    assert set(found["verdicts"]) == {AC, WA, TLE, "Pending"}
    assert found["verdicts"][0] == AC  # the most frequent first
    accepted = found["counts"]["A"][AC]
    assert (accepted[6], accepted[10], accepted[15], sum(accepted)) == (1, 1, 1, 3)
    assert found["counts"]["B"]["Pending"][25] == 1


def test_the_bucket_grows_with_the_contest() -> None:
    assert statistics.bucket_minutes(60) == 1
    assert statistics.bucket_minutes(300) == 5
    assert statistics.bucket_minutes(61) == 2


def test_the_verdict_mix_per_problem_and_language(contest: Contest) -> None:
    found = statistics.verdicts(contest)
    assert found["by_problem"] == {"A": {WA: 1, AC: 3}, "B": {TLE: 1, "Pending": 1}}
    assert found["by_language"] == {"C": {WA: 1, AC: 3, TLE: 1, "Pending": 1}}


def test_time_to_first_accept_per_problem(contest: Contest) -> None:
    found = {p["problem"]: p for p in statistics.first_accepts(contest)["problems"]}
    assert found["A"] == {"problem": "A", "first": 12.0, "median": 21.0, "solved": 2}
    assert found["B"] == {"problem": "B", "first": None, "median": None, "solved": 0}


def test_the_heat_map_counts_every_try_and_the_first_solve(contest: Contest) -> None:
    found = statistics.attempts(contest)
    assert found["teams"] == ["Alpha", "Beta"] and found["most"] == 3
    assert found["cells"]["Alpha"]["A"] == {"tries": 3, "solved_at": 12}
    assert found["cells"]["Beta"]["B"] == {"tries": 2, "solved_at": None}
    assert "B" not in found["cells"]["Alpha"]


def test_the_queue_and_judging_time_over_the_contest(contest: Contest) -> None:
    start = contest.start
    judgements = list(Judgement.objects.order_by("submission__submitted_at"))
    # Each waits 90 s for a worker and is judged in 2 s; the last one never starts.
    for judgement in judgements[:-1]:
        at = judgement.submission.submitted_at
        Judgement.objects.filter(pk=judgement.pk).update(
            created_at=at,
            started_at=at + timedelta(seconds=90),
            finished_at=at + timedelta(seconds=92),
        )
    last = judgements[-1]
    Judgement.objects.filter(pk=last.pk).update(created_at=start + timedelta(minutes=70))
    found = statistics.judging(contest)
    # Buckets of 2 minutes; "queued" is read at each bucket's end (minute 2, 4, ...).
    assert found["judged"][3] == 1 and found["judging_s"][3] == 2.0  # 5:00 -> done at 6:32
    assert found["judging_s"][4] is None and sum(found["judged"]) == 5
    assert found["queued"][1] == 0  # at 4:00
    assert found["queued"][2] == 1  # at 6:00: the minute-5 judgement waits until 6:30
    assert found["queued"][3] == 0  # at 8:00
    assert found["queued"][33] == 0 and found["queued"][34] == 1 and found["queued"][-1] == 1


def test_the_endpoints_give_each_data_set_as_json(contest: Contest, judge_user: object) -> None:
    client = Client()
    client.force_login(judge_user)  # type: ignore[arg-type]
    for name in ("submissions", "verdicts", "first-accepts", "attempts", "judging"):
        response = client.get(reverse("jury:statistics_data", args=[name]), {"contest": contest.pk})
        assert response.status_code == 200, name
        assert response.json()["name"] == name and response.json()["contest"] == contest.pk
    missing = client.get(reverse("jury:statistics_data", args=["nonsense"]))
    assert missing.status_code == 404
    page = client.get(reverse("jury:statistics"), {"contest": contest.pk}).content.decode()
    assert "vendor/chartjs/chart.umd.min.js" in page and "data-heatmap" in page


def test_the_chart_library_is_vendored_not_fetched() -> None:
    """The page loads Chart.js from this server: setup copied it into static/vendor."""
    vendored = Path(settings.BASE_DIR) / "static" / "vendor" / "chartjs" / "chart.umd.min.js"
    assert vendored.is_file() and vendored.stat().st_size > 100_000
    page_js = (Path(settings.BASE_DIR) / "static" / "statistics.js").read_text()
    assert "http" not in page_js.replace("HTTP ", "")


def test_an_empty_contest_has_empty_statistics() -> None:
    contest = factories.running_contest()
    Team.objects.create(name="Nobody")
    assert statistics.attempts(contest)["teams"] == []
    assert statistics.submissions(contest)["counts"] == {}
    assert statistics.judging(contest)["judged"] == [0] * len(statistics.judging(contest)["starts"])
