# Writes past the output limit (1 MiB), then ends: Output Limit Exceeded.
a, b = map(int, input().split())
for _ in range(1 << 20):
    print(a + b)
