"""Forks a child that would hold the pipes open and run on, then plays correctly. The box
allows a submission one process, so the fork fails (and the program plays anyway); if it
ever succeeded, the child must still not outlive the run."""

import os
import sys
import time

try:
    child = os.fork()
except OSError as error:
    sys.stderr.write(f"fork refused: {error}\n")
    child = 1
if child == 0:
    while True:
        time.sleep(0.01)
low, high = 1, 1000
while True:
    middle = (low + high) // 2
    print(middle, flush=True)
    answer = input()
    if answer == "correct":
        break
    if answer == "higher":
        low = middle + 1
    else:
        high = middle - 1
