#!/usr/bin/env python3
"""`make bench`: host speed of every warpfront engine, side by side in one run
(docs/performance.md). No pass/fail on speed: the targets are
reported as met / NOT met; the exit status is 0 unless the bench itself
cannot run (a missing build of the C tools).

Rows, all on fixed programs (sim/kernels at their default configuration plus
wfgen seeds GEN_SEEDS at the default configuration):
  C model        build/wfbench: in-process wf_model_run, CPU time; also the
                 64x32x128 configuration per warp-cycle, and the functional
                 interpreter in instructions/s
  bare RTL       verif/cosim/run.sh PROG --bare --runs N (Verilated wf_core,
                 no model, no compare)
  C++ lockstep   verif/cosim/run.sh PROG --runs N (RTL + C model + comparator)
  SystemC bare   verif/sc/run.sh PROG --bare --runs N
  SystemC        verif/sc/run.sh PROG --runs N (the SystemC lockstep harness)
Each harness row is the total simulated cycles over the programs divided by
the total seconds of the harness's own simulation loops (the cycles/s lines
the harnesses print: it excludes the Verilator build, process start and the
final-state oracle); every program runs REPS times per row, the rows
interleaved, and the fastest repetition counts (the machine is shared). The
ratios are lockstep / bare seconds for the same cycles (target <= 1.5).
Also: each row's child CPU seconds (the last repetition, whose calls do not
build) and peak memory (wait4 ru_maxrss: the largest of the child and its
waited-for descendants; for the harness rows that includes run.sh's own
`make -s` of the C libraries, ~12 MB, so small harnesses read as that), and the
regression throughput: scripts/regress.py with SEEDS=REGRESS_SEEDS CSEEDS=0
SIZES=REGRESS_SIZES JOBS=2, runs (seeds of those size sets) per minute of
wall time, with the batch workers (BATCH=1) and with one run.sh per seed
(BATCH=0) one after the other, and again over all size sets (REGRESS_ALL);
the builds the seeds draw (size sets x RTL forms) are made first, untimed.
For the batch run: the CPU per seed by part (generation, final-state oracles,
RTL, model, compare, the harness's rest, the runner) from the harness's cost
record (batch-*.json) and the callgrind counts below, and the share of the
CPU spent in simulation (oracles + lockstep loop).

Also the C model's profile (verif/bench/profile.py): host instructions per
simulated cycle by block under callgrind, repeatable on a loaded machine, and
from it and the C model's CPU seconds the host's nanoseconds per instruction
and the instructions per cycle the 10 M cycles/s target allows.

The C++ lockstep / bare ratio is also given in host instructions per simulated
cycle: both modes under callgrind (verif/cosim/run.sh with WF_COSIM_PREFIX; the
harness counts its cycle loop only), one run per program. That count is the
same on every run, so it shows a change in the harness's cost that the wall
clock ratio's +-20% would hide.

Environment: PROFILE (default 1; 0 skips the profile), COSIM_IR (default 1; 0
skips the instruction counts), REPS (default 3), RUNS (harness --runs, default 3), GEN_SEEDS
(default "1 2"), REGRESS_SEEDS (default 200; 0 skips), REGRESS_SIZES (default
"default": the regression's size sets, "" = all five builds), REGRESS_ALL
(default 1; 0: not again over all size sets), KERNELS (default
"saxpy matmul histogram pchase"), MIN_SECONDS (wfbench, default 0.3),
OUT (default out/bench).
Output: a table on stdout and OUT/bench.json (OUT/cmodel.json is wfbench's).
"""
import glob
import json
import os
import re
import select
import shutil
import signal
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from wf import forms  # noqa: E402
from wf.paths import BUILD, ROOT, kernel_options  # noqa: E402

OUT = os.path.abspath(os.environ.get("OUT", os.path.join(ROOT, "out", "bench")))
REPS = int(os.environ.get("REPS", "3"))
RUNS = int(os.environ.get("RUNS", "3"))
GEN_SEEDS = os.environ.get("GEN_SEEDS", "1 2").split()
REGRESS_SEEDS = int(os.environ.get("REGRESS_SEEDS", "200"))
REGRESS_SIZES = os.environ.get("REGRESS_SIZES", "default")
REGRESS_ALL = os.environ.get("REGRESS_ALL", "1") != "0"
KERNELS = os.environ.get("KERNELS", "saxpy matmul histogram pchase").split()
MIN_SECONDS = os.environ.get("MIN_SECONDS", "0.3")
PROFILE = os.environ.get("PROFILE", "1") != "0"
COSIM_IR = os.environ.get("COSIM_IR", "1") != "0"
TIMEOUT = 3600  # a harness's first call may build its Verilated model

