a, b = map(int, input().split())
while True:
    print(a + b)
