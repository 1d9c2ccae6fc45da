"""Looks for the interactor's files before playing: exit 3 if any can be read."""

import glob
import os
import sys

places = ["/judge/input", "/judge/answer", "/feedback", *sys.argv[1:]]
places += glob.glob("/tmp/**/validator-judge/*", recursive=True)
places += glob.glob("/proc/*/root/judge/input")
for place in places:
    try:
        if os.path.isdir(place):
            os.listdir(place)
        else:
            with open(place) as found:
                found.read()
    except OSError:
        continue
    sys.stderr.write(f"read {place}\n")
    sys.exit(3)
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