TARGET_C_MCPS = 10.0
TARGET_BIG_RATIO = 4.0
TARGET_COSIM_RATIO = 1.5


def spawn(cmd, env=None, timeout=TIMEOUT):
    """Runs cmd (fork/exec, wait4): (exit status, output, wall s, CPU s, peak RSS KiB).
    CPU and peak RSS are the child's and those of every descendant it waited for."""
    t0 = time.monotonic()
    rfd, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.chdir(ROOT)
            os.dup2(wfd, 1)
            os.dup2(wfd, 2)
            os.close(rfd)
            os.execvpe(cmd[0], cmd, dict(os.environ, **(env or {})))
        finally:
            os._exit(127)
    os.close(wfd)
    chunks = []
    deadline = t0 + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            os.kill(pid, signal.SIGKILL)
            chunks.append("\n(bench: killed after %d s)" % timeout)
            break
        r, _, _ = select.select([rfd], [], [], left)
        if r:
            data = os.read(rfd, 65536)
            if not data:
                break
            chunks.append(data.decode(errors="replace"))
    os.close(rfd)
    _, st, ru = os.wait4(pid, 0)
    code = os.waitstatus_to_exitcode(st)
    return code, "".join(chunks), time.monotonic() - t0, ru.ru_utime + ru.ru_stime, ru.ru_maxrss


def note(msg):
    print("bench: " + msg, file=sys.stderr, flush=True)


# ---- the harnesses' speed records (--speed FILE, wf_ls_write_speed_file):
# (cycles, seconds) of the simulation loops of all --runs
SPEED_JSON = os.path.join(OUT, "speed.json")


def read_speed(path):
    try:
        with open(path) as f:
            rec = json.load(f)
    except (OSError, ValueError):
        return None
    if rec.get("schema", {}).get("name") != "warpfront.speed" or rec.get("status") != "pass":
        return None
    return (int(rec["cycles"]), float(rec["seconds"])) if rec["seconds"] > 0 else None


def last_lines(text, n=3):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return " | ".join(lines[-n:])[:400]


ROWS = [
    # name, command prefix (program and options appended), parser
    ("bare RTL", ["verif/cosim/run.sh"], ["--bare", "--runs", str(RUNS)]),
    ("C++ lockstep", ["verif/cosim/run.sh"], ["--runs", str(RUNS)]),
    ("SystemC bare", ["verif/sc/run.sh"], ["--bare", "--runs", str(RUNS)]),
    ("SystemC lockstep", ["verif/sc/run.sh"], ["--runs", str(RUNS)]),
]


def harness_rows(progs):
    rows = {}
    for name, prefix, extra in ROWS:
        rows[name] = {"available": True, "why": "", "programs": {}, "cpu_s": 0.0, "wall_s": 0.0,
                      "peak_rss_kb": 0, "command": " ".join(prefix + ["PROG", "[options]"] + extra)}
    for rep in range(REPS):
        for prog, opts in progs:
            for name, prefix, extra in ROWS:
                row = rows[name]
                if not row["available"]:
                    continue
                if not os.access(os.path.join(ROOT, prefix[0]), os.X_OK):
                    row["available"], row["why"] = False, "%s does not exist" % prefix[0]
                    continue
                cmd = ["bash"] + prefix + [prog] + opts + extra + ["--speed", SPEED_JSON]
                if os.path.exists(SPEED_JSON):
                    os.remove(SPEED_JSON)
                code, out, wall, cpu, rss = spawn(cmd)
                got = read_speed(SPEED_JSON) if code == 0 else None
                if got is None or got[1] <= 0:
                    row["available"] = False
                    row["why"] = "%s: exit %d: %s" % (" ".join(cmd[1:]), code, last_lines(out))
                    note("%s: %s: not available (exit %d)" % (name, prog, code))
                    continue
                note("rep %d/%d %s %s: %.0f cycles/s (%.1f s wall)" % (rep + 1, REPS, name, prog,
                                                                     got[0] / got[1], wall))
                best = row["programs"].get(prog)
                if best is None or got[1] < best["seconds"]:
                    row["programs"][prog] = {"cycles": got[0], "seconds": got[1]}
                if rep == REPS - 1:  # the first call may include a build: the last repetition's
                    row["cpu_s"] += cpu
                    row["wall_s"] += wall
                    row["peak_rss_kb"] = max(row["peak_rss_kb"], rss)
    for name in rows:
        row = rows[name]
        if row["available"] and len(row["programs"]) == len(progs):
            c = sum(p["cycles"] for p in row["programs"].values())
            s = sum(p["seconds"] for p in row["programs"].values())
            row["cycles"], row["seconds"], row["cycles_per_s"] = c, s, c / s
        else:
            row["available"] = False
            row["why"] = row["why"] or "not every program ran"
    return rows


