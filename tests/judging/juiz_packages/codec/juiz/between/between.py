"""Between encode and decode: the encoding must be digits only (so the word itself cannot be
passed on); it becomes the decode stage's input."""

import sys

feedback = sys.argv[3]
encoding = sys.stdin.read().strip()
if not encoding.isdigit():
    with open(f"{feedback}/judgemessage.txt", "a") as message:
        message.write(f"the encoding is not digits only: {encoding[:40]!r}\n")
    sys.exit(43)
print(encoding)
sys.exit(42)
