#!/usr/bin/env python3
"""`make fpga-gls`: gate-level simulation of the netlists of `make fpga`
(docs/fpga.md). Usage: scripts/fpga-gls.py [CONFIG ...]; the checks: scripts/wf/fpga_gls.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point
from wf.fpga_gls import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
