"""The RQ job that makes a problem's generated answers again (contest/services/answers.py),
queued (judge/services/answers.py) when the jury changes the model solution or the test data,
so that the first judgement after the change does not wait for it. Safe to run twice: a second
run finds them fresh."""

from __future__ import annotations

import logging

from contest.models import Problem
from contest.services.answers import AnswersFailed, refresh_answers

logger = logging.getLogger(__name__)


def make_answers(problem_id: int) -> None:
    try:
        made = refresh_answers(problem_id)
    except AnswersFailed as error:
        Problem.objects.filter(pk=problem_id).update(answers_message=str(error)[:4000])
        logger.warning("problem %s: answers not made (%s)", problem_id, error)
        return
    Problem.objects.filter(pk=problem_id).update(answers_message="")
    logger.info("problem %s: answers %s", problem_id, "made" if made else "already fresh")
