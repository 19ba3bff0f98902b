#!/usr/bin/env python3
"""`make bench-build`: the regression build's Verilator and compiler options,
build seconds against simulated lockstep cycles per second, side by side in
one run (docs/performance.md "Build options").

Each variant is the C++ harness's build at the default configuration with
WF_ASSERT (verif/build.sh wf_cc_harness, the command of verif/cosim/run.sh)
with the flags of verif/build.sh changed as the variant says, built from
nothing into OUT/<variant>/ twice: with its own empty object cache of
Verilator's runtime (cold), then again with those objects cached (the build
a regression makes: build/vlrt/ keeps them per flag set). Then every variant runs the
same programs (build/wfgen --random-knobs seeds, as make regress draws them,
each launched twice by the harness as a regression seed is): REPS rounds, the
variants interleaved within each round (the machine is shared), the fastest
round per program counts. Measured: the builds' CPU seconds (their
processes' user + system) and wall seconds, the runs' CPU seconds, and the lockstep
cycles of the harness's result records (cycles.compared); every variant must
give the base's results (status and cycles) on every program.

From these, for a regression of N seeds over B builds (a build per size set
and RTL form: make regress at all five size sets and three forms makes 15;
each costed as the default build with its runtime objects cached), the CPU seconds of the work that depends on
the flags: B x build + N x (the programs' mean cycles / cycles per second),
for N = 1,000 and 100,000.

Environment: VARIANTS (comma list, default all), SEEDS (programs, default 12),
REPS (default 3), BUILDS (default 15), OUT (default out/bench-build).
Output: a table on stdout and OUT/build.json. Exit 2 when a build or a run
fails or a variant's results differ from the base's."""
import json
import os
import resource
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.abspath(os.environ.get("OUT", os.path.join(ROOT, "out", "bench-build")))
SEEDS = int(os.environ.get("SEEDS", "12"))
REPS = int(os.environ.get("REPS", "3"))
BUILDS = int(os.environ.get("BUILDS", "15"))

# name -> (what it changes, make variables, Verilator flags added, flags replaced)
VARIANTS = {
    "base": ("verif/build.sh as it is", {}, [], {}),
    "cxx-O2": ("C++ -O2 for the per-cycle code and the runtime", {"OPT_FAST": "-O2", "OPT_GLOBAL": "-O2"}, [], {}),
    "cxx-O3": ("C++ -O3 for the per-cycle code and the runtime", {"OPT_FAST": "-O3", "OPT_GLOBAL": "-O3"}, [], {}),
    "cxx-O0": ("C++ -O0 for the per-cycle code and the runtime", {"OPT_FAST": "-O0", "OPT_GLOBAL": "-O0"}, [], {}),
    "vl-O3": ("Verilator -O3 (its slow optimisations)", {}, ["-O3"], {}),
    "xassign-fast": ("--x-assign fast (--x-initial unique kept)", {}, [], {"--x-assign": "fast"}),
    "x-fast": ("--x-assign fast --x-initial fast (no random X)", {}, [], {"--x-assign": "fast", "--x-initial": "fast"}),
    "split-4k": ("--output-split 4000 (smaller files for make -j 2)", {}, ["--output-split", "4000"], {}),
}

BUILD_SH = r'''set -euo pipefail
source verif/build.sh
for kv in $BENCH_MAKE; do
  vl_make_cc[1]=$(sed -E "s/(^| )${kv%%=*}=[^ ]*/\1$kv/" <<<"${vl_make_cc[1]}")
done
for kv in $BENCH_REPLACE; do
  for i in "${!vl_flags[@]}"; do [[ ${vl_flags[i]} != "${kv%%=*}" ]] || vl_flags[i+1]=${kv#*=}; done
done
vl_flags+=($BENCH_ADD)
wf_cc_harness "$BENCH_DIR" "$rtl_top"
wf_build "$BENCH_DIR" Vwf_core deps vcmd
printf '%s\n' "${vcmd[@]}" > "$BENCH_DIR/command.txt"
'''


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd, env=None, cwd=ROOT):
    """(returncode, stdout+stderr, wall s, CPU s of the command's processes)"""
    c0, t0 = children_cpu(), time.time()
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, p.stdout, time.time() - t0, children_cpu() - c0


def fail(msg):
    print("bench-build: " + msg, file=sys.stderr)
    sys.exit(2)


def build(name):
    what, make, add, replace = VARIANTS[name]
    d = os.path.join(OUT, name)
    shutil.rmtree(d, ignore_errors=True)
    shutil.rmtree(d + ".vlrt", ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("WF_")}
    env.update(BENCH_DIR=d, BENCH_MAKE=" ".join("%s=%s" % kv for kv in make.items()),
               BENCH_ADD=" ".join(add), BENCH_REPLACE=" ".join("%s=%s" % kv for kv in replace.items()),
               WF_VLRT_DIR=d + ".vlrt")
    got = []
    for _ in ("cold", "warm"):  # the runtime objects compiled, then from the cache
        shutil.rmtree(d, ignore_errors=True)
        rc, out, wall, cpu = timed(["bash", "-c", BUILD_SH, "bench-build"], env=env)
        if rc != 0:
            fail("%s: build failed (exit %d): %s" % (name, rc, out[-2000:]))
        got.append((cpu, wall))
    with open(os.path.join(d, "command.txt")) as f:
        cmd = f.read().split("\n")
    return {"what": what, "make": make, "add": add, "replace": replace, "build_cpu_s": got[1][0],
            "build_wall_s": got[1][1], "cold_build_cpu_s": got[0][0], "cold_build_wall_s": got[0][1],
            "command": " ".join(c for c in cmd if c).replace(ROOT + "/", "")}


