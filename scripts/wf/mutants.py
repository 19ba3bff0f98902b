"""Mutation self-check (`make mutants`, docs/verification.md "Mutants").

Each mutant is a realistic bug in one RTL block (`WF_MUT_<NAME> in that block,
rtl/wf_mutant.vh), selected by the Verilog define WF_MUTANT_<NAME>, or at run
time by the plusarg +WF_MUTANT_<NAME> in a build with WF_MUTANTS (all mutants
compiled in, each off unless its plusarg is given). By default one such build
serves the control and every mutant; --separate-builds builds one per define
(slower, the same bugs). For each mutant the co-simulation
harness (verif/cosim/run.sh: the Verilated RTL in lockstep with the C model,
plus the final state against the interpreter and the C model) is built with
WF_DEFINES="WF_ASSERT WF_MUTANTS" (+WF_MUTANT_<NAME>) or
WF_DEFINES="WF_ASSERT WF_MUTANT_<NAME>" at the default size parameters and run
over a bounded list of stimuli (example programs, build/wfgen seeds, random
run-time knobs), stopping at the first one that catches it: exit status 1 with
a mismatch report, or a WF_ASSERT assertion firing. The unmutated control (the
same build, no plusarg; WF_DEFINES="WF_ASSERT" with --separate-builds) must
pass every stimulus first.

Prints a table  mutant | block | caught by | cycle | field  and exits 1 when a
mutant survives, the control fails, or a build fails.

--cmp LEVEL (make mutants CMP=...): every run at that compare level (the
harness's --cmp, docs/verification.md "Compare levels"). A mutant the level
misses on every stimulus is run again at the stronger levels (nearest first:
arch -> events -> full); one caught there is reported "caught only at LEVEL"
(the weaker level's measured blind spot, not a failure of the self-check);
one no level catches is SURVIVED. The default, full, runs as before.

  scripts/mutants.py [--only NAME[,NAME...]] [--list] [--timeout S] [--extra NAME]
                     [--separate-builds] [--cmp full|events|window|arch]
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from wf.regress import seed as regseed  # the regression's own seed -> configuration and program mapping
from wf import layout  # the field table: the compare levels, strongest first
from wf import result  # the harness's result record
from wf.paths import ROOT

RUN = os.path.join(ROOT, "verif", "cosim", "run.sh")
OUT = os.path.join(ROOT, "build", "mutants")
CMP_LEVELS = [lv for lv, _groups, _meaning in layout.LEVELS]  # full, events, window, arch

from wf.mutant_table import MUTANTS  # noqa: E402,F401  name, block (file), what the bug is

# The bounded stimuli, cheapest and most telling first: (label, program, options).
# Programs named gen:N[:knob=v,...] are `build/wfgen --seed N [--knob knob=v ...]` and rgen:N
# `build/wfgen --seed N --random-knobs` with the seed's run-time knobs drawn by
# `wfgen --config-only --seed N --sizes default`.
STIMULI = [
    ("saxpy", "sim/examples/saxpy.s", []),
    # the allocation record (§4.4): saxpy's dependent pairs wait on AR
    ("saxpy/alloc_stage", "sim/examples/saxpy.s", ["--alloc-stage", "1"]),
    # the issue handoff register (§5.6): one warp's next writer while IH holds its reader
    ("ih_war/1 warp,handoff", "verif/mutants/ih_war.s", ["--handoff-stage", "1", "--active-warps", "1"]),
    ("ih_war/1 warp,handoff,warpboard-read", "verif/mutants/ih_war.s",
     ["--handoff-stage", "1", "--active-warps", "1", "--war", "warpboard-read"]),
    # the registered bank grant (§6.5): every CU read fills a cycle later
    ("saxpy/fill_stage", "sim/examples/saxpy.s", ["--fill-stage", "1"]),
    # the registered readiness (§5.7): last cycle's issuer, and the warp in IH under bloom
    ("saxpy/ready_stage", "sim/examples/saxpy.s", ["--ready-stage", "1"]),
    ("rs_ih/1 warp,handoff,ready_stage", "verif/mutants/rs_ih.s",
     ["--handoff-stage", "1", "--ready-stage", "1", "--active-warps", "1"]),
    ("seed_naive/naive,loops2", "sim/examples/seed_naive.s", ["--layout", "naive", "--loops", "2"]),
    ("vecadd/stall,gto,inorder", "sim/examples/vecadd.s",
     ["--hazard", "stall", "--sched", "gto", "--war", "inorder", "--alu-lat", "3", "--mul-lat", "7"]),
    # rare combinations the random seeds reach in a few percent of the seeds:
    # a split ld replaying with the scoreboard full (one warp, so its MULs are
    # still in flight); back-to-back ld/st under stall + warpboard-commit; one
    # warp's CUs under inorder; equal sources in the staging register
    ("sb_held/1 warp", "verif/mutants/sb_held.s", ["--mul-lat", "16", "--active-warps", "1"]),
    ("gen:21 mem_run/stall,warpboard-commit", "gen:21:mem_run=300,split=2",
     ["--hazard", "stall", "--war", "warpboard-commit"]),
    ("gen:22 war/inorder,1 warp", "gen:22:war_bias=30", ["--war", "inorder", "--active-warps", "1"]),
    ("rseed:1", "rseed:1", None),
    ("gen:1", "gen:1", []),
    ("gen:2/gto,warpboard-read", "gen:2", ["--sched", "gto", "--war", "warpboard-read", "--lsu-lat", "4"]),
    # one or two warps: a warp's next writer meets its own CUs still collecting
    # (the WAR policies' territory, e.g. a partial Bloom-filter overlap)
    ("gen:11/1 warp,bank-biased", "gen:11:bank_bias=60,reuse=3,length=200", ["--active-warps", "1"]),
    ("gen:23 reuse 1/loops 2", "gen:23:reuse=1,bank_bias=0", ["--loops", "2"]),
    ("rgen:3", "rgen:3", None),
    ("rgen:4", "rgen:4", None),
    ("rgen:5", "rgen:5", None),
    ("rgen:6", "rgen:6", None),
    ("sum_loop/loops1", "sim/examples/sum_loop.s", ["--loops", "1", "--sched", "gto"]),
    ("saxpy/decode-stage", "sim/examples/saxpy.s", ["--decode-stage", "1"]),
] + [(f"rseed:{n}", f"rseed:{n}", None) for n in range(2, 5)]
# rseed:N is default-regression seed N as `make regress SIZES=default` draws it
# (regress.draw + the same wfgen command), so the fast form needs one build only.
# Mutants the fast form cannot reach on its one default-size build (the kill rate
# measures them over every size set): name -> why
FAST_SKIP = {
    "ROWS_FLOOR": "needs REGS mod BANKS != 0 (size sets odd1, odd2); the default build has 32 registers in 4 banks",
}

SIZE_OPTS = {"--warps", "--lanes", "--regs", "--banks", "--collectors", "--sb-entries", "--ibuf",
             "--icache-lines", "--icache-line", "--imshrs", "--imem-words", "--mem-words",
             "--mem-line", "--bloom-bits"}


def sh(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, **kw)


def prepare_stimuli():
    """Resolve gen:/rgen: programs and knob draws into (label, path, options)."""
    os.makedirs(OUT, exist_ok=True)
    res = []
    for label, prog, opts in STIMULI:
        if prog.startswith("rseed:"):
            seed = int(prog.split(":")[1])
            _sset, path, opts = regression_seed(seed, {"default"})
            res.append((label, path, [o for i, o in enumerate(opts) if not size_opt(opts, i)]))
            continue
        if prog.startswith(("gen:", "rgen:")):
            kind, seed, *knobs = prog.split(":")
            path = os.path.join(OUT, f"{kind}{seed}.s")
            cmd = ["build/wfgen", "--seed", seed, "-o", path]
            for k in (knobs[0].split(",") if knobs else []):
                cmd += ["--knob", k]
            if kind == "rgen":
                cmd.append("--random-knobs")
            r = sh(cmd)
            if r.returncode != 0:
                sys.exit(f"mutants: {' '.join(cmd)} failed: {r.stderr.strip()}")
            prog = path
        if opts is None:
            seed = label.split(":")[1].split("/")[0]
            r = sh(["build/wfgen", "--config-only", "--seed", seed, "--sizes", "default"])
            if r.returncode != 0:
                sys.exit(f"mutants: wfgen --config-only --seed {seed} failed: {r.stderr.strip()}")
            words = r.stdout.split("\n")[0].split()
            opts = []
            for i in range(0, len(words) - 1, 2):
                if words[i] not in SIZE_OPTS:   # the default build's sizes stay
                    opts += [words[i], words[i + 1]]
        res.append((label, prog, opts))
    return res


def size_opt(opts, i):
    """Whether opts[i] is a size option or its value (the build's own sizes stay)."""
    return opts[i] in SIZE_OPTS or (i > 0 and opts[i - 1] in SIZE_OPTS)


def regression_seed(seed, sizes):
    return regseed.regression_seed(seed, sizes, os.path.join(OUT, "seeds"))


def classify(rec):
    """(cycle, field) of the first divergence: the harness's result record's data."""
    return result.where(rec) if rec is not None else ("-", "no result record")


def run(defines, prog, opts, timeout, level="full"):
    """(exit status or "timeout", output, result record or None) of one harness run."""
    env = dict(os.environ, WF_DEFINES=defines, WF_AUTO_WAVES="0")
    env.pop("WF_CMP", None)  # the level is the --cmp given here
    if level != "full":
        opts = opts + ["--cmp", level]
    os.makedirs(OUT, exist_ok=True)
    fd, verdict = tempfile.mkstemp(prefix="verdict-", suffix=".json", dir=OUT)
    os.close(fd)
    for attempt in range(3):
        try:
            r = subprocess.run([RUN, prog] + opts + ["--result", verdict], cwd=ROOT, env=env, capture_output=True,
                               text=True, timeout=timeout)
        except subprocess.TimeoutExpired as e:
            result.take(verdict)
            return "timeout", (e.stdout or "") if isinstance(e.stdout, str) else "", None
        out = r.stdout + r.stderr
        rec = result.read(verdict)
        # a usage/build error while the shared scripts are being edited: try again
        if r.returncode == 2 and rec is None and attempt < 2:
            time.sleep(10)
            continue
        break
    return r.returncode, out, result.take(verdict)


def print_table(hdr, rows):
    w = [max(len(str(r[i])) for r in rows + [hdr]) for i in range(len(hdr))]
    print(" | ".join(str(h).ljust(w[i]) for i, h in enumerate(hdr)))
    print("-+-".join("-" * x for x in w))
    for r in rows:
        print(" | ".join(str(c).ljust(w[i]) for i, c in enumerate(r)))


def kill_rate(muts, control, mutant, a):
    """Every mutant against the first N default-regression seeds: how many catch it (the
    kill rate) and the first that does. Exit 1 when the control fails a seed or a mutant
    survives every seed; the targets (>= 20 %, caught within the first 10 seeds) are
    reported, and enforced with --strict."""
    sizes = set(x for x in a.sizes.split(",") if x)
    seeds = list(range(a.seed, a.seed + a.rate))
    t0 = time.time()
    items = [(n,) + regression_seed(n, sizes) for n in seeds]
    bysets = {}
    for n, sset, _p, _o in items:
        bysets.setdefault(sset, []).append(n)
    print(f"mutants: kill rate over regression seeds {seeds[0]}..{seeds[-1]} "
          f"(SIZES={a.sizes or 'all'}; " + ", ".join(f"{k} {len(v)}" for k, v in sorted(bysets.items()))
          + f"), {len(muts)} mutants, {a.jobs} jobs", flush=True)
    # one build per size set first (the first seed of each set, serially): the control
    first = {v[0] for v in bysets.values()}
    ordered = [i for i in items if i[0] in first] + [i for i in items if i[0] not in first]

    def one(item, defines, plus):
        n, _sset, prog, opts = item
        rc, _out, rec = run(defines, prog, opts + plus, a.timeout if n not in first else max(a.timeout, 1800), a.cmp)
        return n, rc, rec

    bad = []
    for item in ordered[:len(first)]:
        n, rc, rec = one(item, control[0], control[1])
        if rc != 0:
            bad.append((n, rc, rec))
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for n, rc, rec in ex.map(lambda i: one(i, control[0], control[1]), ordered[len(first):]):
            if rc != 0:
                bad.append((n, rc, rec))
    if bad:
        for n, rc, rec in bad:
            print(f"mutants: CONTROL FAILS on regression seed {n}: exit {rc} {' '.join(classify(rec))}")
        return 1
    print(f"mutants: control ({control[0]}, no mutant) passes all {len(items)} seeds "
          f"({time.time() - t0:.0f} s)", flush=True)
    rows, res = [], {}
    for name, block, _desc in muts:
        t1 = time.time()
        defines, plus = mutant(name)
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            outs = list(ex.map(lambda i: one(i, defines, plus), items))
        caught = [(n, classify(rec)) for n, rc, rec in outs if rc != 0]
        kills = [n for n, _ in caught]
        firstc = kills[0] if kills else None
        how = caught[0][1][1] if caught else "-"
        meets = bool(kills) and len(kills) * 5 >= len(items) and seeds.index(firstc) < 10
        res[name] = {"block": block, "kills": kills, "seeds": len(items),
                     "first": firstc, "first_field": how,
                     "by_sizes": {k: sum(1 for n in kills if n in v) for k, v in bysets.items()}}
        rows.append((name, block, f"{len(kills)}/{len(items)}", f"{100 * len(kills) / len(items):.0f}%",
                     firstc if firstc is not None else "SURVIVED",
                     " ".join(f"{k}:{res[name]['by_sizes'][k]}/{len(v)}" for k, v in sorted(bysets.items())),
                     "ok" if meets else "BELOW", how[:40], f"{time.time() - t1:.0f}s"))
        print(f"  {name}: {len(kills)}/{len(items)} first {firstc} ({how})", flush=True)
        with open(os.path.join(OUT, "rate.json"), "w") as f:   # so far (a long run can be read)
            json.dump({"seed0": a.seed, "n": a.rate, "sizes": a.sizes, "mutants": res}, f, indent=1)
    print()
    print_table(("mutant", "block", "killed", "rate", "first seed", "per size set", "target",
                 "first catch", "time"), rows)
    with open(os.path.join(OUT, "rate.json"), "w") as f:
        json.dump({"seed0": a.seed, "n": a.rate, "sizes": a.sizes, "mutants": res}, f, indent=1)
    surv = [r[0] for r in rows if r[4] == "SURVIVED"]
    below = [r[0] for r in rows if r[6] != "ok"]
    print(f"\nmutants: {len(rows) - len(surv)} of {len(rows)} caught by at least one of {len(items)} seeds; "
          f"{len(rows) - len(below)} meet the target (>= 20 % of seeds, first within 10); "
          f"{time.time() - t0:.0f} s; table in {os.path.relpath(os.path.join(OUT, 'rate.json'), ROOT)}")
    if below:
        print("mutants: below target: " + ", ".join(below))
    return 1 if surv or (a.strict and below) else 0


def markdown(path):
    """The kill-rate table of a rate.json as a docs/verification.md table."""
    with open(path) as f:
        d = json.load(f)
    desc = {n: (b, x) for n, b, x in MUTANTS}
    print("| mutant (`WF_MUTANT_`) | block | the slip | killed | seeds that kill it | first seed | per size set "
          "| target |")
    print("|---|---|---|---|---|---|---|---|")
    for name, _b, _x in MUTANTS:
        r = d["mutants"].get(name)
        if r is None:
            print(f"| `{name}` | `{desc[name][0]}` | {desc[name][1]} | not measured | | | | |")
            continue
        k, n = len(r["kills"]), r["seeds"]
        first = r["first"] if r["first"] is not None else "survived"
        meets = k and k * 5 >= n and r["first"] is not None and r["first"] - d["seed0"] < 10
        per = ", ".join(f"{s} {v}" for s, v in sorted(r["by_sizes"].items()))
        print(f"| `{name}` | `{r['block']}` | {desc[name][1]} | {k}/{n} ({100 * k / n:.0f} %) "
              f"| {' '.join(str(x) for x in r['kills']) or '-'} | {first} "
              f"| {per} | {'ok' if meets else '**below**'} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="comma-separated mutant names")
    ap.add_argument("--list", action="store_true", help="list the mutants and stimuli")
    ap.add_argument("--extra", help="also run WF_MUTANT_<EXTRA>, a define no block has (the "
                    "script's own check: it must survive, and the run must fail)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per run (build included)")
    ap.add_argument("--separate-builds", action="store_true",
                    help="one Verilated build per WF_MUTANT_<NAME> define instead of one WF_MUTANTS build")
    ap.add_argument("--rate", type=int, metavar="N",
                    help="kill rate: every mutant against the first N default-regression seeds "
                    "(regress.py's draw and program), all size sets of SIZES")
    ap.add_argument("--seed", type=int, default=int(os.environ.get("SEED") or 1),
                    help="first regression seed of --rate (SEED, default 1)")
    ap.add_argument("--sizes", default=os.environ.get("SIZES", ""),
                    help="size sets the seeds pick from, as make regress's SIZES (default all)")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS") or 1),
                    help="parallel runs of --rate (JOBS, default 1)")
    ap.add_argument("--strict", action="store_true",
                    help="--rate exits 1 when a mutant misses the target, not only when it survives")
    ap.add_argument("--cmp", default="full", choices=CMP_LEVELS,
                    help="compare level of every run (default full); a mutant missed at a weaker level "
                    "is re-run at the stronger ones and reported as caught only there")
    ap.add_argument("--markdown", metavar="RATE_JSON",
                    help="print the kill-rate table of a --rate run's rate.json as markdown")
    a = ap.parse_args()
    if a.markdown:
        markdown(a.markdown)
        return 0
    if a.rate is not None and a.rate < 1 or a.jobs < 1 or a.seed < 1:
        ap.error("--rate, --jobs and --seed take integers >= 1")
    # the list here and the switches in rtl/wf_mutant.vh must be the same set
    with open(os.path.join(ROOT, "rtl", "wf_mutant.vh")) as f:
        in_rtl = set(re.findall(r"`ifdef WF_MUTANT_(\w+)", f.read()))
    if in_rtl != {m[0] for m in MUTANTS}:
        sys.exit(f"mutants: scripts/mutants.py and rtl/wf_mutant.vh disagree: "
                 f"{sorted(in_rtl ^ {m[0] for m in MUTANTS})}")
    if a.separate_builds:
        control = ("WF_ASSERT", [])
        def mutant(n): return (f"WF_ASSERT WF_MUTANT_{n}", [])
    else:
        control = ("WF_ASSERT WF_MUTANTS", [])
        def mutant(n): return ("WF_ASSERT WF_MUTANTS", [f"+WF_MUTANT_{n}"])
    muts = MUTANTS
    if a.only:
        want = a.only.split(",")
        bad = [w for w in want if w not in {m[0] for m in MUTANTS}]
        if bad:
            sys.exit(f"mutants: unknown mutant(s) {', '.join(bad)}; known: {', '.join(m[0] for m in MUTANTS)}")
        muts = [m for w in want for m in MUTANTS if m[0] == w]   # in the order given
    if a.extra:
        muts = muts + [(a.extra, "(none)", "a define no block tests")]
    if a.list:
        for n, b, d in MUTANTS:
            print(f"WF_MUTANT_{n:16} {b:16} {d}")
        for label, prog, opts in STIMULI:
            print(f"stimulus {label:26} {prog} {' '.join(opts) if opts is not None else '(knobs: wfgen --config-only)'}")
        return 0
    r = sh(["make", "-s", "build/libwarpfront.a", "build/wfgen", "build/wfsim"])
    if r.returncode != 0:
        sys.exit("mutants: make failed:\n" + r.stdout + r.stderr)
    if a.rate:
        return kill_rate(muts, control, mutant, a)
    stimuli = prepare_stimuli()
    t0 = time.time()
    fail = 0

    # the unmutated control must pass every stimulus (its first run builds the
    # Verilated model: minutes on a loaded machine, so the build's allowance)
    for i, (label, prog, opts) in enumerate(stimuli):
        rc, out, _rec = run(control[0], prog, opts + control[1], max(a.timeout, 1800) if i == 0 else a.timeout,
                            a.cmp)
        if rc != 0:
            print(f"mutants: CONTROL FAILS on {label} ({' '.join([prog] + opts)}): exit {rc}")
            print("\n".join(out.splitlines()[-15:]))
            return 1
    print(f"mutants: control ({control[0]}, no mutant) passes all {len(stimuli)} stimuli "
          f"({time.time() - t0:.0f} s)" + (f" at compare level {a.cmp}" if a.cmp != "full" else ""))

    def first_catch(name, level):
        """(caught-by, cycle, field) of the first stimulus catching mutant `name` at
        `level`, ("BUILD ERROR", ...) on a build/usage error, or None."""
        for label, prog, opts in stimuli:
            defines, plus = mutant(name)
            rc, out, rec = run(defines, prog, opts + plus, a.timeout, level)
            if rc == 0:
                continue
            with open(os.path.join(OUT, f"{name}.log" if level == a.cmp else f"{name}.{level}.log"), "w") as f:
                f.write(out)
            if rc != "timeout" and (rec is None or rec["status"] == "error"):  # no verdict on the RTL
                return ("BUILD ERROR", "-", out.strip().splitlines()[-1] if out.strip() else "")
            cyc, field = classify(rec)
            return (label if rc != "timeout" else f"{label} (timeout)", cyc, field)
        return None

    rows, stronger_only = [], []
    for name, block, _desc in muts:
        t1 = time.time()
        if name in FAST_SKIP:
            rows.append((name, block, "not in the fast form", "-", FAST_SKIP[name], "0s"))
            print(f"  {name}: not in the fast form: {FAST_SKIP[name]} (make mutants-rate)", flush=True)
            continue
        caught = first_catch(name, a.cmp)
        # missed at a weaker level: the stronger ones, nearest first
        for level in reversed(CMP_LEVELS[:CMP_LEVELS.index(a.cmp)]):
            if caught is not None:
                break
            c = first_catch(name, level)
            if c is not None and c[0] != "BUILD ERROR":
                caught = (f"caught only at {level}: {c[0]}",) + c[1:]
                stronger_only.append((name, level))
            else:
                caught = c
        if caught is None:
            caught = ("SURVIVED", "-", "-")
        if caught[0] in ("SURVIVED", "BUILD ERROR"):
            fail += 1
        rows.append((name, block) + caught + (f"{time.time() - t1:.0f}s",))
        print(f"  {name}: {caught[0]} | cycle {caught[1]} | {caught[2]}", flush=True)

    w = [max(len(str(r[i])) for r in rows + [("mutant", "block", "caught by", "cycle", "field", "time")])
         for i in range(6)]
    hdr = ("mutant", "block", "caught by", "cycle", "field", "time")
    print()
    print(" | ".join(h.ljust(w[i]) for i, h in enumerate(hdr)))
    print("-+-".join("-" * x for x in w))
    for r in rows:
        print(" | ".join(str(c).ljust(w[i]) for i, c in enumerate(r)))
    ncaught = sum(1 for r in rows if r[2] not in ("SURVIVED", "BUILD ERROR", "not in the fast form")
                  and not r[2].startswith("caught only at "))
    nskip = sum(1 for r in rows if r[2] == "not in the fast form")
    at = f" at compare level {a.cmp}" if a.cmp != "full" else ""
    print(f"\nmutants: {ncaught} of {len(rows) - nskip} caught{at} ({nskip} not in the fast form: "
          f"{', '.join(n for n in FAST_SKIP if any(r[0] == n for r in rows)) or '-'}), control clean, "
          f"{time.time() - t0:.0f} s")
    if a.cmp != "full":
        print(f"mutants: caught only at a stronger level than {a.cmp}: "
              + (", ".join(f"{n} ({lv})" for n, lv in stronger_only) or "none"))
    return 1 if fail else 0

