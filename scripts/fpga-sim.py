#!/usr/bin/env python3
"""`make fpga-sim`: example programs through the FPGA top wrapper under Icarus against
wfsim, with negative cases (docs/fpga.md). The cases and checks: scripts/wf/fpga_sim_cli.py
and scripts/wf/fpga_sim.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point
from wf.fpga_sim_cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
