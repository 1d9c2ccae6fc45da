# ZeroDivisionError: exit status 1 (Invalid Exit Value).
a, b = map(float, input().split())
print(a / 0)
