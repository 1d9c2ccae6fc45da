"""The one place that announces live changes, and the shapes of what it announces.

Services and jobs call the hooks below inside the transactions that make their changes; a hook
only registers a callback with transaction.on_commit, so nothing is announced that was rolled
back, and a client that reacts to an event by reading the database finds the change there.

The callbacks read the committed rows, refresh the scoreboard and publish to the streams
(live.streams). They belong to the read side (live.publish), which sits above every app that
calls a hook; LiveConfig.ready() connects it here, so this module imports no app at all:

    team.<contest>.<team>    the team's own submissions          (/ws/team/)
                             and the clarifications it asked or receives
    jury.<contest>           every submission (+ counts), every judgement's progress,
                             rejudges, compiler self-tests, clarifications    (/ws/jury/)
    board.<contest>.jury     the live board                      (/ws/scoreboard/, jury)
    board.<contest>.public   the board with the freeze applied   (/ws/scoreboard/, others)
    scores.<contest>.<aud>   the score board (IOI), jury or public (/ws/scores/)
    balloons.<contest>       the balloons earned and delivered   (/ws/balloons/)
    prints.<contest>         the printouts sent, printed, delivered (/ws/prints/)

A change of the contest's times goes to every one of these streams of the contest (the layout
of every page shows the clock).

Every event carries its stream and that stream's version (stamped by live.streams.publish).
Publishing never fails the caller: the data is committed already, and a client that missed an
event resynchronises from the version gap.
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from typing import Literal, NotRequired, Protocol, TypedDict

from django.db import DatabaseError, InterfaceError, OperationalError, connections, transaction
from redis.exceptions import RedisError

from live import streams

log = logging.getLogger(__name__)

SubmissionKind = Literal[
    "created",  # queued
    "progress",  # judging test k of n
    "judged",  # the automatic verdict: pending (or final when auto-validated)
    "final",  # validated by a judge
    "changed",  # classification changed by a judge
    "reevaluating",  # sent back to the judge (defined; reevaluations show as progress today)
    "current",  # a judge made another judgement the one in force
]
BoardAudience = Literal["jury", "public"]


# --- shapes ---------------------------------------------------------------------------------


class SubmissionView(TypedDict):
    """A submission as the team or the jury sees it (live.submissions builds it)."""

    id: int
    contest: int
    team: int
    team_name: str
    problem: int
    problem_letter: str
    problem_name: str
    problem_color: str
    language: str
    submitted_at: str  # ISO 8601
    time: str  # "HH:MM:SS", local time of the server (as the pages show it)
    contest_time: str  # "H:MM" since the contest start
    state: str  # queued | judging | pending | final
    state_label: str  # e.g. "Judging 3/10"
    classification: str  # "" when none, or not visible to this audience
    status: str  # the "result" text: the classification, or what stands for it
    final: bool
    tests_done: int
    tests_total: int
    judgement: int | None  # the judgement the progress refers to


# The board as pages and live.js show it (scoreboard.presenters builds these from its cells).
CellState = Literal["solved", "partial", "failed", "pending", "empty"]


class ProblemView(TypedDict):
    id: int
    letter: str
    name: str
    color: str


class CellView(TypedDict):
    problem: int
    state: CellState
    first: bool  # first to solve this problem
    time: str  # minute of the accept, "?" while only pending tries, else ""
    tries: str  # "1 try", "3 tries", ""
    css: str  # class attribute of the cell


class RowView(TypedDict):
    team: int
    name: str
    affiliation: str
    country: str  # the organization's ISO 3166-1 alpha-3 code, or ""
    logo: str  # the address of the organization's logo, or ""
    location: str  # where the team sits (the jury's board shows it)
    category: int | None
    rank: int  # in the board it was rendered for; live.js re-ranks the rows it shows
    solved: int
    penalty: int
    last: int  # minute of the last accept (the third ranking key)
    cells: list[CellView]  # the cells with submissions, in board order (others are empty)


class BoardView(TypedDict):
    contest: int
    audience: BoardAudience
    frozen: bool  # the public board hides results (only meaningful for the public audience)
    problems: list[ProblemView]
    rows: list[RowView]


# The score board (IOI style, scoreboard.ioi): a cell's `time` is its points ("40", "?"), its
# state "solved" at the problem's full score, "partial" below it, "failed" at 0.
class ScoreProblemView(ProblemView):
    max_score: float | None  # the most a submission can score, as its reports say (None: unknown)


class ScoreRowView(TypedDict):
    team: int
    name: str
    affiliation: str
    country: str  # the organization's ISO 3166-1 alpha-3 code, or ""
    logo: str  # the address of the organization's logo, or ""
    location: str  # where the team sits (the jury's board shows it)
    category: int | None
    rank: int  # in the board it was rendered for; live.js re-ranks the rows it shows
    score: float  # the total points (the first ranking key)
    points: str  # the total as shown ("72.5")
    last: int  # minute of the last improvement (the second ranking key)
    cells: list[CellView]


class ScoreBoardView(TypedDict):
    contest: int
    audience: BoardAudience
    frozen: bool
    mode: str  # best-problem | best-groups (Contest.score_board)
    problems: list[ScoreProblemView]
    rows: list[ScoreRowView]


class ContestView(TypedDict):
    """A contest's times as pages show them (live.contest builds it): the clocks and countdowns
    follow it when the jury moves the start, the end or the freeze."""

    id: int
    name: str
    start: str  # ISO 8601
    end: str
    freeze_start: str  # "" when the board never freezes
    phase: str  # before | running | frozen | over, at the time of the change


class Stamped(TypedDict):
    stream: NotRequired[str]
    version: NotRequired[int]


class Counts(TypedDict):
    """The jury's queue at a glance (carried by jury submission events and snapshots)."""

    pending: int  # awaiting a judge's validation
    judging: int  # queued or being judged
    states: dict[str, int]  # per submission state: queued, judging, pending, final


