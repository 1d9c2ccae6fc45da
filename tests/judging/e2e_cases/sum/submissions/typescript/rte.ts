const [a, b]: bigint[] = require("fs").readFileSync(0, "utf8").trim().split(/\s+/).map(BigInt);
process.abort(); // SIGABRT
console.log((a + b).toString());
