# Passes the word itself on: the program between stages refuses it.
import sys

print(sys.stdin.readline().strip())
