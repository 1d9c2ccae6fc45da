"""Java (OpenJDK 17): the solution as Solution.java, the harness in package `juiz`.

The harness reaches the solution only by reflection (the names of its top-level classes come
from juiz/SolutionClasses.java, generated here), so it does not depend on the solution: it is
compiled once on the host, by the same javac the box mounts, with a stand-in for JavaFX's Pair
(which LeetCode solutions import), and its classes are copied into every submission's build
(`harness/`). The submission's javac run compiles the solution, the listing and the node
classes the problem's types need (ListNode, TreeNode, Node) except those the solution declares
itself at its top level (JuizNodes.java), against them: about half the compile time of
compiling the harness with every solution. See java_source.py for what is changed in the
solution's text.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from judging.functions.adapters import java_source
from judging.functions.adapters.base import HarnessAdapter, Manifest
from judging.functions.adapters.host_cache import HarnessBuildError, private_dir, version_key
from judging.kit import Kit

HARNESS = "java"  # the kit's folder of this harness
HARNESS_SOURCES = tuple(
    f"juiz/{name}.java"
    for name in (
        "Harness",
        "Cases",
        "Record",
        "FunctionCases",
        "SequenceCases",
        "RoundtripCases",
        "Entry",
        "Convert",
        "Serialize",
        "Compare",
        "NodeClass",
        "NType",
        "Types",
        "Json",
    )
)
# Compiled with the harness: JavaFX's Pair, which LeetCode solutions import.
LIBRARY_SOURCES = ("javafx/util/Pair.java",)
SOLUTION_FILE = "Solution.java"  # juiz/Harness.java names it too, to point errors at lines
NODES_FILE = "JuizNodes.java"
CLASS_LISTING = "juiz/SolutionClasses.java"  # generated: the solution's top-level classes
# The seeded files are read-only in the box: classes go to a directory of their own.
CLASSES = "{dir}/classes"
HARNESS_CLASSES = "harness"  # the build's folder of the harness's precompiled classes
# Per user, and only used when private: a class planted there would run in every submission.
CACHE_DIR = Path(tempfile.gettempdir()) / f"juiz-java-harness-{os.getuid()}"

# Which node class each type of the vocabulary needs.
NODE_OF_TYPE = {
    "ListNode": "ListNode",
    "ListNodeCycle": "ListNode",
    "TreeNode": "TreeNode",
    "GraphNode": "Node",
    "ListNodeRandom": "Node",
}

_SOURCES = " ".join(f"{{dir}}/{name}" for name in (SOLUTION_FILE, NODES_FILE, CLASS_LISTING))
# No annotation processing. String concatenation as StringBuilder calls
# (-XDstringConcat=inline): the default, one invokedynamic bootstrap per concatenation site,
# cost the harness about 20 ms of start-up. The same flags for the harness and the solution.
FLAGS = ("-encoding", "UTF-8", "-proc:none", "-XDstringConcat=inline")
# C1 only: javac's own start-up is most of the compile time.
JAVAC_JVM = ("-J-Xmx512m", "-J-XX:+UseSerialGC", "-J-XX:TieredStopAtLevel=1")
COMPILE_COMMAND = (
    f"javac {' '.join(FLAGS)} {' '.join(JAVAC_JVM)} -cp {{dir}}/{HARNESS_CLASSES} "
    f"-d {CLASSES} {_SOURCES}"
)
# sun.management is exported for the harness's CPU clock (juiz/Entry.java, Entry.Clock). The
# harness's classes come first: a solution's classes cannot stand in for them.
RUN_COMMAND = (
    "java -Xmx{memory_mb}m -XX:+UseSerialGC "
    "--add-exports java.management/sun.management=ALL-UNNAMED "
    f"-cp {{dir}}/{HARNESS_CLASSES}:{CLASSES} juiz.Harness"
)


def manifest_types(manifest: Manifest) -> Iterator[str]:
    """Every type name the manifest uses."""
    yield from manifest.get("argTypes") or ()
    for key in ("returnType", "dataType", "encodedType"):
        if isinstance(manifest.get(key), str):
            yield manifest[key]
    for spec in (manifest.get("methods") or {}).values():
        yield from spec.get("argTypes") or ()
        if isinstance(spec.get("returnType"), str):
            yield spec["returnType"]


def needed_nodes(manifest: Manifest, declared: tuple[str, ...]) -> list[str]:
    """The node classes to provide: those the types need and the solution does not declare."""
    needed = {NODE_OF_TYPE.get(name.replace("[]", "")) for name in manifest_types(manifest)}
    return sorted(n for n in needed if n is not None and n not in declared)


def nodes_source(harness: Path, names: list[str]) -> str:
    parts = ["import java.util.*;\n"]
    parts += [(harness / "nodes" / f"{name}.java").read_text("utf-8") for name in names]
    return "\n".join(parts)


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


def _harness_sources(harness: Path) -> list[Path]:
    return [harness / name for name in (*HARNESS_SOURCES, *LIBRARY_SOURCES)]


@cache
def harness_classes(harness: Path) -> Path:
    """The classes of the harness folder `harness`, compiled on first use (without a
    SolutionClasses, which every build compiles for its solution); a rename makes concurrent
    builds safe."""
    sources = _harness_sources(harness)
    key = version_key(["javac", "-version"], FLAGS, sources)
    target = private_dir(CACHE_DIR) / f"classes-{key}"
    if target.is_dir():
        return target
    work = Path(tempfile.mkdtemp(dir=CACHE_DIR))
    try:
        listing = work / "src" / CLASS_LISTING
        listing.parent.mkdir(parents=True)
        listing.write_text(class_listing(()), "utf-8")
        out = work / "classes"
        command = ["javac", *FLAGS, *JAVAC_JVM, "-d", str(out), str(listing), *map(str, sources)]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0 or result.stderr.strip():
            raise HarnessBuildError(f"the Java harness does not compile:\n{result.stderr}")
        (out / "juiz" / "SolutionClasses.class").unlink()
        try:
            out.rename(target)
        except OSError:  # another worker published the same classes first
            if not target.is_dir():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


def prepare(manifest: Manifest, source: bytes, destination: Path, kit: Kit) -> None:
    # surrogateescape: bytes that are not UTF-8 go back unchanged, and javac reports them.
    text = source.decode("utf-8", errors="surrogateescape")
    found = java_source.outline(text)
    rewritten = java_source.rewrite(text, found)
    (destination / SOLUTION_FILE).write_bytes(rewritten.encode("utf-8", errors="surrogateescape"))
    nodes = needed_nodes(manifest, found.top_level_types)
    harness = kit.harness(HARNESS)
    (destination / NODES_FILE).write_text(nodes_source(harness, nodes), "utf-8")
    (destination / "juiz").mkdir()
    (destination / CLASS_LISTING).write_text(class_listing(found.top_level_types), "utf-8")
    shutil.copytree(harness_classes(harness), destination / HARNESS_CLASSES)


ADAPTER = HarnessAdapter(
    language="java",
    names_key="java",
    source_extension="java",
    prepare=prepare,
    compile_command=COMPILE_COMMAND,
    run_command=RUN_COMMAND,
)
