a, b = map(int, input().split())
blocks = [bytearray(1 << 20) for _ in range(4096)]
print(a + b)
