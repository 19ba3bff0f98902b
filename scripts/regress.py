#!/usr/bin/env python3
"""warpfront regression runner (`make regress`).

Runs every example program in sim/examples/ over a set of configurations
(a few fixed ones plus one random configuration per seed), and one
constrained-random program per seed (build/wfgen) under that seed's
configuration. Each run:
  1. the functional interpreter (`wfsim --functional --dump-state`), checked
     against verif/check_examples.py where the kernel has a checker;
  2. the cycle model (`wfsim --dump-state`), whose final state must equal the
     interpreter's. While the cycle model is not in the build, this leg is
     reported as skipped, never as passed.

Knobs (environment): SEED (first seed, default 1), SEEDS (number of random
configurations, default 8), JOBS (parallel runs, default: CPU count),
OUT (result directory, default out/regress). Results: one directory per run
with its command lines and logs, junit.xml, rerun.txt (failing runs, one
command each), and the closing line "N passed, M failed".
"""
import concurrent.futures
import json
import os
import random
import shlex
import subprocess
import sys
import time
from xml.sax.saxutils import escape, quoteattr

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WFSIM = os.environ.get("WFSIM", os.path.join(ROOT, "build", "wfsim"))
WFGEN = os.environ.get("WFGEN", os.path.join(ROOT, "build", "wfgen"))
CHECKER = os.path.join(ROOT, "verif", "check_examples.py")
EXAMPLES = os.path.join(ROOT, "sim", "examples")
OUT = os.path.abspath(os.environ.get("OUT", os.path.join(ROOT, "out", "regress")))
TIMEOUT = 120  # seconds per wfsim call; a hang is reported as its own failure kind

FIXED = [
    {"name": "default", "opts": []},
    {"name": "tiny", "opts": ["--warps", "1", "--lanes", "1"]},
    {"name": "seed-shape", "opts": ["--warps", "4", "--lanes", "8", "--banks", "4"]},
    {"name": "wide", "opts": ["--warps", "8", "--lanes", "32", "--regs", "64", "--mem-words", "4096"]},
]


