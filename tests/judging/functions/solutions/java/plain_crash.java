class Solution {
    public int[] twoSum(int[] nums, int target) {
        return new int[] {nums[nums.length + 5], 0};
    }
}
