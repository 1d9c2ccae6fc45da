declare const require: (name: string) => any;
declare const process: { stdout: { write(text: string): void } };

function maxValue(nums: number[]): number {
    let best = nums[0];
    for (const x of nums) {
        if (x > best) best = x;
    }
    return best;
}

const data: number[] = require("fs")
    .readFileSync(0, "utf8")
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
const n = data[0];
let pos = 1;
const out: number[] = [];
for (let c = 0; c < n; c++) {
    const k = data[pos];
    out.push(maxValue(data.slice(pos + 1, pos + 1 + k)));
    pos += 1 + k;
}
process.stdout.write(out.join("\n") + "\n");