def programs():
    d = os.path.join(OUT, "progs")
    os.makedirs(d, exist_ok=True)
    progs = []
    for s in range(1, SEEDS + 1):
        f = os.path.join(d, "gen%d.s" % s)
        p = subprocess.run([os.path.join(ROOT, "build", "wfgen"), "--seed", str(s), "--random-knobs", "-o", f],
                           cwd=ROOT, capture_output=True, text=True)
        if p.returncode != 0:
            fail("wfgen --seed %d: %s" % (s, p.stderr.strip()))
        progs.append((s, f))
    return progs


def run(name, seed, prog):
    """One regression-like run on a variant: (cpu s, record)"""
    rec = os.path.join(OUT, "result-%s-%d.json" % (name, seed))
    if os.path.exists(rec):
        os.unlink(rec)
    env = {k: v for k, v in os.environ.items() if not k.startswith("WF_")}
    rc, out, _wall, cpu = timed([os.path.join(OUT, name, "Vwf_core"), prog, "--seed", str(seed), "--result", rec],
                                env=env)
    try:
        with open(rec) as f:
            r = json.load(f)
    except (OSError, ValueError):
        fail("%s seed %d: no result record (exit %d): %s" % (name, seed, rc, out[-1000:]))
    return cpu, {"status": r["status"], "cycles": r["cycles"]}


def main():
    names = [n for n in os.environ.get("VARIANTS", ",".join(VARIANTS)).split(",") if n]
    bad = [n for n in names if n not in VARIANTS]
    if bad or "base" not in names:
        print("VARIANTS=%s: a comma list of %s, with base" % (",".join(names), ", ".join(VARIANTS)),
              file=sys.stderr)
        sys.exit(2)
    for t in ("wfgen", "libwarpfront.a", "libwfverif.a"):
        if not os.path.exists(os.path.join(ROOT, "build", t)):
            fail("build/%s missing (make bench-build makes it)" % t)
    os.makedirs(OUT, exist_ok=True)
    progs = programs()
    res = {}
    for n in names:
        print("bench-build: building %s (%s) ..." % (n, VARIANTS[n][0]), flush=True)
        res[n] = build(n)
        print("bench-build:   %.0f s CPU (%.0f s with the runtime objects compiled), %.0f s wall"
              % (res[n]["build_cpu_s"], res[n]["cold_build_cpu_s"], res[n]["build_wall_s"]), flush=True)
    best = {n: {} for n in names}
    want = {}
    for rep in range(REPS):
        for seed, prog in progs:
            for n in names:
                cpu, r = run(n, seed, prog)
                if n == "base":
                    want.setdefault(seed, r)
                if r != want.get(seed, r) or r["status"] != "pass":
                    fail("%s seed %d: %s, the base gives %s" % (n, seed, r, want.get(seed)))
                if seed not in best[n] or cpu < best[n][seed]:
                    best[n][seed] = cpu
        print("bench-build: round %d/%d done" % (rep + 1, REPS), flush=True)
    cycles = sum(want[s]["cycles"]["compared"] for s, _ in progs)
    per_seed = cycles / len(progs)
    for n in names:
        v = res[n]
        v["run_cpu_s"] = sum(best[n].values())
        v["cycles_per_s"] = cycles / v["run_cpu_s"]
        v["run_ratio"] = v["cycles_per_s"] / (cycles / sum(best["base"].values()))
        v["build_ratio"] = v["build_cpu_s"] / res["base"]["build_cpu_s"]
        for seeds in (1000, 100000):
            v["total_cpu_s_%d" % seeds] = BUILDS * v["build_cpu_s"] + seeds * per_seed / v["cycles_per_s"]
    for seeds in (1000, 100000):
        k = "total_cpu_s_%d" % seeds
        for n in names:
            res[n][k.replace("total", "ratio")] = res[n][k] / res["base"][k]
    out = {"schema": {"name": "warpfront.bench-build", "version": 1},
           "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
           "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                    text=True).stdout.strip(),
           "cpus": os.cpu_count(), "load_avg": os.getloadavg(),
           "programs": {"seeds": SEEDS, "cycles": cycles, "cycles_per_seed": per_seed,
                        "command": "build/wfgen --seed N --random-knobs (N = 1..%d), harness --seed N" % SEEDS},
           "reps": REPS, "builds": BUILDS, "variants": res,
           "command": "make bench-build" + ("" if "VARIANTS" not in os.environ else " VARIANTS=" + ",".join(names))}
    with open(os.path.join(OUT, "build.json"), "w") as f:
        json.dump(out, f, indent=2)
    print("%-13s %9s %6s %11s %6s %12s %6s %13s %6s" % ("variant", "build CPU", "ratio", "cycles/CPU s",
                                                        "ratio", "1,000 seeds", "ratio", "100,000 seeds", "ratio"))
    for n in names:
        v = res[n]
        print("%-13s %8.0fs %6.2f %11.0f %6.2f %11.0fs %6.2f %12.0fs %6.2f" % (
            n, v["build_cpu_s"], v["build_ratio"], v["cycles_per_s"], v["run_ratio"], v["total_cpu_s_1000"],
            v["ratio_cpu_s_1000"], v["total_cpu_s_100000"], v["ratio_cpu_s_100000"]))
    print("(%d programs, %.0f lockstep cycles each on average, best of %d rounds; totals: %d builds + N seeds "
          "in CPU seconds; %s)" % (len(progs), per_seed, REPS, BUILDS, os.path.join(OUT, "build.json")))


if __name__ == "__main__":
    main()
