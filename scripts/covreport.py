#!/usr/bin/env python3
"""Merge functional-coverage files and report every bin (`make coverage-report`,
docs/verification.md "Coverage"). Usage: scripts/covreport.py --help; the code:
scripts/wf/covreport.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point
from wf.covreport import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
