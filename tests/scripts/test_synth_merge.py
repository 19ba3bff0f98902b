"""Unit test of scripts/synth.py's table merge (docs/fpga.md): a run rewrites
only the rows it measured and keeps every other row, the markers and the
text around the tables. Run (pytest) by `make fpga-guard` (part of `make test`)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import synth  # noqa: E402

HEAD = "| config | LUT | measured |\n|---|---:|---|"
OLD = HEAD + "\n| a (1x1) | 10 | d1 |\n| b (2x2) | 20 | d1 |\n| c (4x4) | 30 | d1 |"


# one config re-measured: its row replaced, the others kept, in config order
def test_replace_one_row():
    assert synth.merge_table(OLD, HEAD + "\n| b (2x2) | 21 | d2 |", ["a", "b", "c"]) == \
        HEAD + "\n| a (1x1) | 10 | d1 |\n| b (2x2) | 21 | d2 |\n| c (4x4) | 30 | d1 |"


# a new config is added in its place in the order, old rows stay
def test_add_a_row():
    assert synth.merge_table(OLD, HEAD + "\n| z (8x8) | 99 | d2 |", ["a", "z", "b", "c"]) == \
        HEAD + "\n| a (1x1) | 10 | d1 |\n| z (8x8) | 99 | d2 |\n| b (2x2) | 20 | d1 |\n| c (4x4) | 30 | d1 |"


# no result at all (fresh clone): every measured row kept
def test_empty_run_keeps_all():
    assert synth.merge_table(OLD, HEAD, ["a", "b", "c"]) == OLD


# a column added since: old rows padded, new header used
def test_column_added():
    h2 = "| config | LUT | DSP | measured |\n|---|---:|---:|---|"
    assert synth.merge_table(HEAD + "\n| a (1x1) | 10 | d1 |", h2 + "\n| b | 1 | 2 | d2 |", ["a", "b"]) == \
        h2 + "\n| a (1x1) | 10 | d1 | - |\n| b | 1 | 2 | d2 |"


# paragraph tables (the breakdown): replaced when there is a result, else kept
def test_paragraph_kept():
    assert synth.merge_table("x: 5 LUT4\n\n" + OLD, "", ()) == "x: 5 LUT4\n\n" + OLD


def test_paragraph_replaced():
    assert synth.merge_table("x: 5 LUT4", "y: 6 LUT4", ()) == "y: 6 LUT4"


# a whole document: text outside the markers untouched, each table merged
def test_document():
    doc = "intro\n<!-- fpga-table begin -->\n%s\n<!-- fpga-table end -->\nmiddle\n" \
          "<!-- ecp5-table begin -->\n<!-- ecp5-table end -->\nend\n" % OLD
    got = synth.replace_tables(doc, [("fpga", HEAD + "\n| c (4x4) | 31 | d2 |", ["a", "b", "c"]),
                                     ("ecp5", HEAD + "\n| e (1x1) | 5 | d2 |", ["e"])])
    assert got == "intro\n<!-- fpga-table begin -->\n" + HEAD + \
        "\n| a (1x1) | 10 | d1 |\n| b (2x2) | 20 | d1 |\n| c (4x4) | 31 | d2 |\n<!-- fpga-table end -->\n" \
        "middle\n<!-- ecp5-table begin -->\n" + HEAD + "\n| e (1x1) | 5 | d2 |\n<!-- ecp5-table end -->\nend\n"


# a missing marker is an error, not a silent rewrite, and is named once
def test_missing_marker():
    assert synth.replace_tables("no markers", [("fpga", HEAD, [])], lambda msg: None) is None


def test_missing_marker_named():
    said = []
    synth.replace_tables("no markers", [("fpga", HEAD, [])], said.append)
    assert len(said) == 1
