#!/usr/bin/env python3
"""Writes the files generated from the field tables of scripts/wf/ (`make gen`;
`make lint` runs --check). Usage: scripts/gen-layout.py --help; the generators:
scripts/wf/gen_layout.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point
from wf.gen_layout import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
