n = int(input())
p = list(range(1, n + 1))
print(p[n])
