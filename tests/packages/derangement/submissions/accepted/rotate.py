n = int(input())
print(*range(2, n + 1), 1)
