"""The library of function problems (docs/functions.md): data, not engine.

One directory per problem (problem.json, generator.py, an optional validator.py, refs/), the
helpers generators share (helpers/), and the tooling that turns them into built case files and
verifies the references (index, build, verify, `python -m library`). The library imports the
engine (judging/); the engine never imports the library.
"""
