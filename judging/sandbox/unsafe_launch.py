"""Starts one program for the unsafe sandbox from a small, fresh process.

Linux keeps a process's peak RSS (ru_maxrss) across fork and exec: a program forked straight
from a big worker or test process would report that process's memory as its own and could be
judged Memory Limit Exceeded for it. This launcher is a fresh interpreter, so the program it
forks starts with a small peak. It applies the rlimits in the child, waits for it, and writes
the child's own exit status and resource usage as JSON to the descriptor REPORT_FD.

Usage: python -S -E unsafe_launch.py REPORT_FD LIMITS_JSON PROGRAM [ARGS...]
"""

import json
import os
import resource
import signal
import sys


def main() -> None:
    report_fd = int(sys.argv[1])
    limits = json.loads(sys.argv[2])
    argv = sys.argv[3:]
    pid = os.fork()
    if pid == 0:
        os.close(report_fd)
        try:
            for name, soft, hard in limits:
                resource.setrlimit(getattr(resource, name), (soft, hard))
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # output past the cap is cut off
            os.execvp(argv[0], argv)
        except OSError as error:
            os.write(2, f"cannot start {argv[0]!r}: {error}\n".encode())
        os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    report = [status, usage.ru_utime + usage.ru_stime, usage.ru_maxrss]
    os.write(report_fd, json.dumps(report).encode())


if __name__ == "__main__":
    main()
