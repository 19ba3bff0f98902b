#!/usr/bin/env python3
"""Formal property checks of the RTL blocks (make formal, test-formal,
formal-mutants; docs/verification.md "Formal"): scripts/wf/formal.py."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wf.formal import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
