# A different valid answer: swap neighbours; when n is odd, the last one swaps with its left.
n = int(input())
p = list(range(1, n + 1))
for i in range(0, n - 1, 2):
    p[i], p[i + 1] = p[i + 1], p[i]
if n % 2:
    p[-2], p[-1] = p[-1], p[-2]
print(*p)
