function twoSum(nums: number[], target: number): number[] {
  throw new RangeError(`no pair sums to ${target}`);
}
