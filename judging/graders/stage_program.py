"""The problem's program between two stages of a multi-stage problem (juiz.yaml `multi_stage`).

    program INPUT ANSWER FEEDBACK_DIR STAGE < stage_output > next_stage_input

It is built like an output validator (judging/checkers/custom.py's build_validator: build/run
scripts, or the files of one language) and runs like one: trusted, but in the sandbox, under
the validator's limits, with the test's input and answer read-only in /judge and a writable
/feedback that lasts for all the stages of one test (a program may keep state there). STAGE is
the name of the stage that just ran.

Exit 42: the output is fine, and what the program wrote on its standard output is the next
stage's input. Exit 43: the output is rejected (Wrong Answer), FEEDBACK_DIR/judgemessage.txt
says why. Anything else is the problem's fault, never the team's: ValidatorError.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path

from judging.checkers.base import ValidatorError
from judging.checkers.custom import (
    EXIT_ACCEPT,
    EXIT_REJECT,
    FEEDBACK_DIR,
    JUDGE_DIR,
    MESSAGE_BYTES,
    VALIDATOR_LIMITS,
    ValidatorProgram,
    build_validator,
)
from judging.constants import Constants
from judging.languages.base import LanguageConfig, substitute
from judging.sandbox.base import Mount, RunRequest, Sandbox, SessionSpec
from judging.steps.box import BOX_DIR, box_env
from judging.steps.compile import COMPILE_WORKDIR_BYTES
from judging.steps.files import head, tail, text


@dataclass(frozen=True)
class Verdict:
    accepted: bool
    message: str  # judgemessage.txt


class StageProgram:
    """One built program, run after every stage but the last, in one session."""

    def __init__(self, sandbox: Sandbox, program: ValidatorProgram, workdir: Path) -> None:
        self._program = program
        self._judge_dir = workdir / "stage-judge"
        self._feedback_dir = workdir / "stage-feedback"
        self._logs = workdir
        for directory in (self._judge_dir, self._feedback_dir):
            directory.mkdir(parents=True, exist_ok=True)
            directory.chmod(0o777)  # the box may run the program as another user
        spec = SessionSpec(
            mounts=(
                Mount(self._judge_dir, JUDGE_DIR),
                Mount(self._feedback_dir, FEEDBACK_DIR, writable=True),
            ),
            workdir=BOX_DIR,
            workdir_size_bytes=COMPILE_WORKDIR_BYTES,
            seed_dir=program.directory,
            seccomp=False,
        )
        self._stack = ExitStack()
        self._session = self._stack.enter_context(sandbox.session(spec))

    def start_test(self, input: Path, answer: Path) -> None:
        """A new test: its files in /judge, an empty /feedback."""
        for directory in (self._judge_dir, self._feedback_dir):
            for old in directory.iterdir():
                shutil.rmtree(old) if old.is_dir() and not old.is_symlink() else old.unlink()
        shutil.copyfile(input, self._judge_dir / "input")
        shutil.copyfile(answer, self._judge_dir / "answer")
        for name in ("input", "answer"):
            (self._judge_dir / name).chmod(0o644)

    def between(self, stage: str, output: Path, next_input: Path) -> Verdict:
        """Run the program on `stage`'s output; on acceptance its stdout is in `next_input`."""
        program = self._program
        argv = substitute(program.language.run_command, program.values)
        argv += [f"{JUDGE_DIR}/input", f"{JUDGE_DIR}/answer", f"{FEEDBACK_DIR}/", stage]
        limits = replace(VALIDATOR_LIMITS, address_space_limit=program.language.address_space_limit)
        stderr = self._logs / "stage-program.err"
        request = RunRequest(
            argv=argv,
            limits=limits,
            stdin=output,
            stdout=next_input,
            stderr=stderr,
            env=box_env(program.language),
        )
        result = self._session.run(request)
        message = text(head(self._feedback_dir / "judgemessage.txt", MESSAGE_BYTES + 1))
        if result.signal is None and result.exit_code in (EXIT_ACCEPT, EXIT_REJECT):
            return Verdict(result.exit_code == EXIT_ACCEPT, message.rstrip("\n"))
        ending = f"signal {result.signal}" if result.signal is not None else result.exit_code
        limit = " (a limit was hit)" if result.cpu_limit_hit or result.wall_limit_hit else ""
        details = text(tail(stderr)).strip()
        raise ValidatorError(
            f"the program between stages ended with {ending}{limit} after stage {stage} "
            f"(expected {EXIT_ACCEPT} or {EXIT_REJECT})"
            + (f"\nstderr:\n{details}" if details else "")
        )

    def close(self) -> None:
        self._stack.close()


def prepare(
    sandbox: Sandbox,
    location: Path,
    languages: Sequence[LanguageConfig],
    workdir: Path,
    language_id: str | None = None,
    constants: Constants = (),
) -> StageProgram:
    """Build the program once (ValidatorError when it does not build) and open its session."""
    workdir.mkdir(parents=True, exist_ok=True)
    program = build_validator(sandbox, location, languages, workdir, language_id, constants)
    return StageProgram(sandbox, program, workdir)
