class Solution {
    public int maxProfit(int[] prices) {
        int best = 0;
        int lowest = Integer.MAX_VALUE;
        for (int price : prices) {
            lowest = Math.min(lowest, price);
            best = Math.max(best, price - lowest);
        }
        return best;
    }
}
