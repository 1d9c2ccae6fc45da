class Solution {
    public int maxValue(int[] nums) {
        int best = nums[0];
        for (int x : nums) {
            if (x > best) best = x;
        }
        return best;
    }
}
