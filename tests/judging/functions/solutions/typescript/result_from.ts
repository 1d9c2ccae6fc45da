/**
 Do not return anything, modify nums in-place instead.
 */
function rotate(nums: number[], k: number): void {
  const n = nums.length;
  k %= n;
  const reverse = (a: number, b: number): void => {
    for (; a < b; a++, b--) [nums[a], nums[b]] = [nums[b], nums[a]];
  };
  reverse(0, n - 1);
  reverse(0, k - 1);
  reverse(k, n - 1);
}
