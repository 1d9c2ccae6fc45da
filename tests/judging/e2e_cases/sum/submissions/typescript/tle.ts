const [a, b]: bigint[] = require("fs").readFileSync(0, "utf8").trim().split(/\s+/).map(BigInt);
let spin = 0;
for (;;) spin++;
