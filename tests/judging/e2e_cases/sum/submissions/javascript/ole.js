// Writes past the output limit (1 MiB) in a few large writes, then ends: Output Limit Exceeded.
const [a, b] = require("fs").readFileSync(0, "utf8").trim().split(/\s+/).map(BigInt);
const block = ((a + b).toString() + "\n").repeat(65536);
for (let i = 0; i < 16; i++) require("fs").writeSync(1, block);