class SubmissionEvent(Stamped):
    type: Literal["submission"]
    kind: SubmissionKind
    submission: SubmissionView
    counts: NotRequired[Counts]  # on the jury stream only


class RejudgeEvent(Stamped):
    type: Literal["rejudge"]
    rejudge: int
    done: int
    total: int
    finished: bool  # every item judged: the matrix is complete and the set may be applied
    state: str  # judging | applied | cancelled


class JudgementEvent(Stamped):
    """One report of a submission (jury only): a reevaluation's or a rejudge's included, which
    the submission events do not show (the team's verdict stands while they run)."""

    type: Literal["judgement"]
    judgement: int
    submission: int
    reason: str  # submission | reevaluation | rejudge
    state: str  # queued | judging | done | failed | cancelled
    state_label: str  # "Queued", "Judging", "Done", ...
    classification: str
    tests_done: int
    tests_total: int
    finished: bool  # done, cancelled, or failed for good: nothing more will change


class SelfTestEvent(Stamped):
    """A compiler self-test went from queued to running to passed or failed (jury only)."""

    type: Literal["selftest"]
    selftest: int
    language: str
    state: str  # queued | running | passed | failed
    state_label: str
    compiler_version: str  # ("version" is the stream's)
    worker: str
    message: str
    finished_at: str  # ISO 8601 in the site's time zone, "" while it runs
    finished: bool


ClarificationKind = Literal[
    "asked",  # a team asked a question
    "claimed",  # a judge took a question in hand (or let go of it: claimed_by is "")
    "answered",  # a jury answer to one team or to everyone
    "no_reply",  # the question was settled without an answer
    "edited",  # an answer's or announcement's text changed
    "withdrawn",  # an answer or announcement was withdrawn: recipients drop it
    "announced",  # a jury message to everyone (or a category) that answers no question
]


class ClarificationView(TypedDict):
    """One message (live.clarifications builds it) as a team or the jury sees it."""

    id: int
    contest: int
    kind: Literal["question", "answer", "announcement"]
    from_team: int | None  # None: the jury
    from_label: str  # the team's name, or "Jury"
    to_label: str  # "Jury", a team's name, a category's, "All teams"
    problem: int | None
    subject: str  # "A · Name" or "General"
    text: str
    question: str  # an answer: the text of the question it answers ("" when not visible)
    reply_to: int | None  # None for a team that could not see the question answered
    time: str  # ISO 8601
    time_label: str  # "HH:MM", local time of the server
    state: str  # a question's: unanswered | answered | no_reply; else "sent"
    state_label: str
    claimed_by: str  # the judge handling a question ("" for none, and always for teams)
    edited: bool
    withdrawn: bool


