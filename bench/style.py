"""What a style report costs: each tool and rule set on the small programs of
tests/judging/style/ (conftest.py), in the real sandbox.

    python bench/style.py [-n 3]

Prints, per tool and rule set, the issues found and the median of N calls of check_style():
the tool's CPU time in the box and the whole call's wall time (box start, run, parse).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judging.sandbox import make_sandbox
from judging.style import RULE_SETS, StyleFile, check_style
from tests.judging.style.conftest import CPP, JAVA, JAVASCRIPT, KIT, PYTHON

PROGRAMS = [
    ("python3", "main.py", PYTHON),
    ("java", "Main.java", JAVA),
    ("cpp", "main.cpp", CPP),
    ("javascript", "main.js", JAVASCRIPT),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=3, help="calls per tool and rule set")
    calls = parser.parse_args().n
    sandbox = make_sandbox()
    print(f"{'language':<11} {'rules':<8} {'issues':>6} {'cpu ms':>7} {'wall ms':>8}  note")
    for language, name, source in PROGRAMS:
        for rule_set in RULE_SETS:
            cpu, wall, report = [], [], None
            for _ in range(calls):
                start = time.monotonic()
                report = check_style(sandbox, [StyleFile(name, source)], language, rule_set, KIT)
                wall.append((time.monotonic() - start) * 1000)
                cpu.append(report.cpu_ms)
            assert report is not None
            note = report.tool if report.available else f"unavailable: {report.reason}"
            print(
                f"{language:<11} {rule_set:<8} {report.total:>6} {statistics.median(cpu):>7.0f} "
                f"{statistics.median(wall):>8.0f}  {note}"
            )


if __name__ == "__main__":
    main()
