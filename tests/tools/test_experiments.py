"""scripts/experiments.py (`make test-experiments`, part of test-examples).
On its reduced sweep (--quick) into a temporary directory: results.md and
every SVG it references exist, the SVGs are well-formed XML whose drawn data
marks (ids series-S / bar-S-G, scripts/wf/experiments/plot.py) are as many as
the values their Description metadata lists, a bar of value 0 has its mark
(zero-S), every section and verdict is there, the numbers in the markdown are
the ones wfsim prints when the commands recorded in data.json (--json, --cov,
--dump-state) are run again, and the output names neither the run time nor
WFSIM's path. The whole sweep (seconds) gives the committed docs/results.md
and docs/results/ (a model change that moves any number fails here until
`make experiments` is rerun)."""
import filecmp
import glob
import os
import re
import shlex
import xml.etree.ElementTree as ET

import pytest

from wf.paths import ROOT
from wf.testing import WFSIM, load_json, script, sim_json

NS = "{http://www.w3.org/2000/svg}"
DC = "{http://purl.org/dc/elements/1.1/}"
SECTIONS = ("## IPC vs number of warps", "### Verdict: warps needed for the same IPC",
            "## Naive vs swizzled", "### Conflicts against stalls", "## IPC vs number of collector",
            "## WAR policies", "### Long latencies, 1 to", "### The claims against the measurement",
            "## Replay vs stall", "### The cycle result", "### What a cycle model cannot measure",
            "## Scoreboard entries")
VERDICTS = (r"^Measured \(default latencies\): mode 2 \(the seed's two-loop design\) needs",
            r"^Verdict \(4 banks", r"^\| warpboard-commit \| up to ~2x \|.*\| (about 2x|below)",
            r"^Verdict: (consistent|more than 4)")


@pytest.fixture(scope="module")
def quick(tmp):
    """the reduced sweep: (out dir, results.md text, data.json)"""
    p = script("experiments.py", "--quick", "--out", tmp)
    assert p.returncode == 0, p.stderr[-400:]
    assert re.search(r"^experiments: [0-9]* runs", p.stdout, re.M), "no summary"
    with open(os.path.join(tmp, "results.md")) as f:
        md = f.read()
    return tmp, md, load_json(os.path.join(tmp, "results", "data.json"))


def svgs_of(md):
    return re.findall(r"\]\((results/[^)]+\.svg)\)", md)


def test_plots_referenced_and_on_disk(quick):
    t, md, _ = quick
    svgs = svgs_of(md)
    assert len(svgs) >= 13, "only %d plots referenced" % len(svgs)
    on_disk = sorted(f for f in os.listdir(os.path.join(t, "results")) if f.endswith(".svg"))
    assert sorted(os.path.basename(s) for s in svgs) == on_disk, "plots on disk %s != referenced" % on_disk


def test_plot_marks(quick):
    t, md, _ = quick
    fail = []
    for rel in svgs_of(md):
        root = ET.parse(os.path.join(t, rel)).getroot()
        groups = list(root.iter(NS + "g"))
        # a line's points are the markers (<use>) in its series-S group; a bar is a bar-S-G group
        marks = sum(len(list(g.iter(NS + "use"))) if g.get("id").startswith("series-") else 1
                    for g in groups if re.match(r"(series-\d+|bar-\d+-\d+)$", g.get("id", "")))
        desc = root.find(".//%sdescription" % DC)
        values = desc.text.split("; ") if desc is not None and desc.text else []
        if root.tag != NS + "svg" or marks < 4 or marks != len(values):
            fail.append("%s: not an SVG chart (%d data marks, %d values)" % (rel, marks, len(values)))
        # a bar of value 0 is drawn as a line (a zero-S group holds one path per such bar)
        if any(g.get("id", "").startswith("bar-") for g in groups):
            zeros = sum(len(list(g.iter(NS + "path"))) for g in groups if re.match(r"zero-\d+$", g.get("id", "")))
            want = sum(v.endswith(": 0") for v in values)
            if zeros != want:
                fail.append("%s: %d zero-value marks for %d bars of value 0" % (rel, zeros, want))
    assert not fail, "\n".join(fail)


@pytest.mark.parametrize("sec", SECTIONS)
def test_section(quick, sec):
    assert re.search(r"^%s" % re.escape(sec), quick[1], re.M), "section %r missing" % sec


@pytest.mark.parametrize("v", VERDICTS)
def test_verdict(quick, v):
    assert re.search(v, quick[1], re.M), "verdict /%s/ missing" % v


def test_no_run_time_or_path(quick):
    t, md, _ = quick
    assert not re.search(r"in [0-9.]+ s\b|parallel jobs", md), "results.md names the run time or the job count"