class ClarificationEvent(Stamped):
    """A question, an answer or an announcement changed (team: its own and what it receives;
    jury: everything)."""

    type: Literal["clarification"]
    kind: ClarificationKind
    clarification: ClarificationView
    # The question an answer settles (its new state), for the jury and the team that asked.
    question: NotRequired[ClarificationView]
    unanswered: NotRequired[int]  # on the jury stream: questions still waiting


class BalloonTaken(TypedDict):
    """A balloon the team had before this one (the list shows their colours)."""

    problem_letter: str
    colour: str
    colour_hex: str


class BalloonView(TypedDict):
    """One balloon as the balloon list shows it (live.balloons builds it)."""

    id: int
    contest: int
    team: int
    team_name: str
    location: str
    affiliation: str
    country: str  # the organization's ISO 3166-1 alpha-3 code, or ""
    logo: str  # the address of the organization's logo, or ""
    problem: int
    problem_letter: str
    problem_name: str
    colour: str  # the balloon colour's name ("" when the jury named none)
    colour_hex: str  # "#rrggbb" (the problem's colour when no balloon colour is set)
    submission: int
    order: int  # contest time (ms) of the earning submission: the list's order, then id
    time: str  # "HH:MM", local time of the server, of the earning submission
    contest_time: str  # "H:MM" since the contest start
    first: bool  # the first to solve this problem (equal times share)
    taken: list[BalloonTaken]  # the team's balloons earned before this one, in contest order
    delivered: bool
    delivered_at: str  # "HH:MM" ("" when not delivered)
    delivered_by: str  # the runner's username ("" when not delivered)
    revoked: bool  # delivered, but the earning verdict was taken away since


class BalloonEvent(Stamped):
    """The balloons of one team and problem changed (earned, moved, removed, delivered).

    `balloons` is every balloon of that team and of that problem as they now are: the client
    drops its rows of the team or the problem that are not in it (a removed one, or one whose
    first-to-solve mark or earlier balloons changed), and replaces the others."""

    type: Literal["balloon"]
    team: int
    problem: int
    balloons: list[BalloonView]


class PrintoutView(TypedDict):
    """One printout as the runners' queue shows it (live.printouts builds it)."""

    id: int
    contest: int
    team: int
    team_name: str
    location: str
    file_name: str
    language: str  # Pygments' name ("" for plain text)
    size: int  # bytes
    size_label: str  # "1.2 KiB"
    time: str  # "HH:MM", local time of the server, when it was sent
    printed_at: str  # "HH:MM" of the last run of the print command ("" when never)
    printed_by: str
    delivered: bool
    delivered_at: str  # "HH:MM" ("" when not delivered)
    delivered_by: str  # the runner's username ("" when not delivered)


class PrintoutEvent(Stamped):
    """A printout was sent, printed, delivered or given back: the queue shows it as it now is."""

    type: Literal["printout"]
    printout: PrintoutView


class ScoreboardEvent(Stamped):
    type: Literal["scoreboard"]
    rows: list[RowView] | list[ScoreRowView]  # changed rows; rank is 0, the client re-ranks
    first: dict[str, list[int]]  # problem id -> its first solvers, for the problems named
    frozen: bool


class ContestEvent(Stamped):
    """The contest's times or name changed (every stream of the contest)."""

    type: Literal["contest"]
    contest: ContestView


class HelloEvent(Stamped):
    """Sent on (re)connection when the client's version is current: nothing was missed."""

    type: Literal["hello"]


