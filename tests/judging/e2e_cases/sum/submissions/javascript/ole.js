const [a, b] = require("fs").readFileSync(0, "utf8").trim().split(/\s+/).map(BigInt);
// 64 Ki lines per write: the output limit is reached in a few writes, long before the CPU limit,
// however busy the machine (one line per write took ~1 s of CPU to reach 1 MiB).
const block = ((a + b).toString() + "\n").repeat(65536);
for (;;) require("fs").writeSync(1, block);
