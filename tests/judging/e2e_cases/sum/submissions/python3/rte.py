import ctypes

a, b = map(int, input().split())
ctypes.string_at(0)  # reads address 0: SIGSEGV
print(a + b)
