import socket

a, b = map(int, input().split())
try:
    socket.socket(socket.AF_INET, socket.SOCK_STREAM)
except OSError:
    pass
print(a + b)
