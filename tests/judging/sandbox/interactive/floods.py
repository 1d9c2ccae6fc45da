import sys

block = "7" * 65536  # no newline: the interactor keeps reading one endless line
while True:
    sys.stdout.write(block)
