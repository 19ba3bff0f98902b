#!/usr/bin/env python3
"""Compares two regression runs seed by seed: the same seeds, the same outcome,
record, program and harness output for each (docs/verification.md "Batch workers").
  scripts/regress-compare.py RUN_A RUN_B     (run directories, e.g. out/regress/<id>)
Exit 0 identical, 1 a difference (each listed), 2 usage. The code: scripts/wf/regress/runcmp.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point
from wf.regress.runcmp import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv))
