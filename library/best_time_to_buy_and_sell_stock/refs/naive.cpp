int maxProfit(vector<int>& prices) {
    int best = 0;
    int n = prices.size();
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            best = max(best, prices[j] - prices[i]);
        }
    }
    return best;
}
