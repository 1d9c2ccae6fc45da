"""Graders: how one kind of problem is judged, beside the steps every kind shares.

base.py      the Grader protocol and the driver: static checks, compile, then the grader's
             execution, in a temporary workspace, under one infrastructure-failure mapping.
failures.py  the reports no run decides: compile errors and our own failures.
standard.py  stdin/stdout problems: every test run, each output checked (batch.py runs them).
batch.py     a stdin/stdout program on every test case, in one sandbox session.
multipass.py multi-pass problems: each test's passes, the validator's nextpass.in feeding
             the next, each pass in the report.
function.py  function problems: solution and harness compiled together, run once, each case
             judged by the host.
run.py       function problems' "Run" mode: the visible cases and the team's own inputs.
interactive.py  interactive problems: the submission and the interactor talk through the host
             (relay.py), one test's two runs watched and judged by interaction.py.
"""
