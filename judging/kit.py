"""The files the engine works with that are not its code: the harnesses of function problems
(harnesses/<language>/, with the declarations TypeScript compiles against) and the node tools
(tools/node/node_modules: tsc).

Whoever calls the engine says where they are, with a Kit: the web app from its settings, the
command line and the tests from `Kit.of_checkout()`. The engine itself never looks for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

# Where the kit's node tools are shown, read-only, to the boxes that need them (tsc).
NODE_MODULES_IN_BOX = "/opt/juiz-node"


@dataclass(frozen=True)
class Kit:
    harnesses: Path  # one folder per harness language (python, java, javascript, typescript, cpp)
    node_modules: Path  # the node packages setup installs (typescript)

    def harness(self, language: str) -> Path:
        return self.harnesses / language

    @property
    def tools(self) -> Path:
        """Where setup installs every tool (tools/node/node_modules is one of them): the
        environments' toolchains that are no system package (judging/evaluators/)."""
        return self.node_modules.parents[1]

    @property
    def comparators(self) -> Path:
        """The comparators file of the Python harness, which the host judges with too."""
        return self.harness("python") / "comparators.py"

    @classmethod
    def of_checkout(cls) -> Kit:
        """The kit of this source checkout, for the command line, the library tooling and the
        tests (never called by the engine: the web app passes its settings' paths)."""
        root = Path(__file__).resolve().parents[1]
        return cls(root / "harnesses", root / "tools" / "node" / "node_modules")
