#!/usr/bin/env python3
"""The boundary check of a design under test before any build (scripts/wf/rtlcheck.py):
  scripts/rtl-check.py --top TOP [--lint warn|strict] -- FILES -IDIR -GNAME=V +define+D ..."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wf import rtlcheck  # noqa: E402

sys.exit(rtlcheck.main(sys.argv[1:]))
