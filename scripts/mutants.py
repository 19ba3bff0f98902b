#!/usr/bin/env python3
"""Mutation self-check (`make mutants`, issue 5 item 8, docs/verification.md "Mutants").

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

  scripts/mutants.py [--only NAME[,NAME...]] [--list] [--timeout S] [--extra NAME]
                     [--separate-builds]
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN = os.path.join(ROOT, "verif", "cosim", "run.sh")
OUT = os.path.join(ROOT, "build", "mutants")

# name, block (file), what the bug is
MUTANTS = [
    ("SWIZZLE_OFF1", "wf_bank.vh", "swizzled bank(w, r) adds w + 1 (off by one)"),
    ("SB_NOT_CLEARED", "wf_scoreboard.v", "the release of scoreboard entry 1 is lost"),
    ("WRITE_PRIORITY", "wf_collector.v", "bank arbiter grants a read in a bank being written (lost write priority)"),
    ("SR_OVERLAP", "wf_staging.v", "SR issue rule ignores the conflict_free flag (overlap rule)"),
    ("DEP_BYPASS", "wf_ibuffer.v", "decode misses the same-cycle scoreboard allocation (dependency bit not set)"),
    ("GTO_NOT_STICKY", "wf_issue.v", "GTO does not remember its last warp"),
    ("MSHR_MERGE", "wf_fetch.v", "a merging fetch waits on the free MSHR, not the matching one"),
    ("BLOOM_ANY", "wf_war.v", "Bloom WAR check blocks on any hash bit instead of both"),
    ("LSU_SPLIT", "wf_lsu.v", "LSU piece boundary one address bit too high (split off by one)"),
    ("WB_ORDER", "wf_writeback.v", "writeback arbitration ALU > MUL > LSU instead of LSU > MUL > ALU"),
    ("MUL_LAT", "wf_exec.v", "MUL latency one cycle too long"),
    ("PIPE_BUBBLE", "wf_pipe.v", "a stage advances only into an empty stage (no back-to-back flow)"),
    ("CLEAR_SHORT", "wf_core.v", "the launch register clear stops one row early"),
    ("SPRAM_MASK", "wf_spram.v", "RAM lane 0 written regardless of its write enable"),
    ("FD_REFETCH", "wf_fetch.v", "decode_stage: the warp whose instruction is in FD fetches again"),
]

# The bounded stimuli, cheapest and most telling first: (label, program, options).
# Programs named gen:N[:knob=v,...] are `build/wfgen --seed N [--knob knob=v ...]` and rgen:N
# `build/wfgen --seed N --random-knobs` with the seed's run-time knobs drawn by
# `wfgen --config-only --seed N --sizes default`.
STIMULI = [
    ("saxpy", "sim/examples/saxpy.s", []),
    ("seed_naive/naive,loops2", "sim/examples/seed_naive.s", ["--layout", "naive", "--loops", "2"]),
    ("vecadd/stall,gto,inorder", "sim/examples/vecadd.s",
     ["--hazard", "stall", "--sched", "gto", "--war", "inorder", "--alu-lat", "3", "--mul-lat", "7"]),
    ("gen:1", "gen:1", []),
    ("gen:2/gto,warpboard-read", "gen:2", ["--sched", "gto", "--war", "warpboard-read", "--lsu-lat", "4"]),
    # one or two warps: a warp's next writer meets its own CUs still collecting
    # (the WAR policies' territory, e.g. a partial Bloom-filter overlap)
    ("gen:11/1 warp,bank-biased", "gen:11:bank_bias=60,reuse=3,length=200", ["--active-warps", "1"]),
    ("rgen:3", "rgen:3", None),
    ("rgen:4", "rgen:4", None),
    ("rgen:5", "rgen:5", None),
    ("rgen:6", "rgen:6", None),
    ("sum_loop/loops1", "sim/examples/sum_loop.s", ["--loops", "1", "--sched", "gto"]),
    ("saxpy/decode-stage", "sim/examples/saxpy.s", ["--decode-stage", "1"]),
]

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


def classify(out):
    """(cycle, field) of the first divergence in a harness output."""
    m = re.search(r"LOCKSTEP MISMATCH at cycle (\d+)", out)
    if m:
        f = re.search(r"field:\s+(\S+)", out)
        return m.group(1), f.group(1) if f else "?"
    m = re.search(r"WF_ASSERT (wf_\w+): ([^\n(]*)", out)
    if m:
        c = re.search(r"\(cycle (\d+)", out)
        return (c.group(1) if c else "-"), f"assert {m.group(1)}: {m.group(2).strip()}"
    m = re.search(r"^cycle (\d+): (\S+): rtl", out, re.M)
    if m:
        return m.group(1), m.group(2)
    m = re.search(r"FINAL STATE MISMATCH: vs ([\w ]+?): ([^:]+):", out)
    if m:
        return "end", f"final state ({m.group(2).strip()}) vs {m.group(1)}"
    m = re.search(r"^((?:w\d+ r\d+ lane \d+)|(?:mem\[\d+\])): rtl", out, re.M)
    if m:
        return "end", "final " + m.group(1)
    m = re.search(r"^.*(?:watchdog|timeout).*$", out, re.M | re.I)
    if m:
        return "-", m.group(0).strip()[:60]
    m = re.search(r"rtl cycles (\d+), model cycles (\d+)", out)
    if m and m.group(1) != m.group(2):
        return "end", f"cycle count {m.group(1)} vs {m.group(2)}"
    return "-", "?"


def run(defines, prog, opts, timeout):
    env = dict(os.environ, WF_DEFINES=defines, WF_AUTO_WAVES="0")
    for attempt in range(3):
        try:
            r = subprocess.run([RUN, prog] + opts, cwd=ROOT, env=env, capture_output=True, text=True,
                               timeout=timeout)
        except subprocess.TimeoutExpired as e:
            return "timeout", (e.stdout or "") if isinstance(e.stdout, str) else ""
        out = r.stdout + r.stderr
        # a usage/build error while the shared scripts are being edited: try again
        if r.returncode == 2 and re.search(r"syntax error|build failed", out) and attempt < 2:
            time.sleep(10)
            continue
        return r.returncode, out
    return r.returncode, out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="comma-separated mutant names")
    ap.add_argument("--list", action="store_true", help="list the mutants and stimuli")
    ap.add_argument("--extra", help="also run WF_MUTANT_<EXTRA>, a define no block has (the "
                    "script's own check: it must survive, and the run must fail)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per run (build included)")
    ap.add_argument("--separate-builds", action="store_true",
                    help="one Verilated build per WF_MUTANT_<NAME> define instead of one WF_MUTANTS build")
    a = ap.parse_args()
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
        muts = [m for m in MUTANTS if m[0] in want]
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
    stimuli = prepare_stimuli()
    t0 = time.time()
    fail = 0

    # the unmutated control must pass every stimulus
    for label, prog, opts in stimuli:
        rc, out = run(control[0], prog, opts + control[1], a.timeout)
        if rc != 0:
            print(f"mutants: CONTROL FAILS on {label} ({' '.join([prog] + opts)}): exit {rc}")
            print("\n".join(out.splitlines()[-15:]))
            return 1
    print(f"mutants: control ({control[0]}, no mutant) passes all {len(stimuli)} stimuli "
          f"({time.time() - t0:.0f} s)")

    rows = []
    for name, block, _desc in muts:
        t1 = time.time()
        caught = None
        for label, prog, opts in stimuli:
            defines, plus = mutant(name)
            rc, out = run(defines, prog, opts + plus, a.timeout)
            if rc == 0:
                continue
            evidence = re.search(r"LOCKSTEP MISMATCH|WF_ASSERT wf_|^cycle \d+: \S+: rtl", out, re.M)
            if (rc == 2 and not evidence) or "build failed" in out:
                caught = ("BUILD ERROR", "-", out.strip().splitlines()[-1] if out.strip() else "")
                fail += 1
                with open(os.path.join(OUT, f"{name}.log"), "w") as f:
                    f.write(out)
                break
            cyc, field = classify(out)
            how = label if rc != "timeout" else f"{label} (timeout)"
            caught = (how, cyc, field)
            with open(os.path.join(OUT, f"{name}.log"), "w") as f:
                f.write(out)
            break
        if caught is None:
            caught = ("SURVIVED", "-", "-")
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
    ncaught = sum(1 for r in rows if r[2] not in ("SURVIVED", "BUILD ERROR"))
    print(f"\nmutants: {ncaught} of {len(rows)} caught, control clean, {time.time() - t0:.0f} s")
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
