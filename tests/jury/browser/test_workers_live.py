"""The worker status page follows RQ without a reload: a worker that starts appears, and a
queue's length changes (juiz.js polls the status fragment every 4 s)."""

from __future__ import annotations

import django_rq
import pytest
from playwright.sync_api import expect
from redis import Redis

from accounts.models import User
from tests.support.browser import PageAs, Shot
from tests.support.workers import kill_tree, start_worker

pytestmark = [
    pytest.mark.browser,
    pytest.mark.worker,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

POLL_WAIT_MS = 30_000  # a worker's start-up (Django's) plus a poll or two


def test_a_starting_worker_and_a_growing_queue_show_without_a_reload(
    page_as: PageAs, admin_user: User, redis_conn: Redis, shot: Shot
) -> None:
    page = page_as(admin_user)
    page.goto("/jury/workers/")
    expect(page.locator("#workers")).to_contain_text("No worker is running")
    judging = page.locator('#queues tr[data-queue="judging"] [data-field="waiting"]')
    expect(judging).to_have_text("0")
    page.evaluate("window.__notReloaded = true")

    worker = start_worker("verifying")  # not the judging queue: its jobs stay waiting
    try:
        row = page.locator("#workers tr[data-worker]")
        expect(row.locator('[data-field="pid"]')).to_have_text(
            str(worker.pid), timeout=POLL_WAIT_MS
        )
        for _ in range(3):
            django_rq.get_queue("judging").enqueue("os.getpid")
        expect(judging).to_have_text("3", timeout=POLL_WAIT_MS)
        assert page.evaluate("window.__notReloaded") is True
        shot(page, "jury-workers")
    finally:
        kill_tree(worker)
