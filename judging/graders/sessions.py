"""The session a test runs in: the grader's shared one, or for a test with .files (2023-07) a
session of its own whose work directory is the build with the test's files copied over it (the
format: after compiling, before executing, overwriting files of the same name)."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path

from judging.model import TestCase
from judging.sandbox.base import Sandbox, Session, SessionSpec
from judging.steps.box import BOX_DIR, language_mounts
from judging.steps.compile import Build


@contextlib.contextmanager
def test_session(
    sandbox: Sandbox, build: Build, shared: Session, test: TestCase, box: Path
) -> Iterator[Session]:
    """`shared`, or a session over a copy of the build in `box` with the test's files."""
    if test.files_dir is None:
        yield shared
        return
    shutil.copytree(build.directory, box)
    shutil.copytree(test.files_dir, box, dirs_exist_ok=True)
    try:
        mounts = language_mounts(build.language)
        spec = SessionSpec(mounts=mounts, workdir=BOX_DIR, seed_dir=box, seccomp=True)
        with sandbox.session(spec) as own:
            yield own
    finally:
        shutil.rmtree(box, ignore_errors=True)
