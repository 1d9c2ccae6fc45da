n = int(input())
p = next(d for d in range(2, n) if n % d == 0)
print(p, n // p)
