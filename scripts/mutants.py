#!/usr/bin/env python3
"""Mutation self-check (`make mutants`, docs/verification.md "Mutants").
Usage: scripts/mutants.py --help; the code: scripts/wf/mutants.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point
from wf.mutants import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
