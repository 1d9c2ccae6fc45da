/**
 * @param {number[]} prices
 * @return {number}
 */
var maxProfit = function (prices) {
    let best = 0;
    let lowest = Infinity;
    for (const price of prices) {
        lowest = Math.min(lowest, price);
        best = Math.max(best, price - lowest);
    }
    return best;
};
