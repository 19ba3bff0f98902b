#!/usr/bin/env python3
"""warpfront regression runner (`make regress`): the Verilated RTL in lockstep
with the C model over seeded random configurations and programs, and the C
model's own leg over the example kernels.

Usage: [KNOB=value ...] scripts/regress.py    the knobs come from the environment
       scripts/regress.py --report RUN        a run's report from its per-item results
       scripts/regress.py --help              every knob, the results, the exit status
Guide: docs/verification.md ("Running it", "What it writes", "On a Slurm
cluster"). The code: scripts/wf/regress/."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the package wf/ beside this entry point

from wf.regress.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv))
