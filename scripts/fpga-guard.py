#!/usr/bin/env python3
"""`make fpga-guard`: the area/mapping regression guard of the FPGA build
(docs/fpga.md "Regression guard"). Usage: scripts/fpga-guard.py [--update | --stat
STAT.txt]; the checks: scripts/wf/fpga_guard.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point
from wf.fpga_guard import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
