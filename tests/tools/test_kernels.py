"""End-to-end tests of the sim/kernels kernels (`make test-kernels`, WFSIM the
wfsim under test). Every sim/kernels/*.s has a checker in
verif/check_kernels.py; each kernel runs under every configuration of CONFIGS
that it supports (at least 3), on the interpreter (--functional) and on the
cycle model; both final states are checked against the kernel's intent and
against each other. Also: the checker rejects a corrupted state, and
bankconflict.s conflicts far more under the naive layout than under swizzle
(cycle-model bank statistics, not wall-clock timing)."""
import argparse
import filecmp
import glob
import json
import os

import pytest

from wf.paths import kernel_options
from wf.testing import KERNELS, load_json, sim, sim_json
import check_kernels
import wfstate

SOURCES = sorted(glob.glob(os.path.join(KERNELS, "*.s")))
NAMES = [os.path.basename(s)[:-2] for s in SOURCES]
CHECKED = [k for k in NAMES if k in check_kernels.CHECKERS]
# added after the kernel's own `# wfsim-options:` line (so they override it);
# together they vary warps, lanes, regs, layout, loops, sched, war, hazard and
# some latencies/sizes
CONFIGS = [
    "",
    "--warps 1 --lanes 1",
    "--warps 2 --lanes 4 --loops 1 --sched gto",
    "--warps 3 --lanes 5 --loops 2 --layout naive --war inorder",
    "--warps 4 --lanes 8 --hazard stall --war warpboard-commit --mem-words 4096",
    "--warps 8 --lanes 8 --layout naive --war warpboard-read --sched gto",
    "--warps 6 --lanes 16 --active-warps 4 --loops 2 --hazard stall --mem-words 2048",
    "--warps 16 --lanes 16 --regs 64 --mem-words 8192 --collectors 2 --banks 8 --sched gto",
    "--warps 2 --lanes 32 --loops 1 --hazard stall --mul-lat 7 --lsu-lat 5 --mem-line 1 --layout naive",
    "--warps 5 --lanes 3 --regs 16 --loops 3 --collectors 1 --war inorder --ibuf 1 --sb-entries 1",
]


def options(k, config):
    return kernel_options(os.path.join(KERNELS, k + ".s")) + config.split()


def checker(k, state, opts, supports=False):
    """check_kernels' verdict (None: as expected) on STATE (a path) under the
    size options among OPTS (the last one given counts, as in wfsim)"""
    ap = argparse.ArgumentParser(allow_abbrev=False)  # --war is not --warps
    wfstate.checker_args(ap)
    a = ap.parse_known_args([k, state or "-"] + opts)[0]
    a.supports = supports
    return check_kernels.run_one(ap, a)[1]


def final_state(tmp, k, tag, opts, *engine):
    path = os.path.join(tmp, "%s.%s.json" % (k, tag))
    p = sim(*engine, "--quiet", *opts, "--dump-state", path, os.path.join(KERNELS, k + ".s"))
    assert p.returncode == 0, "wfsim %s %s %s.s failed: %s" % (" ".join(engine), " ".join(opts), k, p.stderr[:400])
    return path


@pytest.mark.parametrize("k", NAMES)
def test_kernel_has_checker(k):
    assert k in check_kernels.CHECKERS, "sim/kernels/%s.s has no checker in verif/check_kernels.py" % k


@pytest.mark.parametrize("k", CHECKED)
def test_enough_configs(k):
    ran = [c for c in CONFIGS if checker(k, None, options(k, c), supports=True) is None]
    assert len(ran) >= 3, "%s.s: only %d configurations supported (need >= 3)" % (k, len(ran))


@pytest.mark.parametrize("ci", range(len(CONFIGS)), ids=lambda i: "config%d" % i)
@pytest.mark.parametrize("k", CHECKED)
def test_engines_agree_with_checker(k, ci, tmp):
    opts = options(k, CONFIGS[ci])
    if checker(k, None, opts, supports=True) is not None:
        pytest.skip("%s does not support %s" % (k, CONFIGS[ci]))
    states = {}
    for eng, flag in (("functional", ["--functional"]), ("cycle", [])):
        states[eng] = final_state(tmp, k, "%d.%s" % (ci, eng), opts, *flag)
        assert checker(k, states[eng], opts) is None, "%s %s.s %s: %s" % (
            eng, k, " ".join(opts), checker(k, states[eng], opts))
    assert filecmp.cmp(states["functional"], states["cycle"], shallow=False), \
        "%s.s %s: the cycle model's final state differs from the interpreter's" % (k, " ".join(opts))


@pytest.mark.parametrize("k", CHECKED)
def test_checker_rejects_corrupted_state(k, tmp):
    # the checker really looks: a corrupted memory word must fail it
    opts = options(k, "")
    d = load_json(final_state(tmp, k, "base", opts))
    i = max(range(len(d["mem"])), key=lambda n: d["mem"][n])  # a word the kernel wrote
    d["mem"][i] ^= 1
    bad = os.path.join(tmp, k + ".bad.json")
    with open(bad, "w") as f:
        json.dump(d, f)
    assert checker(k, bad, opts) is not None, "corrupted %s state accepted by check_kernels.py" % k


def test_bankconflict_naive_vs_swizzle():
    bc = os.path.join(KERNELS, "bankconflict.s")
    n = sim_json("--quiet", "--json", "--layout", "naive", bc)
    s = sim_json("--quiet", "--json", "--layout", "swizzle", bc)
    assert n["instructions"] == s["instructions"]
    cn, cs = sum(n["banks"]["read_conflict_cycles"]), sum(s["banks"]["read_conflict_cycles"])
    assert cn > 2 * cs, "naive %d vs swizzle %d read-conflict cycles" % (cn, cs)
    assert n["cycles"] > 1.5 * s["cycles"], "naive %d vs swizzle %d cycles" % (n["cycles"], s["cycles"])
