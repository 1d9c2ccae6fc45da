a, b = map(int, input().split())
while True:
    a += 1
