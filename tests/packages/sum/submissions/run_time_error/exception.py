# An uncaught exception: exit status 1, which Mooshak calls Invalid Exit Value.
a, b = map(int, input().split())
raise RuntimeError("not today")
