"""`make experiments`: the seed's performance claims measured on the cycle
model over the kernel suite.

Runs build/wfsim (env WFSIM) over sim/kernels/*.s for each experiment, then
writes OUT/results.md (default docs/results.md), the SVG plots under
OUT/results/ (matplotlib) and OUT/results/data.json (every point: kernel,
options, the exact commands, the statistics used).

  scripts/experiments.py [--quick] [--only NAME ...] [--out DIR] [--jobs N]

--quick runs a reduced sweep (two kernels, fewer points) for the test
(tests/tools/test_experiments.py). Every number in the markdown comes from a
wfsim run listed in data.json; nothing is typed in. The output does not
depend on WFSIM's path, --jobs or the run time, so rerunning on an unchanged
model gives no diff.

This file is the runner; the experiments are scripts/wf/experiments/<name>.py
(their prose in templates/<name>.md), the plots wf/experiments/plot.py and
what they share (running wfsim, number formats) wf/experiments/common.py.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import time

try:
    from wf.experiments import EXPERIMENTS
except ImportError as e:
    if e.name != "matplotlib":
        raise
    print("experiments: no matplotlib for %s (scripts/setup.sh installs it)" % sys.executable,
          file=sys.stderr)
    sys.exit(2)
from wf.experiments.common import WFSIM, Ctx, Runner, Text, kname


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="reduced sweep (for the test)")
    ap.add_argument("--out", help="directory of results.md (default docs; with --only or "
                    "--quick, out/experiments, so docs/results.md is only written whole)")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", "2")),
                    help="parallel wfsim runs (default 2, env JOBS)")
    ap.add_argument("--only", action="append", choices=[n for n, _ in EXPERIMENTS],
                    help="run only this experiment (repeatable)")
    a = ap.parse_args(argv)
    if a.jobs < 1:
        ap.error("--jobs: must be >= 1")
    if a.out is None:
        a.out = "out/experiments" if a.only or a.quick else "docs"
    if not os.access(WFSIM, os.X_OK):
        print("experiments: %s not found (make build/wfsim, or set WFSIM)" % WFSIM,
              file=sys.stderr)
        return 2
    kernels = sorted(glob.glob("sim/kernels/*.s"))
    if a.quick:
        kernels = [k for k in kernels if kname(k) in ("vecadd", "bankconflict")]
    if not kernels:
        print("experiments: no kernels under sim/kernels", file=sys.stderr)
        return 2
    svgdir = os.path.join(a.out, "results")
    os.makedirs(svgdir, exist_ok=True)
    runner = Runner(kernels, a.jobs)
    ctx = Ctx(a, runner, svgdir, "results")
    chosen = [(n, f) for n, f in EXPERIMENTS if not a.only or n in a.only]
    t0 = time.time()
    for _, f in chosen:
        f(ctx, plan=True)
    runner.run_pending()
    elapsed = time.time() - t0
    for _, f in chosen:
        f(ctx, plan=False)
    bkey = [(k, ("--collectors", "4")) for k in kernels]
    base = [runner.st(b)["cycles"] for b in bkey if b in runner.points]
    ver = subprocess.run([WFSIM, "--version"], capture_output=True, text=True).stdout.strip()
    head = [Text("head")("head", quick=" --quick" if a.quick else "", points=len(runner.points),
                         version=ver, runs=runner.invocations, nkernels=len(kernels),
                         kernels=", ".join(kname(k) for k in kernels),
                         base_range=("%d to %d" % (min(base), max(base)) if base
                                     else "a few thousand")), ""]
    if a.only:
        head += ["Sections run: %s." % ", ".join(a.only), ""]
    with open(os.path.join(a.out, "results.md"), "w") as f:
        f.write("\n".join(head) + "\n" + "\n".join(ctx.sections))
    with open(os.path.join(svgdir, "data.json"), "w") as f:
        # one point per line: small, and diffs stay readable
        f.write('{"wfsim": %s, "quick": %s, "points": [\n' % (json.dumps(ver),
                                                              json.dumps(a.quick)))
        f.write(",\n".join(json.dumps(runner.points[k], separators=(",", ":"))
                           for k in sorted(runner.points)))
        f.write("\n]}\n")
    print("experiments: %d runs in %.1f s -> %s/results.md, %s/*.svg" % (
        runner.invocations, elapsed, a.out, svgdir))
    return 0