RE_COLLECTED = re.compile(r"^==\d+== Collected : (\d+)", re.M)


def lockstep_instructions(progs):
    """Host instructions of the C++ harness's cycle loop under callgrind
    (WF_COSIM_PREFIX; the harness collects only that loop), bare and lockstep,
    one run per program: the same count on every run, loaded machine or not.
    The ratio is lockstep / bare instructions per simulated cycle."""
    if not COSIM_IR:
        return {"available": False, "why": "COSIM_IR=0"}
    if not shutil.which("valgrind"):
        return {"available": False, "why": "valgrind is not installed (make deps-regress)"}
    prefix = "valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=/dev/null"
    res = {"available": True, "programs": {},
           "command": "WF_COSIM_PREFIX='%s' verif/cosim/run.sh PROG [options] --runs 1 [--bare]" % prefix}
    for prog, opts in progs:
        got = {}
        for mode, extra in (("bare", ["--bare"]), ("lockstep", [])):
            cmd = ["bash", "verif/cosim/run.sh", prog] + opts + ["--runs", "1"] + extra
            code, out, _, _, _ = spawn(cmd, env={"WF_COSIM_PREFIX": prefix, "WF_AUTO_WAVES": "0"})
            ir = RE_COLLECTED.search(out)
            cyc = RE_COSIM_HOST.search(out)
            if code or not ir or not cyc or int(cyc.group(1)) <= 0:
                return {"available": False,
                        "why": "%s under callgrind: exit %d: %s" % (" ".join(cmd[1:]), code, last_lines(out))}
            got[mode] = {"instructions": int(ir.group(1)), "cycles": int(cyc.group(1))}
        if got["bare"]["cycles"] != got["lockstep"]["cycles"]:
            return {"available": False, "why": "%s: bare and lockstep ran %d and %d cycles" % (
                prog, got["bare"]["cycles"], got["lockstep"]["cycles"])}
        res["programs"][prog] = got
        note("callgrind %s: bare %.0f, lockstep %.0f instructions per cycle" % (
            prog, got["bare"]["instructions"] / got["bare"]["cycles"],
            got["lockstep"]["instructions"] / got["lockstep"]["cycles"]))
    cyc = sum(g["bare"]["cycles"] for g in res["programs"].values())
    for mode in ("bare", "lockstep"):
        res[mode + "_instructions_per_cycle"] = sum(
            g[mode]["instructions"] for g in res["programs"].values()) / cyc
    res["cycles"] = cyc
    res["ratio"] = res["lockstep_instructions_per_cycle"] / res["bare_instructions_per_cycle"]
    return res


