int maxProfit(vector<int>& prices) {
    int best = 0;
    int lowest = INT_MAX;
    for (int price : prices) {
        lowest = min(lowest, price);
        best = max(best, price - lowest);
    }
    return best;
}
