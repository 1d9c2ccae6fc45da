"""The judging steps every grader shares: small functions over the sandbox that return plain
results.

static.py    Mooshak's static analysis: pre-checks, language, program size.
box.py       what every box has: work directory, environment, command templates filled in.
compile.py   the compile step: sources laid out, the compiler's box, its judgement (a Build).
limits.py    the limits of one run.
classify.py  turns one run (and the checker's answer) into a classification.
files.py     reading what programs wrote, capped.
judging/graders/ strings them together, one grader per kind of problem.
"""
