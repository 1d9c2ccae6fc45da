"""Java (OpenJDK 17): the solution as Solution.java, the harness in package `juiz`.

The harness reaches the solution only by reflection (the names of its top-level classes come
from juiz/SolutionClasses.java, generated here), so it does not depend on the solution: it is
made once per host, with its CPU clock, JIT directives and class-data sharing archive, in a
home of its own (java_home.py) that each box mounts read-only. The submission's javac run
compiles the solution, the listing and the node classes the problem's types need (ListNode,
TreeNode, Node) except those the solution declares itself at its top level (JuizNodes.java),
against the harness's jar. See java_source.py for what is changed in the solution's text.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from judging.functions.adapters import java_home, java_source
from judging.functions.adapters.base import HarnessAdapter, Manifest
from judging.functions.adapters.java_home import CLASS_LISTING, FLAGS, JAVAC_JVM, class_listing
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
        "Native",
        "Convert",
        "Serialize",
        "Compare",
        "NodeClass",
        "NType",
        "Types",
        "Json",
        "JsonOut",
    )
)
# Compiled with the harness: JavaFX's Pair, which LeetCode solutions import.
LIBRARY_SOURCES = ("javafx/util/Pair.java",)
SOLUTION_FILE = "Solution.java"  # juiz/Harness.java names it too, to point errors at lines
NODES_FILE = "JuizNodes.java"
# The seeded files are read-only in the box: classes go to a directory of their own.
CLASSES = "{dir}/classes"
HOME = "{harness_home}"  # java_home.py: mounted at its host path
JAR = f"{HOME}/{java_home.JAR}"

# Which node class each type of the vocabulary needs.
NODE_OF_TYPE = {
    "ListNode": "ListNode",
    "ListNodeCycle": "ListNode",
    "TreeNode": "TreeNode",
    "GraphNode": "Node",
    "ListNodeRandom": "Node",
}

_SOURCES = " ".join(f"{{dir}}/{name}" for name in (SOLUTION_FILE, NODES_FILE, CLASS_LISTING))
COMPILE_COMMAND = f"javac {' '.join(FLAGS)} {' '.join(JAVAC_JVM)} -cp {JAR} -d {CLASSES} {_SOURCES}"
# The harness's classes come from the home's archive (java_home.py); its CPU clock and its exit
# are a JNI library (java_native.py) that it loads from the path of -Djuiz.native. The harness's
# own methods are compiled by C1 only (the home's directives.json): each runs once per case, a
# few thousand times at most, where C2's speculative code was deoptimised and compiled again
# while it ran; the solution's methods keep C2. (The JVM prints "1 compiler directives added"
# on the channel, which the host ignores like any line without the nonce.) The harness's jar
# comes first on the class path: a solution's classes cannot stand in for it.
RUN_COMMAND = " ".join(
    [
        "java -Xmx{memory_mb}m",
        java_home.COLLECTOR,
        f"-XX:SharedArchiveFile={HOME}/{java_home.ARCHIVE}",
        *java_home.harness_flags(PurePosixPath(HOME)),
        f"-cp {JAR}:{CLASSES} juiz.Harness",
    ]
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


def home(kit: Kit) -> Path:
    """The harness's home for this kit (java_home.py), made on first use."""
    return java_home.harness_home(kit.harness(HARNESS), (*HARNESS_SOURCES, *LIBRARY_SOURCES))


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


ADAPTER = HarnessAdapter(
    language="java",
    names_key="java",
    source_extension="java",
    prepare=prepare,
    compile_command=COMPILE_COMMAND,
    run_command=RUN_COMMAND,
    home=home,
)