class SnapshotEvent(Stamped):
    """Sent on (re)connection or on request when the client missed events: the whole state."""

    type: Literal["snapshot"]
    submissions: NotRequired[list[SubmissionView]]
    counts: NotRequired[Counts]
    rejudges: NotRequired[list[RejudgeEvent]]  # jury: the progress of the sets being judged
    # team: every message it may see, and which of them it has not read; jury: the questions
    # not settled yet (unanswered), newest first, with their count.
    clarifications: NotRequired[list[ClarificationView]]
    unread: NotRequired[list[int]]
    unanswered: NotRequired[int]
    board: NotRequired[BoardView | ScoreBoardView]
    contest: NotRequired[ContestView]  # the times, for a client that missed a change
    balloons: NotRequired[list[BalloonView]]  # every balloon of the contest, in contest order
    printouts: NotRequired[list[PrintoutView]]  # every printout of the contest, oldest first


Event = (
    SubmissionEvent
    | RejudgeEvent
    | JudgementEvent
    | SelfTestEvent
    | ClarificationEvent
    | BalloonEvent
    | PrintoutEvent
    | ScoreboardEvent
    | ContestEvent
    | HelloEvent
    | SnapshotEvent
)


# --- the read side, connected at start-up ----------------------------------------------------


class Publisher(Protocol):
    """What the hooks' callbacks call after the commit (live.publish implements it)."""

    def submission(self, submission_id: int, kind: SubmissionKind) -> None: ...

    def judgement(self, judgement_id: int) -> None: ...

    def board(self, contest_id: int, audience: BoardAudience, teams: list[int] | None) -> None: ...

    def rejudge(self, rejudge_id: int) -> None: ...

    def selftest(self, selftest_id: int) -> None: ...

    def clarification(self, clarification_id: int, kind: ClarificationKind) -> None: ...

    def contest(self, contest_id: int) -> None: ...
    def balloons(self, contest_id: int, team_id: int, problem_id: int) -> None: ...

    def printout(self, contest_id: int, printout_id: int) -> None: ...


_connected: list[Publisher] = []

# What changed, for the event feed's recorder (api.feed): the subject and its id.
FeedSubject = Literal[
    "submission", "judgement", "clarification", "contest", "board", "configuration"
]


class FeedRecorder(Protocol):
    """Called after the commit, after the live publisher: records the change in the feed."""

    def changed(self, subject: FeedSubject, object_id: int) -> None: ...


_recorders: list[FeedRecorder] = []
# Inside feed_deferred(): the changes the feed recorder is to hear when the block ends.
_deferred: ContextVar[list[tuple[FeedSubject, int]] | None] = ContextVar(
    "juiz_feed_deferred", default=None
)


def connect_feed(recorder: FeedRecorder) -> None:
    """Called once, by ApiConfig.ready(): the hooks then also feed the CCS event feed."""
    _recorders[:] = [recorder]


def connect(publisher: Publisher) -> None:
    """Called once, by LiveConfig.ready(): from then on the hooks publish through it."""
    _connected[:] = [publisher]


def _publisher() -> Publisher:
    if not _connected:
        raise RuntimeError("live.events: no publisher connected (is the live app installed?)")
    return _connected[0]


# --- hooks (call inside the transaction that makes the change) ------------------------------


def submission_created(submission_id: int) -> None:
    _after_commit(lambda: _publisher().submission(submission_id, "created"))
    _feed("submission", submission_id)


def submission_validated(submission_id: int) -> None:
    _after_commit(lambda: _publisher().submission(submission_id, "final"))
    _feed("submission", submission_id)


def submission_changed(submission_id: int, kind: SubmissionKind = "changed") -> None:
    _after_commit(lambda: _publisher().submission(submission_id, kind))
    _feed("submission", submission_id)


def judgement_changed(judgement_id: int) -> None:
    """Claimed, a test done, stored or failed: the publisher reads which, after the commit."""
    _after_commit(lambda: _publisher().judgement(judgement_id))
    _feed("judgement", judgement_id)


def rejudge_progress(
    contest_id: int, rejudge_id: int, done: int, total: int, finished: bool = False
) -> None:
    event = RejudgeEvent(
        type="rejudge",
        rejudge=rejudge_id,
        done=done,
        total=total,
        finished=finished,
        state="judging",
    )
    _after_commit(functools.partial(_send, streams.jury_stream(contest_id), event))


def rejudge_changed(rejudge_id: int) -> None:
    """A set was applied or cancelled: its pages close it (the publisher reads the set)."""
    _after_commit(lambda: _publisher().rejudge(rejudge_id))


