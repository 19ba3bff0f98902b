"""Unit test of scripts/synth.py's table merge (docs/fpga.md): a run rewrites
only the rows it measured and keeps every other row, the markers and the
text around the tables. Run (pytest) by `make fpga-guard` (part of `make test`)."""
from wf.synth import doc as fpgadoc, flows

HEAD = "| config | LUT | measured |\n|---|---:|---|"
OLD = HEAD + "\n| a (1x1) | 10 | d1 |\n| b (2x2) | 20 | d1 |\n| c (4x4) | 30 | d1 |"


# one config re-measured: its row replaced, the others kept, in config order
def test_replace_one_row():
    assert fpgadoc.merge_table(OLD, HEAD + "\n| b (2x2) | 21 | d2 |", ["a", "b", "c"]) == \
        HEAD + "\n| a (1x1) | 10 | d1 |\n| b (2x2) | 21 | d2 |\n| c (4x4) | 30 | d1 |"


# a new config is added in its place in the order, old rows stay
def test_add_a_row():
    assert fpgadoc.merge_table(OLD, HEAD + "\n| z (8x8) | 99 | d2 |", ["a", "z", "b", "c"]) == \
        HEAD + "\n| a (1x1) | 10 | d1 |\n| z (8x8) | 99 | d2 |\n| b (2x2) | 20 | d1 |\n| c (4x4) | 30 | d1 |"


# no result at all (fresh clone): every measured row kept
def test_empty_run_keeps_all():
    assert fpgadoc.merge_table(OLD, HEAD, ["a", "b", "c"]) == OLD


# a column added since: old rows padded, new header used
def test_column_added():
    h2 = "| config | LUT | DSP | measured |\n|---|---:|---:|---|"
    assert fpgadoc.merge_table(HEAD + "\n| a (1x1) | 10 | d1 |", h2 + "\n| b | 1 | 2 | d2 |", ["a", "b"]) == \
        h2 + "\n| a (1x1) | 10 | d1 | - |\n| b | 1 | 2 | d2 |"


# paragraph tables (the breakdown): replaced when there is a result, else kept
def test_paragraph_kept():
    assert fpgadoc.merge_table("x: 5 LUT4\n\n" + OLD, "", ()) == "x: 5 LUT4\n\n" + OLD


def test_paragraph_replaced():
    assert fpgadoc.merge_table("x: 5 LUT4", "y: 6 LUT4", ()) == "y: 6 LUT4"


# a whole document: text outside the markers untouched, each table merged
def test_document():
    doc = "intro\n<!-- fpga-table begin -->\n%s\n<!-- fpga-table end -->\nmiddle\n" \
          "<!-- ecp5-table begin -->\n<!-- ecp5-table end -->\nend\n" % OLD
    got = fpgadoc.replace_tables(doc, [("fpga", HEAD + "\n| c (4x4) | 31 | d2 |", ["a", "b", "c"]),
                                     ("ecp5", HEAD + "\n| e (1x1) | 5 | d2 |", ["e"])])
    assert got == "intro\n<!-- fpga-table begin -->\n" + HEAD + \
        "\n| a (1x1) | 10 | d1 |\n| b (2x2) | 20 | d1 |\n| c (4x4) | 31 | d2 |\n<!-- fpga-table end -->\n" \
        "middle\n<!-- ecp5-table begin -->\n" + HEAD + "\n| e (1x1) | 5 | d2 |\n<!-- ecp5-table end -->\nend\n"


# a missing marker is an error, not a silent rewrite, and is named once
def test_missing_marker():
    assert fpgadoc.replace_tables("no markers", [("fpga", HEAD, [])], lambda msg: None) is None


def test_missing_marker_named():
    said = []
    fpgadoc.replace_tables("no markers", [("fpga", HEAD, [])], said.append)
    assert len(said) == 1


# WF_PNR_SEEDS: a list of distinct positive integers; anything else, or a
# --seed in WF_PNR_ARGS, is refused naming the variable
def test_pnr_seeds():
    assert flows.pnr_seeds({}) == [1]
    assert flows.pnr_seeds({"WF_PNR_SEEDS": "1,2,3"}) == [1, 2, 3]
    assert flows.pnr_seeds({"WF_PNR_SEEDS": " 4 7 "}) == [4, 7]
    for bad in ("", "0", "1,x", "1,1", "-2"):
        try:
            flows.pnr_seeds({"WF_PNR_SEEDS": bad})
        except ValueError as e:
            assert "WF_PNR_SEEDS" in str(e)
        else:
            raise AssertionError("WF_PNR_SEEDS=%r accepted" % bad)
    try:
        flows.pnr_seeds({"WF_PNR_ARGS": "--router router2 --seed 5"})
    except ValueError as e:
        assert "WF_PNR_SEEDS" in str(e)
    else:
        raise AssertionError("a --seed in WF_PNR_ARGS accepted")