def regression_run(sizes, mode, env, seeds=None):
    """One timed regression: BATCH=mode (1 batch workers, 0 one run.sh per seed) of
    REGRESS_SEEDS seeds (or `seeds`: 1 is the first-seed latency, the wall time of
    `make regress SEEDS=1` with every build cached)."""
    seeds = seeds or REGRESS_SEEDS
    env = dict(env, SEEDS=str(seeds))
    run_id = "bench-%s-batch%s-%d" % (sizes or "all", mode, seeds)
    # the runner refuses an existing RUN_ID: the previous bench's run goes first
    shutil.rmtree(os.path.join(OUT, "regress", run_id), ignore_errors=True)
    code, out, wall, cpu, rss = spawn([sys.executable, "scripts/regress.py"],
                                      env=dict(env, SIZES=sizes, BATCH=mode, RUN_ID=run_id))
    try:   # the run's report record (scripts/wf/regress/report.py)
        with open(os.path.join(OUT, "regress", run_id, "summary.json")) as f:
            summary = json.load(f)
        passed, failed = int(summary["passed"]), int(summary["failed"])
    except (OSError, ValueError, KeyError, TypeError):
        return {"available": False, "why": "scripts/regress.py: exit %d, no summary.json: %s" % (code, last_lines(out))}
    runs = passed + failed
    r = {"available": runs > 0, "why": "no seed ran", "runs": runs, "passed": passed, "failed": failed,
         "wall_s": wall, "cpu_s": cpu, "seeds_per_minute": 60.0 * runs / wall, "cpu_ms_per_seed": 1e3 * cpu / max(runs, 1),
         "peak_rss_kb": rss,
         "command": "SEED=1 SEEDS=%d CSEEDS=0 SIZES=%s JOBS=2 IMEM_JITTER=0 BATCH=%s python3 scripts/regress.py"
                    % (seeds, sizes, mode)}
    costs = [json.load(open(f)) for f in glob.glob(os.path.join(OUT, "regress", run_id, "batch-*.json"))]
    if costs:
        r["harness"] = {k: sum(c[k] for c in costs) for k in costs[0]}
    return r


def cost_split(run, cosim_ir, prof):
    """The batch run's CPU per seed by part: generation (in the harness), the
    final-state oracles (model and interpreter alone), the lockstep loop split
    into RTL, model and compare by host instructions per cycle (callgrind: bare
    RTL, lockstep, the C model's profile), the harness's rest (set-up, files),
    and the runner (the rest of the regression's CPU: Python, the draws, the
    build check). simulation_share: oracles + lockstep over all CPU."""
    h = run.get("harness")
    if not h or not h["seeds"]:
        return {"available": False, "why": "no batch cost record (BATCH=1 run)"}
    n = run["runs"]
    ms = lambda sec: 1e3 * sec / n  # noqa: E731
    lock = h["lockstep_cpu_s"]
    split = {"generation_ms": ms(h["gen_cpu_s"]), "oracle_ms": ms(h["oracle_cpu_s"]),
             "lockstep_ms": ms(lock), "harness_other_ms": ms(h["other_cpu_s"])}
    harness = h["gen_cpu_s"] + h["oracle_cpu_s"] + lock + h["other_cpu_s"]
    split["runner_ms"] = ms(max(run["cpu_s"] - harness, 0.0))
    split["total_ms"] = ms(run["cpu_s"])
    split["simulation_share"] = (h["oracle_cpu_s"] + lock) / run["cpu_s"] if run["cpu_s"] else None
    if cosim_ir.get("available") and prof.get("available"):
        lk = cosim_ir["lockstep_instructions_per_cycle"]
        rtl = cosim_ir["bare_instructions_per_cycle"] / lk
        model = min(prof["instructions_per_cycle"] / lk, 1.0 - rtl)
        split.update(rtl_ms=ms(lock * rtl), model_ms=ms(lock * model), compare_ms=ms(lock * (1.0 - rtl - model)),
                     lockstep_split="by host instructions per cycle: bare RTL %.0f, C model %.0f (kernels' "
                                    "profile), lockstep %.0f" % (cosim_ir["bare_instructions_per_cycle"],
                                                                  prof["instructions_per_cycle"], lk))
    split["available"] = True
    return split


