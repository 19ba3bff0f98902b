#!/usr/bin/env python3
"""Machine-made mutants (`make mcy`, `make test-mcy`; docs/verification.md "Machine-made
mutants"). Usage: scripts/mcy.py --help; the command line: scripts/wf/mcy_cli.py,
the flow: scripts/wf/mcy.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point
from wf.mcy_cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
