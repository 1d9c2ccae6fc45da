"""The host's side of an interactive run: the pipes between the submission and the interactor,
and what crosses them.

Each direction is two kernel pipes with the host between them: the writer's stdout, then this
relay, then the reader's stdin. The relay only moves as many bytes as the reader's pipe has
room for, so a writer blocks once about 64 KiB are unread (seed 004's bounded pipes: 32 KiB
in each of the two). Passing through the host costs a copy but lets Juiz

  * keep a transcript of both directions, in order, capped (the jury's view of a test);
  * count the submission's bytes against its output limit;
  * see that nothing is in flight, which a protocol deadlock needs (graders/interactive.py);
  * keep reading after a reader is gone, so that neither program dies of SIGPIPE because the
    other one ended first (the order of exits decides the verdict, not a signal).
"""

from __future__ import annotations

import array
import contextlib
import fcntl
import os
import select
import termios
import time
from dataclasses import dataclass, field

PIPE_BYTES = 32 * 1024
F_SETPIPE_SZ = 1031  # fcntl.F_SETPIPE_SZ (Python 3.10+ has it; named here for mypy's stubs)
TRANSCRIPT_BYTES = 16 * 1024  # kept per direction
TO_TEAM, TO_JUDGE = "<", ">"  # the .interaction file's marks: < from the judge, > from the team


@dataclass
class Direction:
    mark: str
    source: int | None  # the host's read end of the writer's stdout
    sink: int | None  # the host's write end of the reader's stdin; None once the reader is gone
    limit: int | None  # bytes the writer may send in all
    pending: bytes = b""
    total: int = 0
    limit_hit: bool = False
    # When the writer's stdout reached end-of-file here (it closed it, or ended): the order of
    # the two ends decides between the interactor's verdict and the submission's failure.
    ended_at: float | None = None

    @property
    def done(self) -> bool:
        return self.source is None and not self.pending


@dataclass
class Transcript:
    """Both directions in the order the relay saw them, each capped at TRANSCRIPT_BYTES."""

    parts: list[tuple[str, bytes]] = field(default_factory=list)
    kept: dict[str, int] = field(default_factory=lambda: {TO_TEAM: 0, TO_JUDGE: 0})
    dropped: dict[str, int] = field(default_factory=lambda: {TO_TEAM: 0, TO_JUDGE: 0})

    def add(self, mark: str, data: bytes) -> None:
        room = max(0, TRANSCRIPT_BYTES - self.kept[mark])
        kept, extra = data[:room], len(data) - min(room, len(data))
        self.kept[mark] += len(kept)
        self.dropped[mark] += extra
        if not kept:
            return
        if self.parts and self.parts[-1][0] == mark:
            self.parts[-1] = (mark, self.parts[-1][1] + kept)
        else:
            self.parts.append((mark, kept))

    def text(self) -> str:
        """In the .interaction format: each line marked with who wrote it."""
        lines = [
            f"{mark}{line}"
            for mark, data in self.parts
            for line in data.decode("utf-8", "replace").splitlines()
        ]
        for mark, who in ((TO_JUDGE, "submission"), (TO_TEAM, "interactor")):
            if self.dropped[mark]:
                lines.append(f"[{self.dropped[mark]} more bytes from the {who} not kept]")
        return "\n".join(lines)


