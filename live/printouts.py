"""Printouts on the live streams: a printout as the runners' queue shows it, what to publish when
one changes (live.publish calls `publish` after the commit), and the queue's snapshot."""

from __future__ import annotations

from datetime import datetime

from django.db.models import QuerySet
from django.utils import timezone

from contest.models import Contest
from judge.models import Printout
from live import contest as contest_times
from live import streams
from live.events import PrintoutEvent, PrintoutView, SnapshotEvent


def _hhmm(at: datetime | None) -> str:
    return timezone.localtime(at).strftime("%H:%M") if at else ""


def _size(size: int) -> str:
    return f"{size} B" if size < 1024 else f"{size / 1024:.1f} KiB"


def _query() -> QuerySet[Printout]:
    return Printout.objects.select_related("team", "printed_by", "delivered_by")


def view(p: Printout) -> PrintoutView:
    return PrintoutView(
        id=p.pk,
        contest=p.contest_id,
        team=p.team_id,
        team_name=p.team.name,
        location=p.team.location,
        file_name=p.file_name,
        language=p.language,
        size=p.size,
        size_label=_size(p.size),
        time=_hhmm(p.created_at),
        printed_at=_hhmm(p.printed_at),
        printed_by=p.printed_by.username if p.printed_by else "",
        delivered=p.delivered,
        delivered_at=_hhmm(p.delivered_at),
        delivered_by=p.delivered_by.username if p.delivered_by else "",
    )


def views(contest: Contest) -> list[PrintoutView]:
    """Every printout of the contest, oldest first (the order they came out of the printer)."""
    return [view(p) for p in _query().filter(contest=contest)]


def publish(contest_id: int, printout_id: int) -> None:
    found = _query().filter(pk=printout_id).first()
    if found is not None:
        event = PrintoutEvent(type="printout", printout=view(found))
        streams.publish([(streams.prints_stream(contest_id), event)])


def snapshot(contest: Contest) -> SnapshotEvent:
    return SnapshotEvent(
        type="snapshot", printouts=views(contest), contest=contest_times.view(contest)
    )
