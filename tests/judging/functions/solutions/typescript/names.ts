// The entry's own name is wrong on purpose: the `names` override must be the one called.
function maxValue(nums: number[]): number {
  return -1;
}

function largestTs(nums: number[]): number {
  return nums.reduce((a, b) => Math.max(a, b), -Infinity);
}
