"""Builders for the score board's tests: scoring problems and judgements with points, set as
the engine would store them (Judgement.score, Report.to_dict()'s groups)."""

from __future__ import annotations

from judge.models import Judgement, JudgementState, Submission


def make_scoring(problem: object) -> None:
    problem.types = ["scoring"]  # type: ignore[attr-defined]
    problem.save(update_fields=["types"])  # type: ignore[attr-defined]


def score(
    sub: Submission,
    points: float,
    groups: dict[str, tuple[float, float]] | None = None,
    classification: str | None = None,
) -> Judgement:
    """Make `sub`'s judgement done with these points and groups (name -> (score, max)), and
    the one in force. The submission's state and classification are left as they are unless
    a classification is given."""
    judgement = sub.judgements.order_by("id").first() or Judgement.objects.create(submission=sub)
    verdict = classification or sub.classification or "Wrong Answer"
    judgement.state = JudgementState.DONE
    judgement.classification = verdict
    judgement.score = points
    judgement.report = {
        "classification": verdict,
        "score": points,
        "tests": [],
        "groups": [
            {"name": name, "classification": verdict, "score": s, "max_score": m}
            for name, (s, m) in (groups or {}).items()
        ],
    }
    judgement.save()
    sub.current_judgement = judgement
    if classification:
        sub.classification = classification
    sub.save(update_fields=["current_judgement", "classification"])
    return judgement
