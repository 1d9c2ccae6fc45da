"""C++: the solution is compiled with a main.cpp generated from the manifest (cpp_glue.py) and
the harness headers, with the flags of stdin/stdout C++ submissions, and linked with the
harness runtime (harnesses/cpp/juiz_runtime.cpp: JSON text, comparators, the protocol).

The runtime does not depend on the problem, so it is compiled once per harness version on the
host, by the same g++ the box mounts, and its object file is copied into every submission's
directory. Measured (CPU seconds): a plain problem compiles in 1.45 this way, 3.8 with the
runtime compiled in; <bits/stdc++.h> alone costs 1.2.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from functools import cache
from pathlib import Path

from judging.functions.adapters import cpp_glue
from judging.functions.adapters.base import HarnessAdapter, Manifest
from judging.functions.adapters.host_cache import HarnessBuildError, private_dir, version_key
from judging.kit import Kit

HARNESS = "cpp"  # the kit's folder of this harness
RUNTIME_SOURCE = "juiz_runtime.cpp"
RUNTIME_OBJECT = "juiz_runtime.o"
EXECUTABLE = "main"
FLAGS = ("-std=gnu++17", "-O2")
# Per user, and only used when private: an object planted there would run in every submission.
CACHE_DIR = Path(tempfile.gettempdir()) / f"juiz-cpp-harness-{os.getuid()}"


__all__ = ["ADAPTER", "HarnessBuildError", "runtime_object"]


def _sources(harness: Path) -> list[Path]:
    return sorted([*harness.glob("*.hpp"), harness / RUNTIME_SOURCE])


def _version_key(harness: Path) -> str:
    """Changes with any harness source, the flags or the compiler."""
    return version_key(["g++", "--version"], FLAGS, _sources(harness))


def _private_cache_dir() -> Path:
    return private_dir(CACHE_DIR)


@cache
def runtime_object(harness: Path) -> Path:
    """The runtime of the harness folder `harness`, compiled on first use; a rename makes
    concurrent builds safe."""
    target = _private_cache_dir() / f"juiz_runtime-{_version_key(harness)}.o"
    if target.is_file():
        return target
    fd, partial = tempfile.mkstemp(dir=CACHE_DIR, suffix=".o")
    os.close(fd)
    command = ["g++", *FLAGS, "-c", "-o", partial, str(harness / RUNTIME_SOURCE)]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        os.unlink(partial)
        raise HarnessBuildError(f"the C++ harness runtime does not compile:\n{result.stderr}")
    os.replace(partial, target)
    return target


def prepare(manifest: Manifest, solution: bytes, destination: Path, kit: Kit) -> None:
    harness = kit.harness(HARNESS)
    destination.mkdir(parents=True, exist_ok=True)
    (destination / cpp_glue.SOLUTION_FILE).write_bytes(solution)
    for header in sorted(harness.glob("*.hpp")):
        shutil.copyfile(header, destination / header.name)
    shutil.copyfile(runtime_object(harness), destination / RUNTIME_OBJECT)
    source = solution.decode("utf-8", errors="replace")
    main = cpp_glue.generate(manifest, source)
    (destination / cpp_glue.MAIN_FILE).write_text(main, encoding="utf-8")


ADAPTER = HarnessAdapter(
    language="cpp",
    names_key=cpp_glue.NAMES_KEY,
    source_extension="cpp",
    prepare=prepare,
    compile_command=(
        f"g++ {' '.join(FLAGS)} -static -pipe -o {{dir}}/{EXECUTABLE} "
        f"{{dir}}/{cpp_glue.MAIN_FILE} {{dir}}/{RUNTIME_OBJECT}"
    ),
    run_command=f"{{dir}}/{EXECUTABLE}",
)