class Relay:
    """The four pipes of one interactive run. The programs' ends (`team_stdin` ...) are handed
    to the sandbox, which takes them over; the host's ends are non-blocking and pumped here."""

    def __init__(self, team_output_limit: int) -> None:
        self.team_stdin, to_team = _pipe()
        from_team, self.team_stdout = _pipe()
        self.judge_stdin, to_judge = _pipe()
        from_judge, self.judge_stdout = _pipe()
        self.to_team = Direction(TO_TEAM, from_judge, to_team, None)
        self.to_judge = Direction(TO_JUDGE, from_team, to_judge, team_output_limit)
        self.transcript = Transcript()
        self._handed_over = False
        for fd in (to_team, from_team, to_judge, from_judge):
            os.set_blocking(fd, False)  # the host's ends only: the programs' stay blocking

    @property
    def directions(self) -> tuple[Direction, Direction]:
        return (self.to_team, self.to_judge)

    @property
    def finished(self) -> bool:
        return all(d.done for d in self.directions)

    def pump(self, timeout_s: float, wake: int | None = None) -> bool:
        """One round: wait up to `timeout_s` for a pipe to be ready (or for `wake`, a pipe's
        read end that is drained here, to be written), move what can be moved. Whether any
        byte moved or any pipe ended."""
        poller = select.poll()
        if wake is not None:
            poller.register(wake, select.POLLIN)
        wanted: dict[int, tuple[Direction, bool]] = {}
        for direction in self.directions:
            entry = _interest(direction)
            if entry is not None:
                fd, reading = entry
                poller.register(fd, select.POLLIN if reading else select.POLLOUT)
                wanted[fd] = (direction, reading)
        if not wanted and wake is None:
            return False
        moved = False
        for fd, _ in poller.poll(max(0, int(timeout_s * 1000))):
            if fd == wake:
                with contextlib.suppress(BlockingIOError):
                    os.read(wake, 64)
                continue
            direction, reading = wanted[fd]
            moved |= self._read(direction) if reading else self._write(direction)
        return moved

    def judge_ended_first(self) -> bool:
        """Whether the interactor's output ended while the submission's was still open."""
        judge, team = self.to_team.ended_at, self.to_judge.ended_at
        return judge is not None and (team is None or judge < team)

    def idle(self) -> bool:
        """Nothing in flight: no byte held here nor waiting in a reader's pipe."""
        return all(not d.pending and _queued(d.sink) == 0 for d in self.directions)

    def close(self) -> None:
        for direction in self.directions:
            _close_source(direction)
            _close_sink(direction)
        if self._handed_over:
            return  # the sessions own (and have closed) the programs' ends: their numbers
            # may already belong to other files, which a second close would break
        for fd in (self.team_stdin, self.team_stdout, self.judge_stdin, self.judge_stdout):
            with contextlib.suppress(OSError):
                os.close(fd)

    def hand_over(self) -> None:
        """The programs' ends now belong to the sessions' runs (which close them)."""
        self._handed_over = True

    def _read(self, direction: Direction) -> bool:
        assert direction.source is not None
        size = 65536 if direction.sink is None else PIPE_BYTES - _queued(direction.sink)
        try:
            data = os.read(direction.source, max(size, 1))
        except BlockingIOError:
            return False
        except OSError:
            data = b""
        if not data:  # the writer closed its stdout (or ended): the reader gets end-of-file
            _close_source(direction)
            if not direction.pending:
                _close_sink(direction)
            return True
        self._count(direction, data)
        return True

    def _count(self, direction: Direction, data: bytes) -> None:
        if direction.limit is not None and direction.total + len(data) > direction.limit:
            data = data[: direction.limit - direction.total]
            direction.limit_hit = True
            _close_source(direction)  # the writer's next write fails: it is over its limit
        direction.total += len(data)
        self.transcript.add(direction.mark, data)
        if direction.sink is not None:
            direction.pending += data
            self._write(direction)
        if direction.done:
            _close_sink(direction)

    def _write(self, direction: Direction) -> bool:
        if direction.sink is None or not direction.pending:
            direction.pending = b""
            return False
        try:
            written = os.write(direction.sink, direction.pending)
        except BlockingIOError:
            return False
        except OSError:  # the reader is gone: what it did not read no longer matters
            _close_sink(direction)
            direction.pending = b""
            return True
        direction.pending = direction.pending[written:]
        if direction.done:
            _close_sink(direction)
        return written > 0


def _interest(direction: Direction) -> tuple[int, bool] | None:
    """The descriptor to wait on and whether for reading; None when the direction is over."""
    if direction.pending and direction.sink is not None:
        return direction.sink, False
    if direction.source is None:
        return None
    if direction.sink is not None and _queued(direction.sink) >= PIPE_BYTES:
        return direction.sink, False  # the reader's pipe is full: wait until it reads
    return direction.source, True


def _pipe() -> tuple[int, int]:
    read, write = os.pipe2(os.O_CLOEXEC)
    with contextlib.suppress(OSError):
        fcntl.fcntl(write, F_SETPIPE_SZ, PIPE_BYTES)
    return read, write


def _queued(fd: int | None) -> int:
    """Bytes waiting in the pipe `fd` is an end of (FIONREAD works on either end)."""
    if fd is None:
        return 0
    count = array.array("i", [0])
    try:
        fcntl.ioctl(fd, termios.FIONREAD, count)
    except OSError:
        return 0
    return count[0]


def _close_source(direction: Direction) -> None:
    if direction.source is not None:
        with contextlib.suppress(OSError):
            os.close(direction.source)
        direction.source = None
        direction.ended_at = time.monotonic()


def _close_sink(direction: Direction) -> None:
    if direction.sink is not None:
        with contextlib.suppress(OSError):
            os.close(direction.sink)
        direction.sink = None
