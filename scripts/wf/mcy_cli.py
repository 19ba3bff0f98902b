"""Machine-made mutants: Yosys `mutate` over RTL blocks, one Verilated build per
block with the mutation selected at run time (+mutsel=I), the default
regression's seeds against every mutant; kill tables per block and kind,
survivors with their source location (scripts/wf/mcy.py).

  scripts/mcy.py [--blocks B,B|all] [-n N] [--mutate-seed S] [--seeds K | --seed-list A,B]
                 [--out DIR] [--timeout S] [--jobs J] [--min-kill PCT]

Exit 0; 1 when the kill rate is below --min-kill (default 1 %: the machinery
kills nothing) or the control fails; 2 for a usage error or a failed step.
"""
import argparse
import os
import sys

from wf import mcy


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--blocks", default="all", help="comma list of %s, or all" % ",".join(mcy.BLOCKS))
    ap.add_argument("-n", type=int, default=100, help="mutants per block (mutate -list N)")
    ap.add_argument("--mutate-seed", type=int, default=1, dest="seed")
    ap.add_argument("--seeds", type=int, default=10, help="regression seeds 1..K")
    ap.add_argument("--seed-list", help="these regression seeds instead")
    ap.add_argument("--out", default=os.path.join(mcy.ROOT, "out", "mcy"))
    ap.add_argument("--timeout", type=int, default=120, help="seconds per run")
    ap.add_argument("--build-timeout", type=int, default=3600)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--reuse", action="store_true", help="reuse OUT's netlists of an earlier run (same -n, seed)")
    ap.add_argument("--min-kill", type=float, default=1.0, help="exit 1 below this kill rate (%%)")
    a = ap.parse_args(argv)
    a.blocks = mcy.BLOCKS if a.blocks == "all" else a.blocks.split(",")
    bad = [b for b in a.blocks if b not in mcy.BLOCKS]
    if bad or a.n < 1 or a.seeds < 1:
        ap.error("--blocks: allowed %s; -n and --seeds >= 1" % ",".join(mcy.BLOCKS))
    try:
        a.seeds = [int(x) for x in a.seed_list.split(",")] if a.seed_list else list(range(1, a.seeds + 1))
    except ValueError:
        ap.error("--seed-list: comma list of integers")
    a.out = os.path.abspath(a.out)  # Verilator's lint_off -file matches absolute paths
    os.makedirs(a.out, exist_ok=True)
    try:
        res = mcy.main(a)
    except mcy.McyError as e:
        print("mcy: %s" % e, file=sys.stderr)
        return 1 if "control" in str(e) else 2
    mcy.print_report(res, a.out)
    if res["errors"]:
        print("mcy: %d block(s) failed: %s" % (len(res["errors"]), "; ".join(res["errors"])))
        return 2
    n = len(res["mutants"])
    k = sum(m["killed_by"] is not None for m in res["mutants"])
    if not n or 100.0 * k / n < a.min_kill:
        print("mcy: kill rate %.1f %% below --min-kill %.1f %%" % (100.0 * k / n if n else 0, a.min_kill))
        return 1
    return 0

