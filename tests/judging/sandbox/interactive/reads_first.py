import sys

sys.stdin.readline()  # waits for the interactor, which waits for a guess: a deadlock
print(500)
