function maxValue(nums) {
    let best = nums[0];
    for (const x of nums) {
        if (x > best) best = x;
    }
    return best;
}

const data = require("fs").readFileSync(0, "utf8").split(/\s+/).filter(Boolean).map(Number);
const n = data[0];
let pos = 1;
const out = [];
for (let c = 0; c < n; c++) {
    const k = data[pos];
    out.push(maxValue(data.slice(pos + 1, pos + 1 + k)));
    pos += 1 + k;
}
process.stdout.write(out.join("\n") + "\n");
