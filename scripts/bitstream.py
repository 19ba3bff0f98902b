#!/usr/bin/env python3
"""Bitstreams of the UART host-bridge top for real boards (docs/fpga.md "Board
bring-up"): `make bitstream BOARD=...`, `make program BOARD=...`. The flow and its
usage: scripts/wf/bitstream.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point
from wf.bitstream import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
