#!/usr/bin/env python3
"""Compares two regression runs seed by seed (scripts/wf/runcmp.py): the same
seeds, the same outcome, record, program and harness output for each.
  scripts/regress-compare.py RUN_A RUN_B     (run directories, e.g. out/regress/<id>)
Exit 0 identical, 1 a difference (each listed), 2 usage."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wf import runcmp  # noqa: E402


def main(argv):
    if len(argv) != 3 or not all(os.path.isfile(os.path.join(a, "run.json")) for a in argv[1:]):
        print("usage: regress-compare.py RUN_A RUN_B (two run directories with run.json)", file=sys.stderr)
        return 2
    diffs, n, kinds = runcmp.compare(argv[1], argv[2])
    for seed, name, a, b in diffs[:50]:
        print("seed %s: %s differs:\n  %s: %.300s\n  %s: %.300s" % (seed, name, argv[1], a, argv[2], b))
    if len(diffs) > 50:
        print("... %d differences in all" % len(diffs))
    print("%d seeds compared (%s): %s" % (n, ", ".join("%s %d" % kv for kv in sorted(kinds.items())),
                                          "identical" if not diffs else "%d differences" % len(diffs)))
    return 1 if diffs or not n else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