def rerun(command):
    """a command recorded in data.json, run again with the wfsim under test"""
    cmd = shlex.split(command)
    assert cmd[0] == "build/wfsim", "recorded command does not start with build/wfsim: " + command
    return sim_json(*cmd[1:])


def test_recorded_runs_reproduce(quick):
    pts = quick[2]["points"]
    assert quick[2]["quick"] and len(pts) >= 50, "data.json: %d points" % len(pts)
    checked = 0
    for p in pts[:: max(1, len(pts) // 12)]:
        assert rerun(p["command"]) == p["stats"], "rerun differs: " + p["command"]
        checked += 1
    # the WAR block counts (--cov) and the final-state check (--dump-state) as recorded
    covs = [p for p in pts if "cov_command" in p]
    states = [p for p in pts if "state_commands" in p]
    assert covs and states, "data.json: %d points with cov_command, %d with state_commands" % (len(covs), len(states))
    for p in covs[:3]:
        bins = rerun(p["cov_command"])["bins"]
        assert {b: v[0] for b, v in bins.items() if v[0] and b.startswith("war.block.")} == p["cov"], \
            "cov rerun differs: " + p["cov_command"]
        checked += 1
    for p in states[:1]:
        a, b = (rerun(c) for c in p["state_commands"])
        assert (a["regs"] == b["regs"] and a["mem"] == b["mem"]) == p["state_matches_functional"], \
            "state rerun differs: %s" % p["state_commands"]
        checked += 2
    print("%d recorded runs reproduced" % checked)


def point(pts, kernel, opts):
    for p in pts:
        if p["kernel"] == kernel and p["opts"] == opts:
            return p["stats"]
    raise KeyError((kernel, opts))


def test_table_cells(quick):
    # IPC of the warps sweep and cycles of the WAR sweep, as wfsim gave them
    _, md, data = quick
    pts = data["points"]
    row = re.search(r"^\| mode 3 \| vecadd \| (.*) \|$", md, re.M)
    want = ["%.3f" % point(pts, "vecadd", ["--lanes", "4", "--warps", str(w), "--loops", "3"])["ipc"]
            for w in (1, 2, 4, 8)]
    assert row and row.group(1).split(" | ") == want, \
        "warps table row for vecadd mode 3: %s != %s" % (row and row.group(1), want)
    none = point(pts, "bankconflict", ["--war", "none"])["cycles"]
    wbc = point(pts, "bankconflict", ["--war", "warpboard-commit"])["cycles"]
    assert re.search(r"^\| bankconflict \| %d \| [^\n]*\| %d \(" % (none, wbc), md, re.M), \
        "WAR table: bankconflict none=%d warpboard-commit=%d not found" % (none, wbc)


def test_plotted_value_is_mean(quick):
    t, _, data = quick
    with open(os.path.join(t, "results", "ipc_vs_warps_default.svg")) as f:
        svg = f.read()
    m3 = sum(point(data["points"], k, ["--lanes", "4", "--warps", "1", "--loops", "3"])["ipc"]
             for k in ("bankconflict", "vecadd")) / 2
    assert ("mode 3 1: %s" % ("%.3f" % m3).rstrip("0").rstrip(".")) in svg, \
        "ipc_vs_warps_default.svg: mode 3 at 1 warp is not the mean of the kernels"


def test_docs_results_current(tmp_path):
    # the committed docs/results.md is what the current model gives
    out = str(tmp_path)
    p = script("experiments.py", "--out", out)
    assert p.returncode == 0, p.stderr[-400:]
    d = filecmp.dircmp(os.path.join(out, "results"), os.path.join(ROOT, "docs", "results"))
    stale = d.left_only + d.right_only + d.diff_files + d.funny_files
    same_md = filecmp.cmp(os.path.join(out, "results.md"), os.path.join(ROOT, "docs", "results.md"), shallow=False)
    if stale or not same_md:
        # plots alone differ: most likely another matplotlib than the one that drew docs/
        def drawn_by(pattern):
            for f in sorted(glob.glob(pattern)):
                m = re.search(r"Matplotlib v[0-9.]*", open(f).read())
                if m:
                    return m.group(0)
        pytest.fail("docs/results.md or docs/results/ is stale (%s%s); run 'make experiments'; plots drawn by %s, "
                    "docs/results/ by %s" % ("results.md, " if not same_md else "", ", ".join(stale[:5]),
                                            drawn_by(os.path.join(out, "results", "*.svg")),
                                            drawn_by(os.path.join(ROOT, "docs", "results", "*.svg"))))
    assert WFSIM not in open(os.path.join(out, "results.md")).read(), "results.md names WFSIM's path"