def random_config(seed):
    """A configuration drawn from every parameter's range (sizes the examples fit)."""
    rng = random.Random(seed)
    warps = rng.choice([1, 2, 3, 4, 5, 8, 13, 16])
    opts = {
        "warps": warps,
        # the example kernels index memory by tid and need warps*lanes <= 256
        "lanes": min(rng.choice([1, 2, 3, 4, 7, 8, 16, 32]), 256 // warps),
        "regs": rng.choice([16, 24, 32, 64, 128]),
        "banks": rng.randint(1, 8),
        "collectors": rng.randint(1, 8),
        "sb-entries": rng.randint(1, 8),
        "ibuf": rng.randint(1, 4),
        "layout": rng.choice(["naive", "swizzle"]),
        "war": rng.choice(["inorder", "warpboard-commit", "warpboard-read", "bloom"]),
        "sched": rng.choice(["lrr", "gto"]),
        "loops": rng.choice([1, 2, 3]),
        "hazard": rng.choice(["replay", "stall"]),
        "alu-lat": rng.randint(1, 4),
        "mul-lat": rng.randint(1, 8),
        "lsu-lat": rng.randint(2, 6),
        "icache-lines": rng.choice([1, 2, 4, 16]),
        "icache-line": rng.choice([1, 2, 4, 8]),
        "imiss-lat": rng.randint(2, 20),
        "imshrs": rng.randint(1, 4),
        "mem-words": rng.choice([2048, 4096]),
        "mem-line": rng.choice([1, 2, 4, 8]),
        "active-warps": rng.randint(1, warps),
    }
    flat = []
    for k, v in opts.items():
        flat += ["--" + k, str(v)]
    return {"name": "seed%d" % seed, "opts": flat, "seed": seed}


def example_options(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# wfsim-options:"):
                return shlex.split(line.split(":", 1)[1])
    return []


def opt_value(opts, name, default):
    for i, o in enumerate(opts):
        if o == name and i + 1 < len(opts):
            return opts[i + 1]
    return default


def run(cmd, log):
    log.write("$ " + " ".join(shlex.quote(c) for c in cmd) + "\n")
    log.flush()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        log.write("TIMEOUT after %ds\n" % TIMEOUT)
        return None, "", ""
    log.write(p.stdout + p.stderr + "[exit %d]\n" % p.returncode)
    return p.returncode, p.stdout, p.stderr


def one_run(job):
    kernel, src, cfg, checked = job
    rid = "%s.%s" % (kernel, cfg["name"])
    d = os.path.join(OUT, rid)
    os.makedirs(d, exist_ok=True)
    if src is None:  # a generated program for this seed's configuration, kept with the run
        src = os.path.join(d, "prog.s")
        gcmd = [WFGEN, "--seed", str(cfg["seed"]), "-o", src] + cfg["opts"]
        with open(os.path.join(d, "gen.log"), "w", encoding="utf-8") as glog:
            rc, _, err = run(gcmd, glog)
        if rc != 0:
            return {"id": rid, "kernel": kernel, "config": cfg["name"], "dir": d,
                    "status": "fail", "kind": "generator-error", "message": err.strip()[:300],
                    "skipped": [], "time": 0.0, "command": " ".join(map(shlex.quote, gcmd))}
    # The example's own options (the seed examples need theirs) come first,
    # the configuration's override them.
    opts = example_options(src) + cfg["opts"]
    fstate = os.path.join(d, "functional.json")
    cstate = os.path.join(d, "cycle.json")
    res = {"id": rid, "kernel": kernel, "config": cfg["name"], "dir": d,
           "status": "pass", "kind": "", "message": "", "skipped": [], "time": 0.0}
    t0 = time.time()
    with open(os.path.join(d, "log.txt"), "w", encoding="utf-8") as log:
        fcmd = [WFSIM, "--functional", "--quiet"] + opts + ["--dump-state", fstate, src]
        res["command"] = " ".join(shlex.quote(c) for c in fcmd)
        rc, out, err = run(fcmd, log)
        if rc is None:
            res.update(status="fail", kind="timeout", message="functional run timed out")
        elif rc != 0:
            res.update(status="fail", kind="functional-error", message=(err or out).strip()[:300])
        elif kernel in checked:
            ccmd = [sys.executable, CHECKER, kernel, fstate,
                    "--warps", opt_value(opts, "--warps", "8"),
                    "--lanes", opt_value(opts, "--lanes", "8"),
                    "--regs", opt_value(opts, "--regs", "32"),
                    "--mem-words", opt_value(opts, "--mem-words", "1024"),
                    "--active-warps", opt_value(opts, "--active-warps", "0")]
            rc, out, err = run(ccmd, log)
            if rc != 0:
                res.update(status="fail", kind="wrong-result", message=(out + err).strip()[:300])
        elif kernel != "gen":
            res["skipped"].append("no independent checker for this kernel")
        if res["status"] == "pass":
            ccmd = [WFSIM, "--quiet"] + opts + ["--dump-state", cstate, src]
            rc, out, err = run(ccmd, log)
            if rc == 2 and "not available in this build" in err:
                res["skipped"].append("cycle model not in this build")
            elif rc is None:
                res.update(status="fail", kind="timeout", message="cycle-model run timed out")
            elif rc != 0:
                res.update(status="fail", kind="cycle-error", message=(err or out).strip()[:300])
            else:
                with open(fstate) as a, open(cstate) as b:
                    if json.load(a) != json.load(b):
                        res.update(status="fail", kind="cycle-vs-functional",
                                   message="cycle model final state differs from the interpreter")
        log.write("RESULT %s %s %s\n" % (res["status"], res["kind"], res["message"]))
    res["time"] = time.time() - t0
    return res


def write_junit(results, path):
    fails = sum(r["status"] == "fail" for r in results)
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write('<testsuite name="warpfront-regress" tests="%d" failures="%d">\n' % (len(results), fails))
        for r in results:
            f.write('  <testcase classname=%s name=%s time="%.3f">\n'
                    % (quoteattr(r["kernel"]), quoteattr(r["config"]), r["time"]))
            if r["status"] == "fail":
                f.write('    <failure type=%s message=%s>%s</failure>\n'
                        % (quoteattr(r["kind"]), quoteattr(r["message"]), escape(r["dir"])))
            if r["skipped"]:
                f.write("    <system-out>%s</system-out>\n" % escape("; ".join(r["skipped"])))
            f.write("  </testcase>\n")
        f.write("</testsuite>\n")


def main():
    seed = int(os.environ.get("SEED", "1"))
    seeds = int(os.environ.get("SEEDS", "8"))
    jobs = int(os.environ.get("JOBS", str(os.cpu_count() or 1)))
    for tool in (WFSIM, WFGEN):
        if not os.access(tool, os.X_OK):
            print("regress: %s is not built (run make)" % tool, file=sys.stderr)
            return 2
    os.makedirs(OUT, exist_ok=True)
    checked = set(subprocess.run([sys.executable, CHECKER, "--list"], capture_output=True,
                                 text=True, check=True).stdout.split())
    configs = FIXED + [random_config(s) for s in range(seed, seed + seeds)]
    kernels = sorted(f[:-2] for f in os.listdir(EXAMPLES) if f.endswith(".s"))
    jobs_list = [(k, os.path.join(EXAMPLES, k + ".s"), c, checked) for k in kernels for c in configs]
    jobs_list += [("gen", None, c, checked) for c in configs if "seed" in c]
    print("regress: %d kernels x %d configurations + %d generated programs (seeds %d..%d), "
          "%d jobs, results in %s" % (len(kernels), len(configs), seeds, seed, seed + seeds - 1,
                                      jobs, OUT))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(one_run, jobs_list))
    results.sort(key=lambda r: r["id"])
    write_junit(results, os.path.join(OUT, "junit.xml"))
    failed = [r for r in results if r["status"] == "fail"]
    with open(os.path.join(OUT, "rerun.txt"), "w", encoding="utf-8") as f:
        for r in failed:
            f.write(r["command"] + "\n")
    for r in failed:
        print("FAIL %-28s %-18s %s (log: %s/log.txt)" % (r["id"], r["kind"], r["message"], r["dir"]))
    skipped = {}
    for r in results:
        for s in r["skipped"]:
            skipped[s] = skipped.get(s, 0) + 1
    for s, n in sorted(skipped.items()):
        print("note: %d runs: %s" % (n, s))
    print("%d passed, %d failed" % (len(results) - len(failed), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
