class Solution {
    // The entry's name: must not be called when names.java is given.
    public int maxValue(int[] nums) {
        return Arrays.stream(nums).min().getAsInt();
    }

    public int largest(int[] nums) {
        return Arrays.stream(nums).max().getAsInt();
    }
}