def selftest_changed(selftest_id: int) -> None:
    """A compiler self-test was queued, claimed or finished."""
    _after_commit(lambda: _publisher().selftest(selftest_id))


def clarification_changed(clarification_id: int, kind: ClarificationKind) -> None:
    """A question was asked, claimed or settled; an answer or announcement sent, edited or
    withdrawn. The publisher reads the message and its recipients after the commit."""
    _after_commit(lambda: _publisher().clarification(clarification_id, kind))
    _feed("clarification", clarification_id)


def contest_changed(contest_id: int) -> None:
    """The contest's start, end, freeze or name changed: every page of it hears the new
    times (the publisher reads them after the commit)."""
    _after_commit(lambda: _publisher().contest(contest_id))
    _feed("contest", contest_id)


def configuration_changed() -> None:
    """A team or group was created, changed or deleted: they belong to every contest, so
    every contest's event feed compares them again (no page stream follows them yet)."""
    _feed("configuration", 0)


def balloons_changed(contest_id: int, team_id: int, problem_id: int) -> None:
    """A balloon of this team and problem was earned, moved, removed, delivered or given back.
    The publisher reads the team's and the problem's balloons after the commit."""
    _after_commit(lambda: _publisher().balloons(contest_id, team_id, problem_id))


def printout_changed(contest_id: int, printout_id: int) -> None:
    """A printout was sent, printed, delivered or given back (the publisher reads it after the
    commit)."""
    _after_commit(lambda: _publisher().printout(contest_id, printout_id))


def scoreboard_changed(
    contest_id: int, teams: Iterable[int] | None, audience: BoardAudience = "public"
) -> None:
    """After a reveal or unfreeze: these teams' rows (None: all) changed for the audience."""
    wanted = None if teams is None else sorted(teams)
    _after_commit(lambda: _publisher().board(contest_id, audience, wanted))
    _feed("board", contest_id)


def _send(stream: str, event: Event) -> None:
    streams.publish([(stream, event)])


@contextlib.contextmanager
def feed_deferred() -> Iterator[None]:
    """The feed recorder hears the changes committed inside the block when the block ends,
    once per subject and id. A judging job runs in one: its claim, progress reports and
    verdict each commit a change, and recording each at once would hold up the verdict
    (bench/pipeline.py); the WebSocket events are published at each commit all the same."""
    pending: list[tuple[FeedSubject, int]] = []
    token = _deferred.set(pending)
    try:
        yield
    finally:
        _deferred.reset(token)
        for subject, object_id in dict.fromkeys(pending):
            for recorder in _recorders:
                run_safely(functools.partial(recorder.changed, subject, object_id))


def _feed(subject: FeedSubject, object_id: int) -> None:
    """After the live events of the same commit (registered after them): the feed recorder
    reads the committed rows and appends what changed (or, in feed_deferred(), notes the
    change for the block's end). A lost call (a crash in between) is made good by the
    recorder's next pass over the same objects (api/feed/record.py)."""
    pending = _deferred.get()
    if pending is not None:
        _after_commit(functools.partial(pending.append, (subject, object_id)))
        return
    for recorder in _recorders:
        _after_commit(functools.partial(recorder.changed, subject, object_id))


def _after_commit(callback: Callable[[], None]) -> None:
    transaction.on_commit(functools.partial(run_safely, callback), robust=True)


def run_safely(callback: Callable[[], None]) -> None:
    try:
        callback()
    except (RedisError, OperationalError, InterfaceError) as error:
        # Redis or the database is restarting: one line per lost update, not a traceback
        # each (clients resync from their version counter when they reconnect).
        log.warning("live: update not published (%s: %s)", type(error).__name__, error)
        if not isinstance(error, RedisError):
            _close_broken_connections()
    except Exception:  # a live update must never break the judging that committed already
        log.exception("live: publishing after a commit failed")


def _close_broken_connections() -> None:
    """The next query of this process (a job's next progress report) opens a new one."""
    for conn in connections.all(initialized_only=True):
        if not conn.in_atomic_block:
            with contextlib.suppress(DatabaseError):
                conn.close()
