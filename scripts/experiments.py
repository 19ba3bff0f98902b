#!/usr/bin/env python3
"""`make experiments`: the seed's performance claims measured on the cycle model
over the kernel suite (docs/results.md). Usage: scripts/experiments.py --help; the
runner: scripts/wf/experiments/run.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point
from wf.experiments.run import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