def regression(cosim_ir, prof):
    if REGRESS_SEEDS <= 0:
        return {"available": False, "why": "REGRESS_SEEDS=0"}
    env = {"SEED": "1", "SEEDS": str(REGRESS_SEEDS), "CSEEDS": "0", "JOBS": "2",
           "OUT": os.path.join(OUT, "regress"), "IMEM_JITTER": "0", "WFSIM": os.path.join(BUILD, "wfsim")}
    # every build the seeds may draw (size sets x RTL forms) is made first, untimed,
    # so that the figures count runs, not builds
    sets = [REGRESS_SIZES] + ([""] if REGRESS_ALL and REGRESS_SIZES else [])
    code, out, _w, _c, _r = spawn(["build/wfgen", "--list-sizes"])
    table = {line.split()[0]: line.split("#")[0].split()[1:] for line in out.splitlines() if line.strip()}
    for sizes in sorted({s for x in sets for s in (x.split(",") if x else table)}):
        opts = table.get(sizes)
        if opts is None:
            return {"available": False, "why": "no size set %s (wfgen --list-sizes)" % sizes}
        for name in forms.NAMES:
            params = forms.rtl_params(forms.form(name)[0])
            code, out, _w, _c, _r = spawn([os.path.join(ROOT, "verif", "cosim", "run.sh"), "--build-only"] + opts,
                                          env={"WF_RTL_PARAMS": params})
            if code != 0:
                return {"available": False, "why": "the %s %s build: %s" % (sizes, name, last_lines(out))}
    res = {"available": True, "seeds": REGRESS_SEEDS, "jobs": 2, "cpus": os.cpu_count(), "sets": {}}
    for sizes in sets:
        row = {}
        for mode in ("1", "0"):  # side by side: batch workers, then the per-seed path
            note("regression SIZES=%s BATCH=%s ..." % (sizes or "(all)", mode))
            row["batch" if mode == "1" else "per_seed"] = regression_run(sizes, mode, env)
        for mode in ("1", "0"):  # the first-seed latency, side by side
            row["first_seed_batch" if mode == "1" else "first_seed_per_seed"] = regression_run(sizes, mode, env, 1)
        b, p = row["batch"], row["per_seed"]
        if b["available"] and p["available"]:
            row["speedup"] = b["seeds_per_minute"] / p["seeds_per_minute"]
            row["cpu_ratio"] = p["cpu_ms_per_seed"] / b["cpu_ms_per_seed"]
            row["cost"] = cost_split(b, cosim_ir, prof)
        res["sets"][sizes or "all"] = row
    return res


def profile(kernels, cm):
    """verif/bench/profile.py on the kernels, plus the host's ns per instruction:
    wfbench's CPU seconds per run over callgrind's instructions per run."""
    if not PROFILE:
        return {"available": False, "why": "PROFILE=0"}
    pj = os.path.join(OUT, "profile.json")
    code, out, _, _, _ = spawn([sys.executable, "verif/bench/profile.py", "--json", pj] + kernels)
    if code:
        return {"available": False, "why": last_lines(out)}
    with open(pj) as f:
        prof = json.load(f)
    timing = {k["name"]: k for k in cm["kernels"]}
    secs = sum(timing[k["kernel"]]["run_seconds"] / timing[k["kernel"]]["reps"] for k in prof["kernels"])
    insns = sum(k["instructions"] for k in prof["kernels"])
    prof["ns_per_instruction"] = 1e9 * secs / insns
    prof["instructions_per_cycle_for_10M"] = 1e9 / (TARGET_C_MCPS * 1e6) / prof["ns_per_instruction"]
    prof["available"], prof["table"] = True, out
    return prof


