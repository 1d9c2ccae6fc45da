"""The Python harness of function problems (docs/functions.md, "The harness protocol").

    python3 harness.py < payload.json

Reads the whole payload first, keeps the process's stdout (fd 1) as the result channel and
points fd 1 and sys.stdout at stderr before the solution is loaded, so nothing the solution
prints can land on the channel. Then it runs every case in one process and writes one LLJUDGE
line per case and a LLJUDGE-SUMMARY line, each carrying the run's nonce.
"""

from __future__ import annotations

import _thread
import os
import resource
import sys

sys.dont_write_bytecode = True  # the box's work directory is small; nothing to cache

import jsonio  # noqa: E402
import serde  # noqa: E402
from cases import KINDS, error_record  # noqa: E402
from prelude import Loaded, compile_solution, implicit_names, load_solution, mentioned  # noqa: E402

# Only for annotations: importing typing would cost every run milliseconds (docs/functions.md).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
SOLUTION_PATH = os.path.join(HERE, "solution.py")
# Recursion 10^5 deep through C code (lru_cache wrappers, __eq__ ...) needs ~600 bytes of C
# stack a level and counts twice against the recursion limit; plain Python recursion needs
# almost no C stack in 3.11 but ~260 bytes of heap a level. So: the biggest thread stack the
# box allows (RLIMIT_NPROC may forbid threads: then the main thread's RLIMIT_STACK), and a
# limit that stops runaway recursion with a RecursionError before the stack or the memory
# limit ends it less readably.
STACK_SIZES_MB = (512, 256, 128)
STACK_BYTES_PER_LIMIT = 300
MAX_RECURSION_LIMIT = 400_000
MIN_RECURSION_LIMIT = 110_000


class Channel:
    """The saved stdout. Bound to os.write now, so that a solution replacing os.write later
    cannot reach it (the host re-judges every value anyway)."""

    def __init__(self, fd: int, nonce: str) -> None:
        self._fd, self._nonce, self._write = fd, nonce, os.write
        self._head = '{"nonce":' + jsonio.dumps(nonce) + ","

    def send(self, tag: str, record: dict[str, Any]) -> None:
        """`record` (never empty) as a line that begins with the nonce."""
        try:
            text = self._head + jsonio.dumps(record, allow_nan=False)[1:]
        except (TypeError, ValueError, RecursionError) as error:  # serde let it through: never
            body = {"nonce": self._nonce, **record}
            body.pop("got", None)
            body.update(status="error", error=f"harness: cannot encode the result: {error}")
            text = jsonio.dumps(body)
        data = f"{tag} {text}\n".encode()
        while data:
            data = data[self._write(self._fd, data) :]


def take_stdout() -> int:
    """Save fd 1 for the channel and send every later write to fd 1 to stderr."""
    sys.stdout.flush()
    channel = os.dup(1)  # not inherited by child processes (O_CLOEXEC)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)  # the payload is read: a solution reading stdin gets end of file
    os.close(devnull)
    return channel


def type_names(manifest: dict[str, Any]) -> list[str]:
    names = list(manifest.get("argTypes", []))
    names += [manifest.get("returnType", "void"), manifest.get("dataType", "void")]
    for spec in manifest.get("methods", {}).values():
        names += [*spec.get("argTypes", []), spec.get("returnType", "void")]
    return names


def judge(payload: dict[str, Any], channel: Channel) -> None:
    manifest = payload["manifest"]
    code = compile_solution(SOLUTION_PATH)
    injected = implicit_names(serde.node_classes(type_names(manifest)), mentioned(code), HERE)
    loaded = Loaded(load_solution(SOLUTION_PATH, injected, code), injected)
    runner = KINDS[manifest["kind"]](manifest, loaded)
    passed = 0
    for case in payload["cases"]:
        try:
            record = runner.run(case)
        except Exception as error:  # the harness's own failure on a strange value
            record = error_record(error)
        passed += record["status"] == "pass"
        channel.send("LLJUDGE", {"i": case["i"], "name": case["name"], **record})
    channel.send("LLJUDGE-SUMMARY", {"passed": passed, "total": len(payload["cases"])})


def on_big_stack(work: Callable[[], None]) -> None:
    """Run `work`, which ends the process, in a thread with a big stack, or in the main thread
    if there can be none. The main thread then blocks for good rather than joining the thread:
    threading's start() and join() each wait for a wake-up, milliseconds on a loaded machine."""
    for size_mb in STACK_SIZES_MB:
        sys.setrecursionlimit(_recursion_limit(size_mb * 1024 * 1024))
        try:
            _thread.stack_size(size_mb * 1024 * 1024)
            _thread.start_new_thread(work, ())
        except (RuntimeError, ValueError, MemoryError):
            continue
        forever = _thread.allocate_lock()
        forever.acquire()
        forever.acquire()
    _thread.stack_size(0)
    soft, _ = resource.getrlimit(resource.RLIMIT_STACK)
    sys.setrecursionlimit(_recursion_limit(8 * 1024 * 1024 if soft < 0 else soft))
    work()


def _recursion_limit(stack_bytes: int) -> int:
    by_stack = stack_bytes // STACK_BYTES_PER_LIMIT
    return max(MIN_RECURSION_LIMIT, min(MAX_RECURSION_LIMIT, by_stack))


def main() -> None:
    payload = jsonio.loads(sys.stdin.buffer.read())
    channel = Channel(take_stdout(), payload["nonce"])

    def work() -> None:
        status = 1
        try:
            judge(payload, channel)
            status = 0
        except BaseException as error:  # loading the solution failed: a crash, no summary
            import traceback  # only now: it costs every run milliseconds to import

            traceback.print_exception(error, limit=-20)
        finally:
            sys.stderr.flush()
            # os._exit: the process ends here, whatever thread this is, and threads a
            # solution started must not keep it alive after the summary.
            os._exit(status)

    on_big_stack(work)


if __name__ == "__main__":
    main()
