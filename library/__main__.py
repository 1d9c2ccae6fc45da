"""`python -m library COMMAND ...`: the library's command line (see library/cli/)."""

from __future__ import annotations

import sys

from library.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
