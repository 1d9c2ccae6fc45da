# Reads the number, then waits for more that never comes: both sides wait (a deadlock).
input()
input()
