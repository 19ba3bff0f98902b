#!/usr/bin/env python3
"""Unit test of scripts/synth.py's table merge (docs/fpga.md): a run rewrites
only the rows it measured and keeps every other row, the markers and the
text around the tables. Run by `make fpga-guard` (part of `make test`).
Exit status 0 pass, 1 fail."""
import importlib.util
import os
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
spec = importlib.util.spec_from_file_location("synth", os.path.join(ROOT, "scripts", "synth.py"))
synth = importlib.util.module_from_spec(spec)
spec.loader.exec_module(synth)

HEAD = "| config | LUT | measured |\n|---|---:|---|"
OLD = HEAD + "\n| a (1x1) | 10 | d1 |\n| b (2x2) | 20 | d1 |\n| c (4x4) | 30 | d1 |"
fails = []
cases = []


def check(name, got, want):
    cases.append(name)
    if got != want:
        fails.append("%s:\n--- got\n%s\n--- want\n%s" % (name, got, want))


# one config re-measured: its row replaced, the others kept, in config order
check("replace one row", synth.merge_table(OLD, HEAD + "\n| b (2x2) | 21 | d2 |", ["a", "b", "c"]),
      HEAD + "\n| a (1x1) | 10 | d1 |\n| b (2x2) | 21 | d2 |\n| c (4x4) | 30 | d1 |")
# a new config is added in its place in the order, old rows stay
check("add a row", synth.merge_table(OLD, HEAD + "\n| z (8x8) | 99 | d2 |", ["a", "z", "b", "c"]),
      HEAD + "\n| a (1x1) | 10 | d1 |\n| z (8x8) | 99 | d2 |\n| b (2x2) | 20 | d1 |\n| c (4x4) | 30 | d1 |")
# no result at all (fresh clone): every measured row kept
check("empty run keeps all", synth.merge_table(OLD, HEAD, ["a", "b", "c"]), OLD)
# a column added since: old rows padded, new header used
h2 = "| config | LUT | DSP | measured |\n|---|---:|---:|---|"
check("column added", synth.merge_table(HEAD + "\n| a (1x1) | 10 | d1 |", h2 + "\n| b | 1 | 2 | d2 |", ["a", "b"]),
      h2 + "\n| a (1x1) | 10 | d1 | - |\n| b | 1 | 2 | d2 |")
# paragraph tables (the breakdown): replaced when there is a result, else kept
check("paragraph kept", synth.merge_table("x: 5 LUT4\n\n" + OLD, "", ()), "x: 5 LUT4\n\n" + OLD)
check("paragraph replaced", synth.merge_table("x: 5 LUT4", "y: 6 LUT4", ()), "y: 6 LUT4")
# a whole document: text outside the markers untouched, each table merged
doc = "intro\n<!-- fpga-table begin -->\n%s\n<!-- fpga-table end -->\nmiddle\n" \
      "<!-- ecp5-table begin -->\n<!-- ecp5-table end -->\nend\n" % OLD
got = synth.replace_tables(doc, [("fpga", HEAD + "\n| c (4x4) | 31 | d2 |", ["a", "b", "c"]),
                                 ("ecp5", HEAD + "\n| e (1x1) | 5 | d2 |", ["e"])])
check("document", got, "intro\n<!-- fpga-table begin -->\n" + HEAD +
      "\n| a (1x1) | 10 | d1 |\n| b (2x2) | 20 | d1 |\n| c (4x4) | 31 | d2 |\n<!-- fpga-table end -->\n"
      "middle\n<!-- ecp5-table begin -->\n" + HEAD + "\n| e (1x1) | 5 | d2 |\n<!-- ecp5-table end -->\nend\n")
# a missing marker is an error, not a silent rewrite
said = []
check("missing marker", synth.replace_tables("no markers", [("fpga", HEAD, [])], said.append), None)
check("missing marker named", len(said), 1)

for f in fails:
    print("test-synth-merge: FAIL " + f)
print("test-synth-merge: %s (%d cases)" % ("FAIL" if fails else "PASS", len(cases)))
sys.exit(1 if fails else 0)
