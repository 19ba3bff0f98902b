#!/usr/bin/env python3
"""Synthesis and FPGA flows (docs/fpga.md):
  scripts/synth.py generic|ice40|ecp5|fpga|sweep|breakdown|doc [CONFIG ...]
      [--jobs N] [--timeout S] [--no-doc] [--no-pnr]
The flows and every option: scripts/wf/synth/cli.py; the configs: scripts/wf/synth/configs.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point
from wf.synth.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
