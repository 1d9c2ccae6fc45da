class Solution {
    public int[] twoSum(int[] nums, int target) {
        long spins = 0;
        while (nums.length >= 0) {
            spins++;
        }
        return new int[] {(int) spins, 0};
    }
}
