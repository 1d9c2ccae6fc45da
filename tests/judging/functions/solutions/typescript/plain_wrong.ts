function twoSum(nums: number[], target: number): number[] {
  return [0, 0];
}
