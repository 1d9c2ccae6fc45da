a, b = map(int, input().split())
print(a + b)
raise ValueError("uncaught: Python exits with code 1")
