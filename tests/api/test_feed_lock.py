"""A feed recorder's pass must not hold up a team's submission (PostgreSQL's row locks).

The pass locks the contest's row to order passes. A submission's insert checks its foreign key
to the contest with FOR KEY SHARE when it commits; under FOR UPDATE that check waited for the
whole pass (about 50 ms per verdict, bench/pipeline.py's "commit" stage). FOR NO KEY UPDATE
orders the passes just the same and lets the check through.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection, connections

from api.feed import record
from judge.services.submit import submit
from live import events
from tests.api.conftest import C_SOURCE, World

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks: SQLite has one writer at a time"
)


def test_a_submission_commits_while_a_feed_pass_holds_the_contest(
    transactional_db: None, world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    inside, release = threading.Event(), threading.Event()
    real = record._differences

    def held(*args: Any, **kwargs: Any) -> Any:
        inside.set()  # the pass holds the contest's row from here until released
        release.wait(20)
        return real(*args, **kwargs)

    def one_pass() -> None:
        try:
            record.record(world.contest.pk)
        finally:
            connections.close_all()

    monkeypatch.setattr(record, "_differences", held)
    # This thread's own recorder call would queue behind the held pass: only the insert is tested.
    monkeypatch.setattr(events, "_recorders", [])
    passing = threading.Thread(target=one_pass)
    passing.start()
    try:
        assert inside.wait(20), "the feed pass did not start"
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '3s'")  # a wait is an error, not a hang
        created = submit(
            user=world.other_team_user,
            contest=world.contest,
            problem=world.problem,
            filename="sum.c",
            source=C_SOURCE,
        )
        assert created.pk is not None
        assert passing.is_alive(), "the pass ended before the submission was tested against it"
    finally:
        release.set()
        passing.join(20)
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")
