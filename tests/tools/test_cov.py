"""wfsim --cov and scripts/covreport.py (`make test-cov`, part of
test-examples): the coverage file agrees with wfsim's own --json statistics,
merging adds counts, holes are listed and --fail-on-holes fails on them, bad
input is an error naming the file, and the verification plan's crosses
(--plan) over a regress-style directory."""
import json
import os

import pytest

from wf.paths import kernel_options
from wf.testing import EXAMPLES, KERNELS, load_json, script, sim, write

SEED_NAIVE = os.path.join(EXAMPLES, "seed_naive.s")


@pytest.fixture(scope="module")
def runs(tmp):
    """three coverage files a, b, c of small runs (and a's --json statistics)"""
    d = os.path.join(tmp, "runs")
    os.mkdir(d)
    sw = os.path.join(EXAMPLES, "seed_swizzle.s")
    cmds = {"a": kernel_options(SEED_NAIVE) + ["--json", SEED_NAIVE],
            "b": kernel_options(sw) + [sw],
            "c": ["--warps", "4", "--hazard", "stall", "--sched", "gto", os.path.join(KERNELS, "saxpy.s")]}
    for name, args in cmds.items():
        p = sim("--quiet", "--cov", os.path.join(d, name + ".cov.json"), *args)
        assert p.returncode == 0, p.stderr[:400]
        if name == "a":
            write(os.path.join(d, "a.stats.json"), p.stdout)
    return d


def test_coverage_matches_json(runs):
    cov = load_json(os.path.join(runs, "a.cov.json"))
    st = load_json(os.path.join(runs, "a.stats.json"))
    b = cov["bins"]
    assert cov["runs"] == 1 and cov["cycles"] == st["cycles"], (cov["cycles"], st["cycles"])
    conf = st["banks"]["read_conflict_cycles"]
    assert any(conf), "seed_naive has bank conflicts"
    for i, n in enumerate(conf):
        assert b["bank[%d].conflict" % i][0] == n, (i, b["bank[%d].conflict" % i], n)
    assert b["hazard.staging"][0] == st["hazard_warp_cycles"]["staging_busy"]
    assert b["fetch.merge"][0] == st["icache"]["merges"] > 0
    assert b["issue.sr"][1] == st["cycles"] and b["issue.cu"][1] == 0   # loops 2


@pytest.fixture(scope="module")
def merged(runs):
    """covreport --json over a, b, c: (its JSON, its report text)"""
    m = os.path.join(runs, "m.json")  # in the directory, as a later input
    p = script("covreport.py", "--json", m, runs)
    assert p.returncode == 0, p.stderr
    return load_json(m), p.stdout


def test_merge_adds_counts(runs, merged):
    files = [load_json(os.path.join(runs, x + ".cov.json")) for x in "abc"]
    m, report = merged
    assert m["files"] == 3 and m["runs"] == 3
    for name in files[0]["bins"]:
        want = [sum(f["bins"][name][k] for f in files) for k in (0, 1)]
        assert m["bins"][name] == want, (name, m["bins"][name], want)
    holes = [n for n, (h, a) in m["bins"].items() if a and not h]
    assert m["holes"] == holes
    for name in files[0]["bins"]:
        assert name in report, name
    if holes:
        assert "never fired (holes):" in report
    assert "covreport: 3 files, 3 runs" in report, "summary line"


def test_fail_on_holes(runs, merged, tmp):
    # three tiny runs leave holes -> exit 1; a file without holes -> 0
    assert script("covreport.py", "--quiet", "--fail-on-holes", runs).returncode == 1, \
        "--fail-on-holes passed with holes"
    d = load_json(os.path.join(runs, "a.cov.json"))
    d["bins"] = {n: ([1, a] if a else [0, 0]) for n, (h, a) in d["bins"].items()}
    full = write(os.path.join(tmp, "full.json"), json.dumps(d))
    assert script("covreport.py", "--quiet", "--fail-on-holes", full).returncode == 0, "no holes but exit 1"


def test_bad_input_names_file(tmp):
    bad = write(os.path.join(tmp, "bad.json"), '{"format":"other"}\n')
    p = script("covreport.py", bad)
    assert p.returncode == 2 and "bad.json" in p.stderr, "malformed input: rc=%d" % p.returncode


