#!/usr/bin/env python3
"""The checksum fpga/wf_fpga_top.v shows on its LEDs, from a `wfsim --dump-state`
JSON: fpga/checksum.py STATE.json (prints 0x%08x); the code: scripts/wf/checksum.py."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))  # the package wf/
from wf.checksum import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv))
