#!/usr/bin/env python3
"""Logic levels of a synthesized netlist (docs/fpga.md "Logic levels in seconds"):
  scripts/logic-depth.py TOP.json [--top N] [--min LEVELS] [--cells]
The code and its reference (--help): scripts/wf/logic_depth.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point
from wf.logic_depth import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
