const [a, b] = require("fs").readFileSync(0, "utf8").trim().split(/\s+/).map(BigInt);
const blocks = [];
for (let i = 0; i < 4096; i++) blocks.push(new Array(1 << 17).fill(i + 0.5));
console.log((a + b).toString());
