a, b = map(int, input().split())
n = 0
while True:
    n += 1