# the row's seed is the median one (the lower middle for an even count)
def test_median_seed():
    assert flows.median_seed({1: 48.0, 2: 42.8, 3: 39.8}) == 2
    assert flows.median_seed({1: 40.0, 2: 50.0}) == 1
    assert flows.median_seed({5: 30.0}) == 5
    assert flows.median_seed({1: 45.0, 2: 45.0, 3: 45.0}) == 2


# the Fmax cell: one seed as before, several with every seed's figure
def test_fmax_cell():
    assert fpgadoc.fmax_cell({"fmax": 48.0}) == "48.0 MHz"
    assert fpgadoc.fmax_cell({"fmax": None}) == "-"
    assert fpgadoc.fmax_cell({"fmax": 42.8, "fmax_seeds": {"1": 48.0, "2": 42.8, "3": 39.8}}) == \
        "42.8 MHz (median; seeds 1/2/3: 48.0/42.8/39.8)"


# a seed whose nextpnr fails is a failure even when an earlier run's report
# and log of that seed are still in the directory
def test_stale_report_not_reused(tmp_path, monkeypatch):
    (tmp_path / "report.seed2.json").write_text('{"fmax": {"clk": {"achieved": 99.0}}}')
    (tmp_path / "nextpnr.seed2.log").write_text("old log")
    monkeypatch.setitem(flows.NEXTPNR, "ice40", ["false"])
    monkeypatch.delenv("WF_PNR_ARGS", raising=False)
    out = flows.place_and_route("ice40", "hx8k", str(tmp_path), 2, 60, "t", flows.datetime.datetime.now(),
                                keep_as_seed=True)
    assert out["ok"] is False and not (tmp_path / "report.seed2.json").exists()


# a synthesis-only (--no-pnr) result never replaces a placed row, but fills a gap
def test_synthesis_only_keeps_placed_row():
    new = HEAD + "\n| b (2x2) | 21 | d2 |\n| z (8x8) | 99 | d2 |"
    assert fpgadoc.merge_table(OLD, new, ["a", "b", "c", "z"], weak={"b", "z"}) == \
        HEAD + "\n| a (1x1) | 10 | d1 |\n| b (2x2) | 20 | d1 |\n| c (4x4) | 30 | d1 |\n| z (8x8) | 99 | d2 |"


# a stale result (measured before the row: an older commit, or an earlier
# date) never replaces the row; a newer one, or one at the same commit, does
def test_stale_result_keeps_newer_row():
    old = HEAD + "\n| a (1x1) | 10 | 2026-12-06 bbbbbbb |\n| b (2x2) | 20 | 2026-12-05 |"

    def is_anc(x, y):  # aaaaaaa is an ancestor of bbbbbbb
        return (x, y) == ("aaaaaaa", "bbbbbbb")

    def merged(row):
        return fpgadoc.merge_table(old, HEAD + "\n" + row, ["a", "b"], is_ancestor=is_anc)
    assert merged("| a (1x1) | 9 | 2026-12-07 aaaaaaa |") == old  # older commit, whatever the date
    assert merged("| b (2x2) | 19 | 2026-12-04 ccccccc |") == old  # no commit to compare: the date
    newer = merged("| a (1x1) | 11 | 2026-12-06 ccccccc |")  # unrelated commit, same day: replaces
    assert "| a (1x1) | 11 |" in newer and "| a (1x1) | 10 |" not in newer
    assert "| a (1x1) | 12 |" in merged("| a (1x1) | 12 | 2026-12-06 bbbbbbb |")  # same commit again
    assert "| b (2x2) | 21 |" in merged("| b (2x2) | 21 | 2026-12-06 aaaaaaa |")
    assert fpgadoc.row_stamp("| a (1x1) | 10 | 2026-12-05 14:50 |") == ("2026-12-05", None)
    assert fpgadoc.row_stamp("| a (1x1) | 10 | d1 |") is None


# the git test used by default: a real ancestor in this repository
def test_git_is_ancestor():
    git = ["git", "-C", flows.ROOT]
    head = flows.subprocess.run(git + ["rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    first = flows.subprocess.run(git + ["rev-list", "--max-parents=0", "HEAD"], capture_output=True,
                                 text=True).stdout.split()[0]
    assert fpgadoc.git_is_ancestor(first, head) and not fpgadoc.git_is_ancestor(head, first)
    assert not fpgadoc.git_is_ancestor("0000000", head)
