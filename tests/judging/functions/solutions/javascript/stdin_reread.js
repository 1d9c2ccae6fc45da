// Tries to read the harness's payload (and its nonce) again through stdin; any success is a
// harness bug, so the solution then throws and the case is not Accepted.
const fs = require("fs");

function payloadAgain() {
  let data = "";
  try {
    const buffer = Buffer.alloc(1 << 20);
    const n = fs.readSync(0, buffer, 0, buffer.length, 0);
    data += buffer.toString("utf8", 0, n);
  } catch (e) {}
  try {
    data += fs.readFileSync("/proc/self/fd/0", "utf8");
  } catch (e) {}
  return data;
}

var twoSum = function (nums, target) {
  if (payloadAgain().includes("nonce")) throw new Error("the payload could be read again");
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];
    seen.set(nums[i], i);
  }
  return [];
};
