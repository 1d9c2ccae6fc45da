"""What the host can see of a box's running processes in /proc: which tasks are the program's
(not the box's supervisor), whether each is asleep reading a pipe, and their CPU ticks.

Interactive runs use it to tell a protocol deadlock (both programs waiting for each other's
output) from a program that thinks or sleeps. Reading another process's /proc entries needs
the host to be root or the processes' owner; what cannot be read counts as "not known", never
as blocked.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
# The kernel's wait channel of a task asleep in read() on an empty pipe (names vary by version).
PIPE_READ_WAITS = ("pipe_read", "anon_pipe_read", "pipe_wait_readable", "pipe_wait")


@dataclass(frozen=True)
class TaskState:
    state: str  # /proc stat's one letter: R running, S sleeping, D disk wait, Z zombie ...
    wait: str  # the wait channel, "" when running or unknown
    cpu_ticks: int  # user + system time, in clock ticks


def box_programs(procs_file: Path) -> list[int]:
    """The pids in a session cgroup's cgroup.procs that are the box's programs: in a nested
    pid namespace (bwrap itself is not) and not its pid 1 (the supervisor)."""
    try:
        pids = [int(line) for line in procs_file.read_text().split()]
    except (OSError, ValueError):
        return []
    return [pid for pid in pids if _inner_pid(pid) not in (None, 1)]


def _inner_pid(pid: int) -> int | None:
    """The pid in the innermost namespace, None for a process of the host's namespace."""
    with contextlib.suppress(OSError):
        for line in (PROC / str(pid) / "status").read_text().splitlines():
            if line.startswith("NSpid:"):
                numbers = line.split()[1:]
                return int(numbers[-1]) if len(numbers) > 1 else None
    return None


def tasks(pids: list[int]) -> list[TaskState] | None:
    """Every thread of the given processes; None when any of them cannot be read."""
    found: list[TaskState] = []
    for pid in pids:
        try:
            for task in (PROC / str(pid) / "task").iterdir():
                found.append(_task(task))
        except (OSError, ValueError, IndexError):
            return None
    return found


def _task(task: Path) -> TaskState:
    stat = (task / "stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()  # the command name may hold spaces
    wait = (task / "wchan").read_text().strip()
    return TaskState(fields[0], "" if wait == "0" else wait, int(fields[11]) + int(fields[12]))


def blocked_reading(states: list[TaskState]) -> bool:
    """Whether the program can only go on when input arrives: one of its tasks sleeps in a
    pipe read and none runs or waits on anything else that would wake it by itself (a timer)."""
    if not states:
        return False
    reading = any(s.state == "S" and s.wait in PIPE_READ_WAITS for s in states)
    return reading and all(s.state in ("S", "Z") and "nanosleep" not in s.wait for s in states)
