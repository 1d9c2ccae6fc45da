class Solution {
    public int[] twoSum(int[] nums, int target) {
        int answer = "not an int";
        return new int[] {answer}
    }
}
