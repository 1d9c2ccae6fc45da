"""`python -m judging COMMAND ...`: the engine's command line (see judging/cli/)."""

from __future__ import annotations

import sys

from judging.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
