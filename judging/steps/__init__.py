"""The judging steps: small functions over the sandbox that return plain results.

static.py    Mooshak's static analysis: pre-checks, language, program size, compilation.
dynamic.py   runs the program on every test case in one sandbox session.
classify.py  turns one run (and the checker's answer) into a classification.
engine.py (one level up) strings them together.
"""
