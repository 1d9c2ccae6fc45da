"""Clarification events: the declared shapes, after the commit only, each message to the jury
and to exactly the teams it reaches; the team and jury snapshots carry them."""

from __future__ import annotations

from typing import Any, get_type_hints

import pytest
from django.db import transaction

from judge.services import clarifications as service
from live import clarifications, events, snapshots, streams
from live.events import ClarificationView
from tests.live.conftest import Scene
from tests.live.test_events import Listener

pytestmark = pytest.mark.usefixtures("memory_layer")


def _keys(shape: object) -> set[str]:
    return set(get_type_hints(shape))


def _listeners(scene: Scene) -> tuple[Listener, Listener, Listener]:
    c = scene["contest"]
    return (
        Listener(streams.jury_stream(c.pk)),
        Listener(streams.team_stream(c.pk, scene["alpha"].pk)),
        Listener(streams.team_stream(c.pk, scene["beta"].pk)),
    )


def _kinds(received: list[dict[str, Any]]) -> list[str]:
    return [e["kind"] for e in received if e["type"] == "clarification"]


def test_a_question_reaches_the_jury_and_its_team_after_the_commit(scene: Scene) -> None:
    jury, alpha, beta = _listeners(scene)
    with transaction.atomic():
        service.ask(user=scene["alpha_user"], contest=scene["contest"], text="Round?")
        assert jury.take() == []  # not before the commit
    (to_jury,) = jury.take()
    assert set(to_jury) == _keys(events.ClarificationEvent) - {"question"}
    assert set(to_jury["clarification"]) == _keys(ClarificationView)
    assert to_jury["kind"] == "asked" and to_jury["unanswered"] == 1
    assert to_jury["clarification"]["from_label"] == "Alpha"
    assert _kinds(alpha.take()) == ["asked"]
    assert beta.take() == []


def test_who_handles_a_question_is_for_the_jury_only(scene: Scene) -> None:
    question = service.ask(user=scene["alpha_user"], contest=scene["contest"], text="Round?")
    jury, alpha, _ = _listeners(scene)
    service.claim(question=question, judge=scene["judge"])
    (claimed,) = jury.take()
    assert claimed["kind"] == "claimed" and claimed["clarification"]["claimed_by"] == "judge"
    assert alpha.take() == []


def test_an_answer_to_the_team_reaches_it_alone_with_the_question_settled(scene: Scene) -> None:
    question = service.ask(user=scene["alpha_user"], contest=scene["contest"], text="Round?")
    jury, alpha, beta = _listeners(scene)
    service.answer(question=question, judge=scene["judge"], text="Yes.", to_all=False)
    (to_alpha,) = alpha.take()
    assert to_alpha["kind"] == "answered" and to_alpha["clarification"]["text"] == "Yes."
    assert to_alpha["question"]["state"] == "answered"
    assert to_alpha["clarification"]["claimed_by"] == ""  # never shown to teams
    assert beta.take() == []
    (to_jury,) = jury.take()
    assert to_jury["unanswered"] == 0 and to_jury["question"]["claimed_by"] == "judge"


def test_an_answer_to_all_and_an_announcement_reach_every_team(scene: Scene) -> None:
    question = service.ask(user=scene["alpha_user"], contest=scene["contest"], text="Round?")
    _, alpha, beta = _listeners(scene)
    service.answer(question=question, judge=scene["judge"], text="Yes.", to_all=True)
    sent = service.announce(judge=scene["judge"], contest=scene["contest"], text="Pizza")
    got_alpha, got_beta = alpha.take(), beta.take()
    assert _kinds(got_alpha) == _kinds(got_beta) == ["answered", "announced"]
    to_beta = got_beta[0]
    assert to_beta["clarification"]["question"] == "Round?"  # shown with an answer to all
    assert to_beta["clarification"]["reply_to"] is None and "question" not in to_beta
    assert got_alpha[0]["clarification"]["reply_to"] == question.pk
    service.withdraw(message=sent, judge=scene["judge"])
    assert _kinds(beta.take()) == ["withdrawn"]


def test_the_team_snapshot_carries_its_messages_and_what_it_has_not_read(scene: Scene) -> None:
    c = scene["contest"]
    question = service.ask(user=scene["alpha_user"], contest=c, text="Round?")
    answer = service.answer(question=question, judge=scene["judge"], text="Yes.", to_all=False)
    snap = snapshots.team(c, scene["alpha"].pk)
    assert [m["id"] for m in snap["clarifications"]] == [answer.pk, question.pk]
    assert snap["unread"] == [answer.pk]
    assert snapshots.team(c, scene["beta"].pk)["clarifications"] == []
    jury = snapshots.jury(c)
    assert jury["unanswered"] == 0 and jury["clarifications"] == []


def test_notices_list_the_newest_unread_messages(scene: Scene) -> None:
    c = scene["contest"]
    for n in range(7):
        service.announce(judge=scene["judge"], contest=c, text=f"Note {n}")
    shown, unread = clarifications.notices(c, scene["beta"])
    assert unread == 7 and [m["text"] for m in shown] == [f"Note {n}" for n in (6, 5, 4, 3, 2)]
