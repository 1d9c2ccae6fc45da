public class Solution {
    public long climbStairs(int n) {
        long previous = 1;
        long current = 1;
        for (int i = 1; i < n; i++) {
            long next = previous + current;
            previous = current;
            current = next;
        }
        return current;
    }
}
