"""The Java harness's JNI library (harnesses/java/native/juiz_native.c): a thread's CPU clock,
and leaving the process without the JVM's exit.

The JDK reaches a thread's CPU clock only through java.management, at a cost of 6 ms (its
internal helper, with --add-exports) to 55 ms of CPU (the public way) in every run, and the
JVM's exit waits in steps of 10 ms for JIT compilations in flight; the library's two calls cost
about 0.1 ms of start-up. It is compiled on the host, by the C compiler and against the JNI
headers of the JDK whose javac the harness uses, into the harness's home (java_home.py). A host
without them still judges: the harness falls back to java.management and Runtime.halt
(juiz/Native.java), only slower.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
from pathlib import Path

from judging.functions.adapters.host_cache import HarnessBuildError, version_key

SOURCE = "native/juiz_native.c"  # in the kit's Java harness folder
LIBRARY = "libjuiz.so"  # in the harness's home, named by the run command's -Djuiz.native
COMPILER = "gcc"
FLAGS = ("-O2", "-shared", "-fPIC", "-Wall", "-Werror")

log = logging.getLogger(__name__)


def jni_headers() -> list[Path] | None:
    """The include directories of the JDK that `javac` belongs to, or None when it has none."""
    javac = shutil.which("javac")
    if javac is None:
        return None
    include = Path(javac).resolve().parent.parent / "include"
    if not (include / "jni.h").is_file() or not (include / "linux" / "jni_md.h").is_file():
        return None
    return [include, include / "linux"]


def key(harness: Path) -> str:
    """The part of the harness's cache key that the library depends on: its source, the flags,
    the compiler's version and the JDK's headers; "none" where it cannot be built."""
    headers = jni_headers()
    if headers is None or shutil.which(COMPILER) is None:
        return "none"
    sources = [harness / SOURCE, headers[0] / "jni.h", headers[1] / "jni_md.h"]
    try:
        return version_key([COMPILER, "--version"], FLAGS, sources)
    except HarnessBuildError:
        return "none"


def build(harness: Path, destination: Path) -> None:
    """Compiles the library into `destination`, or leaves it out (with a warning) where the
    host has no C compiler or JNI headers. A source that does not compile is our fault: an
    error."""
    headers = jni_headers()
    if headers is None or shutil.which(COMPILER) is None:
        log.warning("no %s or JNI headers: the Java harness goes without its library", COMPILER)
        return
    includes = [f"-I{directory}" for directory in headers]
    command = [COMPILER, *FLAGS, *includes, "-o", str(destination / LIBRARY), str(harness / SOURCE)]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise HarnessBuildError(f"the Java harness's library does not compile:\n{result.stderr}")
