"""What a team may see of its own submission (Contest.team_feedback, show_pending_to_teams).

One place decides it, so the submission list, the detail page, the API and live updates agree.
The feedback level (Mooshak's) says how far it goes: nothing, the verdict (with the compiler's
output), the sample tests one by one, or every test one by one. Test data and expected output
are never part of it; only sample tests may show their input.
"""

from __future__ import annotations

from dataclasses import dataclass

from contest.models import TeamFeedback
from judge.models import Submission, SubmissionState, TestRun


@dataclass(frozen=True)
class TeamView:
    status: str  # what the team reads in the "result" column
    classification: str  # "" when the team may not see it (yet)
    final: bool
    tests: TeamFeedback = TeamFeedback.NONE  # which tests are listed: none, samples or all

    @property
    def show_report(self) -> bool:
        """The compiler's output (and the tests the level allows) come with the verdict."""
        return bool(self.classification)

    @property
    def show_tests(self) -> bool:
        return self.tests in (TeamFeedback.SAMPLES, TeamFeedback.ALL)


def team_view(submission: Submission) -> TeamView:
    contest = submission.contest
    final = submission.state == SubmissionState.FINAL
    waiting = submission.state in (SubmissionState.QUEUED, SubmissionState.JUDGING)
    if waiting or not submission.classification:
        return TeamView(submission.get_state_display(), "", final)
    if contest.team_feedback == TeamFeedback.NONE:
        return TeamView("Received", "", final)
    if not final and not contest.show_pending_to_teams:
        return TeamView("Pending", "", final)
    shown = submission.classification
    return TeamView(shown, shown, final, TeamFeedback(contest.team_feedback))


@dataclass(frozen=True)
class TeamTestRow:
    order: int
    name: str
    classification: str
    cpu_ms: int
    memory_kib: int
    sample_input: str | None  # only for sample tests
    # Function problems, visible (sample) cases only: JSON of arguments, expected, returned.
    input_preview: str = ""
    expected_preview: str = ""
    got_preview: str = ""
    message: str = ""  # a visible case's comparison or exception message (the team's own)
    wall_ms: int = 0  # function problems: the call's time, as the harness measured it


SAMPLE_INPUT_CAP = 2048


def team_test_rows(submission: Submission) -> list[TeamTestRow]:
    """Per-test lines of the report in force that the feedback level shows (none, the sample
    tests, or all), without outputs, answers or checker messages."""
    view = team_view(submission)
    if submission.current_judgement_id is None or not view.show_tests:
        return []
    runs = TestRun.objects.filter(judgement_id=submission.current_judgement_id).order_by("order")
    if view.tests == TeamFeedback.SAMPLES:
        runs = runs.filter(sample=True)
    if submission.problem.is_function:
        return [_function_row(run) for run in runs]
    samples = _sample_inputs(submission)
    return [
        TeamTestRow(
            order=run.order,
            name=run.name,
            classification=run.classification,
            cpu_ms=run.cpu_ms,
            memory_kib=run.memory_kib,
            sample_input=samples.get(run.name) if run.sample else None,
        )
        for run in runs
    ]


def _function_row(run: TestRun) -> TeamTestRow:
    """A hidden case shows its name and classification only: its data is the jury's."""
    shown = run.sample
    return TeamTestRow(
        order=run.order,
        name=run.name,
        classification=run.classification,
        cpu_ms=run.cpu_ms,
        memory_kib=run.memory_kib,
        sample_input=None,
        input_preview=run.input_preview if shown else "",
        expected_preview=run.expected_preview if shown else "",
        got_preview=run.got_preview if shown else "",
        message=run.checker_message if shown else "",
        wall_ms=run.wall_ms,
    )


def _sample_inputs(submission: Submission) -> dict[str, str]:
    tests = submission.problem.tests.filter(sample=True).select_related("input")
    return {t.name: t.input.head(SAMPLE_INPUT_CAP).decode("utf-8", errors="replace") for t in tests}


@dataclass(frozen=True)
class TeamGroupRow:
    """A test group of a scoring problem as its team sees it: its verdict and points."""

    name: str
    classification: str
    score: float | None
    max_score: float | None


@dataclass(frozen=True)
class TeamScore:
    """A scoring problem's points in the report in force (Judgement.score, Report groups)."""

    score: float
    max_score: float | None  # the groups' maxima added up (None: the report has no maxima)
    groups: tuple[TeamGroupRow, ...]  # empty unless the feedback level lists tests


def team_score(submission: Submission) -> TeamScore | None:
    """The points come with the verdict (a scoring problem's points are its result); each
    group's points and verdict come at the levels that list tests (samples, all): groups are
    named sets of tests, never their data. None for pass-fail problems and hidden verdicts."""
    view = team_view(submission)
    judgement = submission.current_judgement
    if not view.show_report or judgement is None or judgement.score is None:
        return None
    listed = judgement.report.get("groups") if isinstance(judgement.report, dict) else None
    groups = tuple(_group_row(g) for g in listed or () if isinstance(g, dict))
    maxima = [g.max_score for g in _innermost(groups) if g.max_score is not None]
    return TeamScore(
        score=judgement.score,
        max_score=sum(maxima) if maxima else None,
        groups=groups if view.show_tests else (),
    )


def _group_row(group: dict[str, object]) -> TeamGroupRow:
    def number(value: object) -> float | None:
        return float(value) if isinstance(value, int | float) else None

    return TeamGroupRow(
        name=str(group.get("name", "")),
        classification=str(group.get("classification", "")),
        score=number(group.get("score")),
        max_score=number(group.get("max_score")),
    )


def _innermost(groups: tuple[TeamGroupRow, ...]) -> list[TeamGroupRow]:
    """Groups that contain no other listed group ("a" contains "a/b"): their maxima add up to
    the problem's, however the report nests them."""
    names = [g.name for g in groups]
    return [g for g in groups if not any(n.startswith(g.name + "/") for n in names)]