def main():
    os.makedirs(OUT, exist_ok=True)
    for tool in ("build/wfbench", "build/wfgen"):
        if not os.access(os.path.join(ROOT, tool), os.X_OK):
            print("bench: %s is not built (make %s)" % (tool, tool), file=sys.stderr)
            return 2
    # the fixed programs: kernels, then wfgen seeds at the default configuration
    gdir = os.path.join(OUT, "programs")
    os.makedirs(gdir, exist_ok=True)
    progs = []
    for k in KERNELS:
        path = os.path.join("sim", "kernels", k + ".s")
        progs.append((path, kernel_options(os.path.join(ROOT, path))))
    for s in GEN_SEEDS:
        path = os.path.join(gdir, "gen%s.s" % s)
        code, out, _, _, _ = spawn(["build/wfgen", "--seed", s, "--knob", "length=200", "-o", path])
        if code:
            print("bench: wfgen --seed %s: %s" % (s, last_lines(out)), file=sys.stderr)
            return 2
        progs.append((os.path.relpath(path, ROOT) if path.startswith(ROOT) else path, []))

    # C model and functional interpreter: every kernel, and the fixed programs
    kern = sorted(os.path.join("sim", "kernels", f) for f in os.listdir(os.path.join(ROOT, "sim", "kernels"))
                  if f.endswith(".s"))
    cjson = os.path.join(OUT, "cmodel.json")
    code, cout, _, ccpu, crss = spawn(["build/wfbench", "--min-seconds", MIN_SECONDS, "--json", cjson] +
                                      kern + [p for p, _ in progs if not p.startswith("sim/kernels")])
    if code:
        print(cout, file=sys.stderr)
        print("bench: build/wfbench failed (exit %d)" % code, file=sys.stderr)
        return 2
    with open(cjson) as f:
        cm = json.load(f)
    by_name = {k["name"]: k for k in cm["kernels"]}
    # the C model on exactly the harness programs (per program: cycles / CPU s)
    names = [os.path.splitext(os.path.basename(p))[0] for p, _ in progs]
    c_cyc = sum(by_name[n]["cycles"] * by_name[n]["reps"] for n in names)
    c_sec = sum(by_name[n]["run_seconds"] for n in names)
    c_same = c_cyc / c_sec

    prof = profile(kern, cm)
    rows = harness_rows(progs)
    cosim_ir = lockstep_instructions(progs)
    reg = regression(cosim_ir, prof)

    def ratio(a, b):
        ra, rb = rows[a], rows[b]
        if not (ra["available"] and rb["available"]):
            return None
        # seconds per simulated cycle, lockstep over bare
        return (ra["seconds"] / ra["cycles"]) / (rb["seconds"] / rb["cycles"])

    r_cpp = ratio("C++ lockstep", "bare RTL")
    r_sc = ratio("SystemC lockstep", "SystemC bare")
    result = {
        "programs": [{"path": p, "options": o} for p, o in progs],
        "reps": REPS, "runs_per_call": RUNS,
        "c_model": cm,
        "c_model_same_programs_cycles_per_s": c_same,
        "c_model_cpu_s": ccpu, "c_model_peak_rss_kb": crss,
        "c_model_profile": prof,
        "harness": rows,
        "ratios": {"cpp_lockstep_over_bare": r_cpp, "systemc_lockstep_over_bare": r_sc,
                   "cpp_lockstep_over_bare_instructions": cosim_ir.get("ratio")},
        "cpp_lockstep_instructions": cosim_ir,
        "regression": reg,
        "targets": {
            "c_model_mcycles_per_s": {"target": ">= %g" % TARGET_C_MCPS,
                                      "value": cm["c_model_mcycles_per_s"],
                                      "met": cm["c_model_mcycles_per_s"] >= TARGET_C_MCPS},
            "big_config_warp_cycle_ratio": {"target": "<= %g" % TARGET_BIG_RATIO,
                                            "value": cm["big_config_warp_cycle_ratio"],
                                            "met": cm["big_config_warp_cycle_ratio"] <= TARGET_BIG_RATIO},
            "cpp_lockstep_over_bare": {"target": "<= %g" % TARGET_COSIM_RATIO, "value": r_cpp,
                                       "met": r_cpp is not None and r_cpp <= TARGET_COSIM_RATIO},
            "systemc_lockstep_over_bare": {"target": "<= %g" % TARGET_COSIM_RATIO, "value": r_sc,
                                           "met": r_sc is not None and r_sc <= TARGET_COSIM_RATIO},
        },
        "machine": {"cpus": os.cpu_count(), "loadavg": os.getloadavg()},
        "notes": ["seconds: the harnesses' own simulation-loop times (best of REPS), the C model's CPU time",
                  "peak_rss_kb: the largest process of a call, run.sh's make -s of the C libraries included"],
    }
    with open(os.path.join(OUT, "bench.json"), "w") as f:
        json.dump(result, f, indent=2)

    # ---- the table ----
    print(cout.rstrip())
    print()
    if prof["available"]:
        print(prof["table"].rstrip())
        print("host: %.3f ns per instruction of the C model (its CPU seconds / callgrind instructions); "
              "10 M cycles/s allows %.0f instructions per cycle, the model executes %.0f (%.1fx)" % (
                  prof["ns_per_instruction"], prof["instructions_per_cycle_for_10M"],
                  prof["instructions_per_cycle"], prof["instructions_per_cycle"] /
                  prof["instructions_per_cycle_for_10M"]))
    else:
        print("C model profile: not available: %s" % prof["why"])
    print()
    print("side by side on %d programs (%s), best of %d, %d runs per harness call:" %
          (len(progs), " ".join(os.path.basename(p) for p, _ in progs), REPS, RUNS))
    print("%-18s %12s %10s %14s %10s %9s %10s" % ("engine", "cycles", "seconds", "cycles/s", "vs C model",
                                                "child CPU", "peak RSS"))
    print("%-18s %12d %10.4f %14.0f %10s %9.2f %8d K" % ("C model", c_cyc, c_sec, c_same, "1.00", ccpu, crss))
    for name, _, _, _ in ROWS:
        r = rows[name]
        if r["available"]:
            print("%-18s %12d %10.4f %14.0f %10.1f %9.2f %8d K" % (
                name, r["cycles"], r["seconds"], r["cycles_per_s"], c_same / r["cycles_per_s"], r["cpu_s"],
                r["peak_rss_kb"]))
        else:
            print("%-18s not available: %s" % (name, r["why"]))
    print("functional interpreter: %.2f M instructions/s (all kernels)" % cm["functional_minstr_per_s"])

    def fmt(x):
        return "n/a" if x is None else "%.2f" % x
    print("ratio C++ lockstep / bare RTL: %s (target <= %g) -> %s" % (
        fmt(r_cpp), TARGET_COSIM_RATIO, "met" if result["targets"]["cpp_lockstep_over_bare"]["met"] else "NOT met"))
    if cosim_ir["available"]:
        print("ratio C++ lockstep / bare RTL in host instructions per cycle (callgrind, the cycle loop, "
              "%d cycles): %.0f / %.0f = %.2f (repeatable; the target is on seconds)" % (
                  cosim_ir["cycles"], cosim_ir["lockstep_instructions_per_cycle"],
                  cosim_ir["bare_instructions_per_cycle"], cosim_ir["ratio"]))
    else:
        print("ratio C++ lockstep / bare RTL in instructions: not available: %s" % cosim_ir["why"])
    print("ratio SystemC lockstep / SystemC bare: %s (target <= %g) -> %s" % (
        fmt(r_sc), TARGET_COSIM_RATIO, "met" if result["targets"]["systemc_lockstep_over_bare"]["met"] else "NOT met"))
    if reg["available"]:
        print("regression, seeds 1..%d, JOBS=2, side by side (batch workers BATCH=1 | one run.sh per seed BATCH=0):"
              % reg["seeds"])
        for sizes, row in reg["sets"].items():
            for mode, r in (("BATCH=1", row["batch"]), ("BATCH=0", row["per_seed"])):
                if r["available"]:
                    print("  SIZES=%-8s %s: %4d runs (%d failed) in %6.1f s wall, %6.1f s CPU -> %7.1f seeds/minute, "
                          "%5.1f ms CPU per seed" % (sizes, mode, r["runs"], r["failed"], r["wall_s"], r["cpu_s"],
                                                     r["seeds_per_minute"], r["cpu_ms_per_seed"]))
                else:
                    print("  SIZES=%-8s %s: not available: %s" % (sizes, mode, r["why"]))
            f1, f0 = row["first_seed_batch"], row["first_seed_per_seed"]
            if f1["available"] and f0["available"]:
                print("  SIZES=%-8s first-seed latency (SEEDS=1, builds cached): BATCH=1 %.2f s, BATCH=0 %.2f s "
                      "wall (%.2fx)" % (sizes, f1["wall_s"], f0["wall_s"], f1["wall_s"] / f0["wall_s"]))
            if "speedup" in row:
                c = row["cost"]
                print("  SIZES=%-8s batch / per-seed: %.2fx seeds per minute, %.2fx less CPU per seed; simulation "
                      "%.0f %% of the CPU" % (sizes, row["speedup"], row["cpu_ratio"], 100 * c["simulation_share"]))
                parts = [("generation", "generation_ms"), ("oracles", "oracle_ms"), ("RTL", "rtl_ms"),
                         ("model", "model_ms"), ("compare", "compare_ms"), ("lockstep", "lockstep_ms"),
                         ("harness rest", "harness_other_ms"), ("runner", "runner_ms")]
                print("  SIZES=%-8s CPU per seed (batch): %s; total %.1f ms" % (sizes, ", ".join(
                    "%s %.1f ms" % (name, c[key]) for name, key in parts
                    if key in c and not (key == "lockstep_ms" and "rtl_ms" in c)), c["total_ms"]))
    else:
        print("regression: not available: %s" % reg["why"])
    print("load average during the run: %.1f %.1f %.1f on %d CPUs" % (os.getloadavg() + (os.cpu_count(),)))
    print("wrote %s" % os.path.join(OUT, "bench.json"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
