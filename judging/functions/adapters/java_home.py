"""The Java harness's home: what every Java function run shares, made once per host and harness
version, and mounted read-only into each box at its own host path.

- `harness.jar`: the harness's classes (the harness reaches the solution only by reflection, so
  it does not depend on it), compiled by the javac the box mounts, with JavaFX's Pair stand-in.
- `libjuiz.so`: its CPU clock and exit (java_native.py).
- `directives.json`: the JIT's directives for its own methods (java.py, RUN_COMMAND).
- `harness.jsa`: a class-data sharing archive of the JDK's and the harness's classes that a run
  loads, made by a training run of the harness on a small problem of ours. A run then maps the
  classes parsed and verified instead of reading them: about 5 ms of a run's 70. The archive
  names the jar by its path and checks its size and time, so the box sees the home at the path
  it was made at (it is not secret: the same classes every build used to carry).

The home is built in a temporary directory and renamed into place; the archive, which must name
the jar at its final path, is added after the rename, under a temporary name renamed in turn. A
home is used only once its archive is there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from functools import cache
from pathlib import Path, PurePath

from judging.functions.adapters import java_native
from judging.functions.adapters.host_cache import HarnessBuildError, private_dir, version_key

# Per user, and only used when private: a class planted there would run in every submission.
CACHE_DIR = Path(tempfile.gettempdir()) / f"juiz-java-harness-{os.getuid()}"
JAR = "harness.jar"
ARCHIVE = "harness.jsa"
DIRECTIVES = "directives.json"
DIRECTIVES_SOURCE = "native/directives.json"  # in the kit's Java harness folder
CLASS_LISTING = "juiz/SolutionClasses.java"  # generated: a solution's top-level classes
# No annotation processing. String concatenation as StringBuilder calls
# (-XDstringConcat=inline): the default, one invokedynamic bootstrap per concatenation site,
# cost the harness about 20 ms of start-up. The same flags for the harness and the solution.
FLAGS = ("-encoding", "UTF-8", "-proc:none", "-XDstringConcat=inline")
# C1 only: javac's own start-up is most of the compile time.
JAVAC_JVM = ("-J-Xmx512m", "-J-XX:+UseSerialGC", "-J-XX:TieredStopAtLevel=1")
# The runs' collector; the archive is made with it too: its classes' layout depends on it.
COLLECTOR = "-XX:+UseSerialGC"
ARCHIVE_JVM = ("-Xmx256m", COLLECTOR)
TRAINING_SOLUTION = """class Solution {
    public int maxValue(int[] nums) {
        int best = nums[0];
        for (int x : nums) best = Math.max(best, x);
        return best;
    }
}
"""


def class_listing(names: tuple[str, ...]) -> str:
    """juiz.SolutionClasses: the names of the solution's top-level classes, in source order
    (identifiers, so they need no escaping in a string literal)."""
    quoted = ", ".join(f'"{name}"' for name in names)
    return (
        "package juiz;\n\n"
        "final class SolutionClasses {\n"
        f"    static final String[] NAMES = {{{quoted}}};\n"
        "}\n"
    )


def harness_flags(home: PurePath) -> list[str]:
    """The JVM options that set up the harness: its training run's, and those of java.py's
    RUN_COMMAND (with the home as a template)."""
    return [
        "-XX:+UnlockDiagnosticVMOptions",
        f"-XX:CompilerDirectivesFile={home / DIRECTIVES}",
        f"-Djuiz.native={home / java_native.LIBRARY}",
    ]


@cache
def harness_home(harness: Path, sources: tuple[str, ...]) -> Path:
    """The home of the kit's Java harness folder `harness` (`sources`: its files to compile,
    relative to it), made on first use."""
    paths = [harness / name for name in sources]
    built = version_key(
        ["javac", "-version"], (*FLAGS, *ARCHIVE_JVM), [*paths, harness / DIRECTIVES_SOURCE]
    )
    runs = version_key(["java", "-version"], (), [])  # the archive is the runtime's own
    target = (
        private_dir(CACHE_DIR) / f"home-{built[:16]}-{runs[:16]}-{java_native.key(harness)[:8]}"
    )
    if not (target / ARCHIVE).is_file():
        if not target.is_dir():
            _publish(_built(harness, paths), target)
        _archive(target)
    return target


def _built(harness: Path, sources: list[Path]) -> Path:
    """A new home, without its archive, in a temporary directory."""
    work = Path(tempfile.mkdtemp(dir=CACHE_DIR))
    try:
        home = work / "home"
        home.mkdir()
        classes = _compile(work, sources)
        _jar(classes, home / JAR)
        shutil.copyfile(harness / DIRECTIVES_SOURCE, home / DIRECTIVES)
        java_native.build(harness, home)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return home


def _publish(home: Path, target: Path) -> None:
    """Renames the new home into place (readable by the box's user, which is not us when we
    are root); another worker may have published the same home first."""
    home.chmod(0o755)
    try:
        home.rename(target)
    except OSError:
        if not target.is_dir():
            raise
    finally:
        shutil.rmtree(home.parent, ignore_errors=True)


def _compile(work: Path, sources: list[Path]) -> Path:
    listing = work / "src" / CLASS_LISTING
    listing.parent.mkdir(parents=True)
    listing.write_text(class_listing(()), "utf-8")
    out = work / "classes"
    command = ["javac", *FLAGS, *JAVAC_JVM, "-d", str(out), str(listing), *map(str, sources)]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0 or result.stderr.strip():
        raise HarnessBuildError(f"the Java harness does not compile:\n{result.stderr}")
    (out / "juiz" / "SolutionClasses.class").unlink()  # every build compiles its own
    return out


def _jar(classes: Path, jar: Path) -> None:
    """The classes, stored uncompressed (nothing to inflate when one is loaded)."""
    with zipfile.ZipFile(jar, "w", zipfile.ZIP_STORED) as out:
        for path in sorted(classes.rglob("*.class")):
            out.write(path, path.relative_to(classes).as_posix())
    jar.chmod(0o644)


def _archive(home: Path) -> None:
    """Adds the archive of the classes a training run loads (the JDK's and the harness's),
    made against the jar at its final path, and checked to map."""
    with tempfile.TemporaryDirectory(dir=CACHE_DIR) as scratch:
        work = Path(scratch)
        class_list = _training_run(home, work)
        partial = home / f".{ARCHIVE}.{os.getpid()}"
        jar = str(home / JAR)
        dump = ["java", *ARCHIVE_JVM, "-Xshare:dump", f"-XX:SharedClassListFile={class_list}"]
        _run([*dump, f"-XX:SharedArchiveFile={partial}", "-cp", jar], "make its archive")
        check = ["java", *ARCHIVE_JVM, "-Xshare:on", f"-XX:SharedArchiveFile={partial}"]
        _run([*check, "-cp", jar, "-version"], "map its archive")
        partial.chmod(0o644)
        os.replace(partial, home / ARCHIVE)


def _training_run(home: Path, work: Path) -> Path:
    """The classes the harness loads on a plain problem (ours, run on the host), less the
    training solution's own; every class of the jar is added, for the other kinds."""
    classes = work / "classes"
    (work / "juiz").mkdir()
    (work / "Solution.java").write_text(TRAINING_SOLUTION, "utf-8")
    (work / CLASS_LISTING).write_text(class_listing(("Solution",)), "utf-8")
    sources = [str(work / "Solution.java"), str(work / CLASS_LISTING)]
    _run(
        ["javac", *FLAGS, *JAVAC_JVM, "-cp", str(home / JAR), "-d", str(classes), *sources],
        "compile its training solution",
    )
    loaded = work / "loaded.classlist"
    run = ["java", *ARCHIVE_JVM, *harness_flags(home), f"-XX:DumpLoadedClassList={loaded}"]
    _run(
        [*run, "-cp", f"{home / JAR}:{classes}", "juiz.Harness"],
        "run its training",
        stdin=_training_payload(),
    )
    own = {"Solution", "juiz/SolutionClasses"}
    names = [line for line in loaded.read_text().splitlines() if line.split(" ")[0] not in own]
    with zipfile.ZipFile(home / JAR) as jar:
        names += [n.removesuffix(".class") for n in jar.namelist() if n.endswith(".class")]
    class_list = work / "harness.classlist"
    class_list.write_text("\n".join(dict.fromkeys(names)) + "\n")
    return class_list


def _training_payload() -> bytes:
    """A plain problem: one int[] argument of 50 numbers per case, an int returned."""
    rows = [[(k * 7919 + j * 104729) % 2001 - 1000 for j in range(50)] for k in range(200)]
    cases = [{"i": k, "name": f"t{k}", "args": [row]} for k, row in enumerate(rows)]
    manifest = {"kind": "function", "entry": "maxValue", "argTypes": ["int[]"], "returnType": "int"}
    return json.dumps({"nonce": "0" * 32, "manifest": manifest, "cases": cases}).encode()


def _run(argv: list[str], what: str, stdin: bytes | None = None) -> None:
    result = subprocess.run(argv, input=stdin, capture_output=True)
    if result.returncode != 0:
        why = (result.stderr or result.stdout).decode(errors="replace")[-2000:]
        raise HarnessBuildError(f"the Java harness could not {what}:\n{why}")
