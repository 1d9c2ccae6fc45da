/**
 * @param {number[]} nums
 * @param {number} k
 * @return {void} Do not return anything, modify nums in-place instead.
 */
var rotate = function (nums, k) {
  const n = nums.length;
  k %= n;
  const reverse = (a, b) => {
    for (; a < b; a++, b--) [nums[a], nums[b]] = [nums[b], nums[a]];
  };
  reverse(0, n - 1);
  reverse(0, k - 1);
  reverse(k, n - 1);
};
