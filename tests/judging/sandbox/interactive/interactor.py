"""A guessing game's interactor: the secret number is the input file's; it answers each guess
with higher, lower or correct, and gives up after 30 guesses or on anything but a number."""

import sys

with open(sys.argv[1]) as given:
    secret = int(given.read())
feedback = sys.argv[3]


def reject(message: str) -> None:
    with open(feedback + "judgemessage.txt", "w") as out:
        out.write(message)
    sys.exit(43)


for _ in range(30):
    line = sys.stdin.readline()
    if not line:
        reject("end of file before the number")
    try:
        guess = int(line)
    except ValueError:
        reject(f"not a number: {line[:20]!r}")
    if guess == secret:
        print("correct", flush=True)
        sys.exit(42)
    print("higher" if guess < secret else "lower", flush=True)
sys.exit(43)
