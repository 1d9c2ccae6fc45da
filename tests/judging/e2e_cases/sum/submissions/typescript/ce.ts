const [a, b]: bigint[] = require("fs").readFileSync(0, "utf8").trim().split(/\s+/).map(BigInt);
const sum: number = a + b; // a type error: bigint is not number
console.log(sum.toString());
