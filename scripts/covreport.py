#!/usr/bin/env python3
"""Merge functional-coverage files and report every bin.

Each input is the JSON that `wfsim --cov FILE` (or a co-simulation harness
through verif/coverage.c) writes: {"format": "warpfront-cov-1", "runs": R,
"cycles": N, "window_overflow": K, "bins": {name: [hits, applicable], ...}}.
Bins are defined in verif/include/wf_cov.h. `applicable` counts the samples
whose configuration makes a bin possible; a bin with applicable > 0 and no
hits over all inputs is a HOLE, one with applicable = 0 everywhere is n/a.

  scripts/covreport.py [--fail-on-holes] [--json OUT] [--quiet] FILE|DIR ...

A directory is searched recursively for *.cov.json files. Prints every bin
with its merged counts, then the holes. Exit 0; with --fail-on-holes, 1 when
there is a hole; 2 for unreadable or malformed input (named with the file).
"""
import argparse
import json
import os
import sys

FORMAT = "warpfront-cov-1"


def inputs(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _dirs, files in sorted(os.walk(p)):
                for f in sorted(files):
                    if f.endswith(".cov.json"):
                        yield os.path.join(root, f)
        else:
            yield p


def load(path):
    try:
        with open(path) as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        raise SystemExit(f"covreport: {path}: {e}") from None
    if not isinstance(d, dict) or d.get("format") != FORMAT or not isinstance(d.get("bins"), dict):
        raise SystemExit(f"covreport: {path}: not a {FORMAT} file")
    for name, v in d["bins"].items():
        if (not isinstance(v, list) or len(v) != 2
                or not all(isinstance(x, int) and x >= 0 for x in v)):
            raise SystemExit(f"covreport: {path}: bin {name}: expected [hits, applicable]")
    return d


def merge(files):
    total = {"files": 0, "runs": 0, "cycles": 0, "window_overflow": 0, "bins": {}}
    for path in files:
        d = load(path)
        total["files"] += 1
        for k in ("runs", "cycles", "window_overflow"):
            total[k] += int(d.get(k, 0))
        for name, (hits, app) in d["bins"].items():
            h, a = total["bins"].get(name, (0, 0))
            total["bins"][name] = (h + hits, a + app)
    return total


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", help="coverage JSON files or directories")
    ap.add_argument("--fail-on-holes", action="store_true", help="exit 1 if any bin is a hole")
    ap.add_argument("--json", metavar="OUT", help="also write the merged counts as JSON")
    ap.add_argument("--quiet", action="store_true", help="print only the summary and the holes")
    a = ap.parse_args(argv)
    files = list(inputs(a.paths))
    if not files:
        print("covreport: no coverage files found", file=sys.stderr)
        return 2
    try:
        t = merge(files)
    except SystemExit as e:
        print(e, file=sys.stderr)
        return 2
    bins = t["bins"]
    holes = [n for n, (h, ap_) in bins.items() if ap_ > 0 and h == 0]
    na = [n for n, (h, ap_) in bins.items() if ap_ == 0 and h == 0]
    hit = [n for n, (h, _) in bins.items() if h > 0]
    if not a.quiet:
        w = max(len(n) for n in bins)
        print(f"{'bin':<{w}}  {'hits':>12}  {'applicable':>12}  state")
        for n, (h, ap_) in bins.items():
            state = "hit" if h else ("HOLE" if ap_ else "n/a")
            print(f"{n:<{w}}  {h:>12}  {ap_:>12}  {state}")
    print(f"covreport: {t['files']} files, {t['runs']} runs, {t['cycles']} cycles; "
          f"{len(bins)} bins: {len(hit)} hit, {len(holes)} holes, {len(na)} not applicable")
    if t["window_overflow"]:
        print(f"covreport: warning: {t['window_overflow']} operand waits longer than the "
              "coverage window (bank-conflict bins undercounted)")
    if holes:
        print("never fired (holes):")
        for n in holes:
            print(f"  {n}")
    if a.json:
        out = {"format": FORMAT, "files": t["files"], "runs": t["runs"], "cycles": t["cycles"],
               "window_overflow": t["window_overflow"],
               "bins": {n: list(v) for n, v in bins.items()}, "holes": holes}
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)
            f.write("\n")
    return 1 if a.fail_on_holes and holes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