def test_cov_stdout_is_pure_json():
    # wfsim --cov - : the summary line goes to stderr
    p = sim("--cov", "-", os.path.join(EXAMPLES, "vecadd.s"))
    assert json.loads(p.stdout)["runs"] == 1, "--cov - is not pure JSON"


def test_cov_unwritable_path():
    p = sim("--quiet", "--cov", "/nonexistent/x.json", os.path.join(EXAMPLES, "vecadd.s"))
    assert p.returncode == 2, "wfsim --cov to an unwritable path: rc=%d" % p.returncode


def test_plan(tmp_path):
    # a regress-style directory <seed>/run.cov.json + options.txt: the cell of the
    # run's configuration is hit by that seed, cells of configurations never
    # drawn are holes, mode-3-only bins under loops 2 are unreachable
    plan = tmp_path / "plan"
    (plan / "7").mkdir(parents=True)
    popts = "--layout naive --loops 2 --hazard stall --war bloom --sched gto".split()
    assert sim(*popts, "--quiet", "--cov", plan / "7" / "run.cov.json", SEED_NAIVE).returncode == 0
    write(plan / "7" / "options.txt", " ".join(popts) + " --warps 8\n")
    pj = tmp_path / "plan.json"
    p = script("covreport.py", "--plan", "--fail-on-holes", "--json", pj, plan)
    assert p.returncode == 1, "--plan --fail-on-holes with plan holes: rc=%d" % p.returncode
    rep, m = p.stdout, load_json(pj)
    assert m["seeds"]["hazard.staging"] == [7], m["seeds"].get("hazard.staging")
    assert any(c.startswith("hazard.staging @ loops=1,hazard=replay") for c in m["plan_holes"]), m["plan_holes"][:5]
    assert not any(c.startswith("hazard.staging @ loops=2,hazard=stall,war=bloom") for c in m["plan_holes"])
    assert "issue.cu @ loops=2: §7.1: loop mode 3 only" in rep, "unreachable cell with its reason"
    assert "hazard.staging               1/30 cells hit" in rep, rep[:2000]


ISA_PROG = """
        movi r1 <- -1
        lane r2
        add  r3 <- r1, r2          # b varies, a = 0xFFFFFFFF: carries in lanes >= 1
        movi r4 <- 33
        shl  r5 <- r2, r4          # amount 33: only the low 5 bits count
        st   [r2 + 8388607] <- r2  # offset imax, the sum >= M (reduced)
        ld   r6 <- [r0 + -1]       # a negative offset wraps 32 bits: word M-1
        bnz  r2, end               # lane 0 is 0, lane 1 is not: not taken
end:    exit
"""


def test_isa_classes(tmp):
    """the ISA classes (cmodel/include/wf_isacov.h) of a hand-written program:
    the classes it executes are hit, one it does not is applicable and 0"""
    src = os.path.join(tmp, "isa.s")
    write(src, ISA_PROG)
    out = os.path.join(tmp, "isa.cov.json")
    p = sim("--quiet", "--cov", out, "--warps", "1", "--lanes", "4", "--mem-words", "64", src)
    assert p.returncode == 0, p.stderr[:400]
    b = load_json(out)["bins"]
    for name in ("add.a=m1", "add.b_varies", "add.carry", "shl.b>=32", "shl.a_varies", "st.imm=imax",
                 "st.reduced", "st.lanes_distinct", "ld.imm=sneg", "ld.wrap32", "ld.addr=top",
                 "ld.lanes_one_word", "bnz.lane0_zero_others_not", "bnz.not_taken_forward",
                 "bnz.to_next", "lane.varies", "exit.exec"):
        assert b["isa." + name] == [1, 1], (name, b["isa." + name])
    for name in ("add.ovf", "sub.borrow", "shl.b_varies", "ld.lanes_collide", "bnz.taken_backward", "wid.warp>0"):
        assert b["isa." + name][0] == 0, name
    assert b["isa.sub.borrow"][1] == 1 and b["isa.wid.warp>0"][1] == 0  # one warp: n/a
