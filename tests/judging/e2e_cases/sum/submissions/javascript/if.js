const [a, b] = require("fs").readFileSync(0, "utf8").trim().split(/\s+/).map(BigInt);
const server = require("net").createServer();
server.on("error", () => {});
server.listen(0, () => server.close());
console.log((a + b).toString());
