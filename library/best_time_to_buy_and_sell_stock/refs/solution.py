def maxProfit(prices: list[int]) -> int:
    best = 0
    lowest = prices[0]
    for price in prices:
        if price < lowest:
            lowest = price
        elif price - lowest > best:
            best = price - lowest
    return best
