"""Merge functional-coverage files and report every bin.

Each input is the JSON that `wfsim --cov FILE` (or a co-simulation harness
through cmodel/coverage.c) writes: {"format": "warpfront-cov-1", "runs": R,
"cycles": N, "window_overflow": K, "bins": {name: [hits, applicable], ...}}.
Bins are defined in cmodel/include/wf_cov.h. `applicable` counts the samples
whose configuration makes a bin possible; a bin with applicable > 0 and no
hits over all inputs is a HOLE, one with applicable = 0 everywhere is n/a.

  scripts/covreport.py [--fail-on-holes] [--json OUT] [--quiet] [--plan] FILE|DIR ...
  scripts/covreport.py --regress-seeds N [--plan] [--cdg REPORT|BIAS] ...
                                         (C-side coverage of N regression seeds)

A directory is searched recursively for *.cov.json files. Prints every bin
with its merged counts and the seeds that hit it (a file's seed is its
directory's name, as make regress writes <seed>/run.cov.json), then the
holes. --plan adds the verification plan of docs/verification.md: every rule
of docs/microarch.md with its bins crossed with the configuration axes that
change the rule (loop mode, hazard mode, WAR policy, layout, scheduler; a
file's configuration is the options.txt next to it), each cell hit, a HOLE
(applicable or never drawn) or unreachable with the contract's reason.
--regress-seeds N first writes the coverage of the first N default-regression
seeds (SEED, SIZES as make regress) with the cycle model (`wfsim --cov`; in
lockstep the C model's record is the RTL's, so the functional coverage is the
same as make regress COV=1's) under OUT (default out/coverage/seeds).
--cdg REPORT|BIAS draws those seeds coverage-directed (scripts/wf/cdg.py:
the holes and weakly hit bins and cells of a previous --json report, or a
bias file as it is; default OUT out/coverage/seeds-cdg); the bias used is
copied to OUT/cdg-bias.txt, named in the output and the --json report.
--closes BASE (a --json report, e.g. the one a --cdg run was directed by)
counts how many of BASE's holes (bins and, with --plan, plan cells) this
report's files hit, how many they show unreachable, and how many stay holes.
--json writes the merged counts, the seeds per bin and, with --plan, every
plan cell's state and seed count (the report --cdg reads).
Exit 0; with --fail-on-holes, 1 when there is a hole (a plan hole too with
--plan); 2 for unreadable or malformed input (named with the file).
"""
import argparse
import concurrent.futures
import json
import os
import shlex
import sys

from wf import cdg  # coverage-directed generation
from wf import covproof  # the formal property of each unreachable cell

FORMAT = cdg.COV_FORMAT


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


AXES = {"loops": ("1", "2", "3"), "hazard": ("replay", "stall"),
        "war": ("none", "inorder", "warpboard-commit", "warpboard-read", "bloom"),
        "layout": ("naive", "swizzle"), "sched": ("lrr", "gto")}
SPLITS = ["lsu.split=" + k for k in ("1", "2", "3", "4", "5-8", "9-16", "17-32")]
# The verification plan: (rule of docs/microarch.md, its bins, the configuration axes that
# change the rule). "bank[*].x" is bank x of any bank. Bins: cmodel/include/wf_cov.h.
PLAN = [
    ("§3.2 fetch: hit, miss, MSHR merge, all MSHRs busy",
     ["fetch.hit", "fetch.miss", "fetch.merge", "fetch.mshr_full"], ("loops",)),
    ("§3.3 fills; warps waiting on a miss", ["fetch.fill", "warp.wait_miss"], ("loops",)),
    ("§3.3 a merge in the fill cycle", ["fetch.merge_fill"], ("loops",)),
    ("§4.3 scoreboard full; releases", ["sb.full", "hazard.sb_full", "sb.release"], ("loops", "hazard")),
    ("§4.3 scoreboard full while the head holds an entry across replays", ["sb.full_held"],
     ("loops", "hazard")),
    ("§4.4 a head waiting on the allocation record (alloc_stage 1)", ["sb.ar_dep"], ("loops",)),
    ("§5.6 a head blocked by the WAR policy through the issue handoff register (handoff_stage 1)",
     ["war.handoff"], ("war",)),
    ("§5.1 each readiness item as the first failing reason",
     ["hazard." + h for h in ("ready", "no_head", "wait_lsu", "dependency", "inflight", "staging",
                              "war", "mem_order", "lsu_stall")], ("loops", "hazard", "war")),
    ("§5.1 each readiness item as a non-first failing reason (§11 hazard_mask)",
     ["hazard_nf." + h for h in ("dependency", "sb_full", "inflight", "staging", "war", "mem_order",
                                 "lsu_stall")], ("loops", "hazard", "war")),
    ("§5.3 GTO switches", ["sched.gto_switch"], ("loops", "hazard")),
    ("§5.7 a ready head not yet eligible (ready_stage 1)", ["sched.not_eligible"], ("loops", "sched")),
    ("§6.2 a write beats a read", ["bank[*].write_beats_read"], ("loops", "layout")),
    ("§6.3 equal registers share one read", ["read.merge"], ("loops", "layout")),
    ("§6.5 a CU read while another of its slots is still being read (fill_stage 1)",
     ["read.fill_overlap"], ("layout",)),
    ("§6.4 bank conflicts; one holder read in several banks",
     ["bank[*].conflict", "read.multi_bank"], ("loops", "layout")),
    ("§6.4 the oldest CU wins a bank over a lower-index one", ["bank.oldest_wins"], ("loops", "layout")),
    ("§5.4, §7 issue into a CU, the SR, or no unit", ["issue.cu", "issue.sr", "issue.no_unit"], ("loops",)),
    ("§7.1 every CU busy; dispatch to several units", ["cu.exhausted", "dispatch.multi"], ("hazard", "sched")),
    ("§7.1, §7.2 dispatch: the oldest CU over a lower-index one; refused by a busy unit",
     ["dispatch.oldest_wins", "dispatch.busy.alu", "dispatch.busy.mul", "dispatch.busy.lsu"],
     ("loops", "hazard")),
    ("§8 each WAR policy blocking",
     ["war.block." + w for w in AXES["war"][1:]], ("hazard", "sched", "layout")),
    ("§9.1 no free CU: replay or stall", ["replay.collector", "stall.collector"], ("hazard", "sched")),
    ("§9.2 split accesses: replays, pieces per access", ["replay.memory"] + SPLITS, ("hazard",)),
    ("§9.3 lsu_stall", ["lsu.stall_flag", "stall.lsu"], ("loops",)),
    ("§10.3 several writebacks in one cycle", ["wb.multi"], ("loops",)),
    ("§10.3 writeback losses per unit pair (loser_winner)",
     ["wb.loss.mul_lsu", "wb.loss.alu_lsu", "wb.loss.alu_mul", "bank[*].write_loss"], ("loops",)),
    ("§10.4 branches; warps waiting on one", ["branch.taken", "branch.not_taken", "warp.wait_branch"],
     ("loops", "sched")),
    ("§10.4 a branch resolving while another warp's fetch miss is pending; into the missing line",
     ["branch.miss_pending", "branch.to_pending_line"], ("loops",)),
]
# The ISA classes (cmodel/include/wf_isacov.h, bins "isa.<mnemonic>.<class>"): one plan row
# per mnemonic, built from the bins the files carry (the table is written once, in C). The
# classes that meet the microarchitecture are crossed: ld/st (the LSU's pieces, replays and
# stalls) with the loop and hazard modes, bnz/bra (the fetch redirect) with the loop mode.
ISA_AXES = {"ld": ("loops", "hazard"), "st": ("loops", "hazard"), "bnz": ("loops",), "bra": ("loops",)}


def isa_plan(names):
    """The plan rows of the ISA bins among names, in table order."""
    rows = {}
    for n in names:
        if n.startswith("isa."):
            rows.setdefault(n.split(".")[1], []).append(n)
    return [(f"docs/isa.md {op}: operand and value classes", bins, ISA_AXES.get(op, ()))
            for op, bins in rows.items()]


# Why a bin cannot fire under a configuration (cmodel/coverage.c applicable() decides it).
REASON = {
    "hazard.wait_lsu": "§9.2: only replay mode keeps a ld/st issued as head",
    "hazard.dependency": "§7.3: mode 1 fetches only with nothing in flight",
    "hazard.sb_full": "§7.3: mode 1 fetches only with nothing in flight",
    "sb.full": "§7.3: mode 1 fetches only with nothing in flight",
    "hazard.inflight": "§7.3: loop mode 1 only",
    "hazard.staging": "§7.2: loop modes 1, 2 only",
    "hazard.war": "§8: loop mode 3 under warpboard-commit, warpboard-read or bloom only",
    "hazard.mem_order": "§10.5: never binds on its own in replay mode",
    "hazard.lsu_stall": "§9.3: stall mode only",
    "issue.cu": "§7.1: loop mode 3 only", "cu.exhausted": "§7.1: loop mode 3 only",
    "dispatch.multi": "§7.2: the SR dispatches one instruction at a time (mode 3 only)",
    "issue.sr": "§7.2: loop modes 1, 2 only",
    "replay.collector": "§9.1: loop mode 3 in replay mode only",
    "stall.collector": "§9.1: loop mode 3 in stall mode only",
    "replay.memory": "§9.2: replay mode only", "stall.lsu": "§9.3: stall mode only",
    "lsu.stall_flag": "§9.3: stall mode only",
    "sched.gto_switch": "§5.3: gto only",
    "sched.not_eligible": "§5.7: ready_stage = 1 only",
    "war.block": "§8: loop mode 3 under that policy only",
    "lsu.split": "§9.2: k pieces need k lanes; every size set has at most 8 lanes",
    "sb.full_held": "§9.2, §7.3: replay mode only (a split ld keeps its entry); in loop mode 1 "
                    "only with one scoreboard entry and >= 2 lanes (no size set has both)",
    "war.handoff": "§5.6: handoff_stage = 1 in loop mode 3 under warpboard-read or bloom only",
    "read.fill_overlap": "§6.5: fill_stage = 1 in loop mode 3 only",
    "sb.ar_dep": "§4.4: alloc_stage = 1 only; §7.3: a mode-1 warp fetches only with nothing in "
                 "flight, so no head follows its predecessor's issue by one cycle",
    "hazard_nf.dependency": "§4.3: only `issued` precedes it, and an issued head has dep = 0",
    "hazard_nf.sb_full": "§7.3: mode 1 fetches only with nothing in flight",
    "hazard_nf.inflight": "§7.3, §9.2: loop mode 1 in replay mode only (behind an issued ld/st)",
    "hazard_nf.staging": "§7.2: loop modes 1, 2 only; §7.3: in mode 1 with stall a head meets no "
                         "earlier failing item (no issued head, dep 0, a free entry, inflight 0)",
    "hazard_nf.war": "§8: loop mode 3 under warpboard-commit, warpboard-read or bloom only",
    "hazard_nf.lsu_stall": "§9.3: stall mode only",
    "hazard_nf.mem_order": "§7.3, §10.5: mem_inflight implies inflight > 0, which a mode-1 "
                           "stall-mode head never meets",
    "bank.oldest_wins": "§6.4: loop mode 3 with >= 2 CUs only",
    "dispatch.oldest_wins": "§7.1: loop mode 3 with >= 2 CUs only",
    "dispatch.busy.lsu": "§9.2, §10.2: only stall mode holds an instance in LSU stage 1",
    # the ISA classes' needs (cmodel/include/wf_isacov.h)
    "isa.ld.lanes": "docs/isa.md: lanes meeting or spreading need >= 2 lanes",
    "isa.st.lanes": "docs/isa.md: lanes meeting or spreading need >= 2 lanes",
}
# Cells the contract rules out although cmodel/coverage.c counts the bin applicable there
# (its applicability is per bin, not per cross): (bin, {axis: value}, reason).
UNREACHABLE = [
    ("hazard.inflight", {"loops": "1", "hazard": "stall"},
     "§7.3: a mode-1 warp decodes only with nothing in flight, and in stall mode its head "
     "leaves at issue, so a head never meets inflight > 0"),
    ("hazard.mem_order", {"loops": "1", "hazard": "stall"},
     "§7.3, §10.5: mem_inflight implies inflight > 0, which a mode-1 stall-mode head never meets"),
    ("hazard.mem_order", {"loops": "3", "war": "warpboard-commit"},
     "§8.3, §10.5: mem_inflight implies inflight > 0, so warpboard-commit (item 5) fails first"),
]


def seed_of(path):
    """A coverage file's seed: its directory's name under make regress (<seed>/run.cov.json)."""
    d = os.path.basename(os.path.dirname(os.path.abspath(path)))
    return int(d) if d.isdigit() else os.path.basename(path)


def config_of(path):
    """The configuration axes of a coverage file's run, from the options.txt beside it."""
    o = os.path.join(os.path.dirname(path), "options.txt")
    try:
        with open(o) as f:
            words = shlex.split(f.readline())
    except (OSError, ValueError):
        return None
    cfg = {}
    for i in range(len(words) - 1):
        if words[i].startswith("--") and words[i][2:] in AXES:
            cfg[words[i][2:]] = words[i + 1]
    return cfg if len(cfg) == len(AXES) else None


def bin_counts(bins, name):
    """(hits, applicable) of a plan bin; bank[*].x sums bank[b].x over the banks."""
    if name.startswith("bank[*]."):
        tail = name[len("bank[*]"):]
        v = [bins[n] for n in bins if n.startswith("bank[") and n.endswith("]" + tail)]
        return sum(x[0] for x in v), sum(x[1] for x in v)
    return tuple(bins.get(name, (0, 0)))


def reason(name):
    for k, r in REASON.items():
        if name == k or name.startswith((k + ".", k + "=")):
            return r
    return "n/a for every configuration drawn (cmodel/coverage.c applicable())"


def plan_report(runs, states=None, formal=None):
    """runs: [(seed, cfg or None, bins)]. Prints the plan; returns (cells, hit, holes, unreachable).
    states (a dict) receives {cell: {"state": hit|hole|unreachable, "seeds": seeds that hit it}},
    an unreachable cell also its formal proof (wf/covproof.py: "proof", "proof_state",
    "proof_result") from the formal results `formal` ({task: record}); a cell a formal
    trace reaches is a hole."""
    formal = {} if formal is None else formal
    with_cfg = [r for r in runs if r[1] is not None]
    cells = hit = 0
    holes, unreach = [], []
    states = {} if states is None else states
    print(f"\nverification plan ({len(with_cfg)} runs with a configuration; "
          f"{len(runs) - len(with_cfg)} without options.txt are not in the crosses)")
    names_seen = {}
    for r in runs:
        names_seen.update(dict.fromkeys(r[2]))
    for rule, names, axes in PLAN + isa_plan(names_seen):
        print(f"\n{rule}   [x {' x '.join(axes)}]" if axes else f"\n{rule}")
        for name in names:
            combos = [()]
            for ax in axes:
                combos = [c + (v,) for c in combos for v in AXES[ax]]
            line_hit = 0
            for combo in combos:
                sel = [r for r in with_cfg if all(r[1][ax] == v for ax, v in zip(axes, combo))]
                counts = [(r[0],) + bin_counts(r[2], name) for r in sel]
                seeds = [s for s, h, _a in counts if h > 0]
                app = sum(1 for _s, _h, a in counts if a > 0)
                cell = f"{name} @ " + ",".join(f"{ax}={v}" for ax, v in zip(axes, combo))
                cells += 1
                ruled_out = [why for b, where, why in UNREACHABLE
                             if b == name and all(dict(zip(axes, combo)).get(k) == v
                                                  for k, v in where.items())]
                state = "unreachable"
                pf = None
                if not seeds and (ruled_out or (sel and not app)):
                    pf = covproof.proof(name, dict(zip(axes, combo)), formal)
                if seeds:
                    hit += 1
                    line_hit += 1
                    state = "hit"
                elif pf and pf["state"] == "reached":
                    state = "hole"
                    holes.append((cell, f"ruled out by the plan, but reached by {pf['property']}: "
                                        f"{pf['result']}"))
                elif ruled_out:
                    unreach.append((cell, ruled_out[0], pf))
                elif sel and not app:
                    unreach.append((cell, reason(name), pf))
                else:
                    state = "hole"
                    holes.append((cell, "never drawn" if not sel else
                                  f"applicable in {app} runs, never hit"))
                states[cell] = {"state": state, "seeds": len(seeds)}
                if pf:
                    states[cell].update(proof=pf["property"], proof_state=pf["state"],
                                        proof_result=pf["result"])
            print(f"  {name:28} {line_hit}/{len(combos)} cells hit")
    print(f"\nplan: {cells} cells: {hit} hit, {len(holes)} holes, {len(unreach)} unreachable")
    if holes:
        print("plan holes:")
        for c, why in holes:
            print(f"  {c}: {why}")
    if unreach:
        print("unreachable (by the contract, under that configuration; the formal property "
              "that proves it, scripts/wf/covproof.py):")
        per = {}
        for c, why, pf in unreach:
            tag = f"{pf['property']} {pf['state']} ({pf['result']})" if pf and pf["property"] else "open (no property)"
            per.setdefault((c.split(" @ ")[0], why, tag), []).append(c.split(" @ ")[1])
        for (name, why, tag), where in per.items():
            print(f"  {name} @ {' | '.join(where)}: {why}\n    formal: {tag}")
        n = {}
        for _c, _w, pf in unreach:
            k = pf["state"] if pf else "open"
            n[k] = n.get(k, 0) + 1
        print(f"unreachable cells: {len(unreach)}: {n.get('proven', 0)} proven unreachable by a formal "
              f"property, {n.get('open', 0)} open")
    return cells, hit, holes, unreach


def regress_seeds(n, outdir, jobs, bias=None):
    """Coverage files of the first n default-regression seeds (SEED, SIZES), C side;
    drawn under the bias file `bias` (coverage-directed) when given."""
    from wf.paths import WFSIM, qjoin
    from wf.regress import seed as regseed
    from wf.regress.proc import run
    seed0 = int(os.environ.get("SEED") or 1)
    sizes = set(x for x in os.environ.get("SIZES", "").split(",") if x)
    wfsim = WFSIM

    def one(seed):
        _sset, prog, opts = regseed.regression_seed(seed, sizes, os.path.join(outdir, "programs"), cdg=bias)
        d = os.path.join(outdir, str(seed))
        os.makedirs(d, exist_ok=True)
        opts = opts[:opts.index("--seed")]
        with open(os.path.join(d, "options.txt"), "w") as f:
            f.write(qjoin(opts) + "\n")
        cmd = [wfsim, "--quiet", "--cov", os.path.join(d, "run.cov.json")] + opts + [prog]
        rc, out, err, _ = run(cmd, 600)
        if rc != 0:
            sys.exit(f"covreport: {qjoin(cmd)}: exit {rc}: {(err or out).strip()[:300]}")
        return seed

    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        list(ex.map(one, range(seed0, seed0 + n)))
    return [os.path.join(outdir, str(s), "run.cov.json") for s in range(seed0, seed0 + n)]


def merge(files, runs=None):
    """Merged counts of the files; runs (a list) receives (seed, cfg, bins) per file."""
    total = {"files": 0, "runs": 0, "cycles": 0, "window_overflow": 0, "bins": {}, "seeds": {}}
    for path in files:
        d = load(path)
        total["files"] += 1
        seed = seed_of(path)
        if runs is not None:
            runs.append((seed, config_of(path), {n: tuple(v) for n, v in d["bins"].items()}))
        for name, (hits, _app) in d["bins"].items():
            if hits:
                total["seeds"].setdefault(name, []).append(seed)
        for k in ("runs", "cycles", "window_overflow"):
            total[k] += int(d.get(k, 0))
        for name, (hits, app) in d["bins"].items():
            h, a = total["bins"].get(name, (0, 0))
            total["bins"][name] = (h + hits, a + app)
    return total


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", help="coverage JSON files or directories")
    ap.add_argument("--fail-on-holes", action="store_true", help="exit 1 if any bin is a hole")
    ap.add_argument("--json", metavar="OUT", help="also write the merged counts as JSON")
    ap.add_argument("--quiet", action="store_true", help="print only the summary and the holes")
    ap.add_argument("--plan", action="store_true",
                    help="also the verification plan: rule -> bins x configuration axes -> seeds")
    ap.add_argument("--regress-seeds", type=int, metavar="N",
                    help="first write the C-side coverage of the first N default-regression seeds")
    ap.add_argument("--out", help="where --regress-seeds writes (default out/coverage/seeds, "
                    "with --cdg out/coverage/seeds-cdg)")
    ap.add_argument("--cdg", metavar="REPORT|BIAS",
                    help="--regress-seeds coverage-directed: toward the holes of a --json report")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS") or 1))
    ap.add_argument("--closes", metavar="BASE", help="count which of BASE's holes these files close")
    ap.add_argument("--formal", metavar="RESULTS", default=covproof.RESULTS,
                    help="the formal results (make formal's JSON) that prove unreachable cells "
                         "(default build/formal/results.json)")
    a = ap.parse_args(argv)
    cdg_info = None
    base = None
    if a.closes:
        try:
            base = cdg.read_report(a.closes)
        except cdg.CdgError as e:
            print(f"covreport: --closes {e}", file=sys.stderr)
            return 2
    if a.cdg and a.regress_seeds is None:
        ap.error("--cdg goes with --regress-seeds N")
    if a.regress_seeds is not None:
        if a.regress_seeds < 1:
            ap.error("--regress-seeds takes an integer >= 1")
        out = a.out or ("out/coverage/seeds-cdg" if a.cdg else "out/coverage/seeds")
        bias = None
        if a.cdg:
            from wf.paths import WFGEN
            try:
                text, cdg_info = cdg.bias_text(a.cdg, WFGEN)
                os.makedirs(out, exist_ok=True)
                bias = os.path.abspath(os.path.join(out, "cdg-bias.txt"))
                cdg_info["sha256"] = cdg.write_bias(text, bias, WFGEN)
            except cdg.CdgError as e:
                print(f"covreport: --cdg {e}", file=sys.stderr)
                return 2
            cdg_info["bias"] = bias
            seed0 = int(os.environ.get("SEED") or 1)
            print(f"covreport: CDG: seeds {seed0}..{seed0 + a.regress_seeds - 1} drawn under {bias} "
                  f"(sha256 {cdg_info['sha256'][:16]}, {cdg_info['targets']} targets, from the "
                  f"{cdg_info['kind']} {cdg_info['source']}); re-run: make coverage-report SEED={seed0} "
                  f"SEEDS={a.regress_seeds} CDG={bias}")
        a.paths = a.paths + regress_seeds(a.regress_seeds, out, max(1, a.jobs), bias)
    elif not a.paths:
        ap.error("give coverage files or directories (or --regress-seeds N)")
    files = list(inputs(a.paths))
    if not files:
        print("covreport: no coverage files found", file=sys.stderr)
        return 2
    runs = []
    try:
        t = merge(files, runs)
    except SystemExit as e:
        print(e, file=sys.stderr)
        return 2
    bins = t["bins"]
    holes = [n for n, (h, ap_) in bins.items() if ap_ > 0 and h == 0]
    na = [n for n, (h, ap_) in bins.items() if ap_ == 0 and h == 0]
    hit = [n for n, (h, _) in bins.items() if h > 0]
    if not a.quiet:
        w = max(len(n) for n in bins)
        print(f"{'bin':<{w}}  {'hits':>12}  {'applicable':>12}  state  seeds that hit it")
        for n, (h, ap_) in bins.items():
            state = "hit" if h else ("HOLE" if ap_ else "n/a")
            sd = t["seeds"].get(n, [])
            more = f" (+{len(sd) - 8} more)" if len(sd) > 8 else ""
            print(f"{n:<{w}}  {h:>12}  {ap_:>12}  {state:5}  "
                  f"{len(sd)}: {' '.join(str(x) for x in sd[:8])}{more}" if sd else
                  f"{n:<{w}}  {h:>12}  {ap_:>12}  {state:5}  -")
    print(f"covreport: {t['files']} files, {t['runs']} runs, {t['cycles']} cycles; "
          f"{len(bins)} bins: {len(hit)} hit, {len(holes)} holes, {len(na)} not applicable")
    if t["window_overflow"]:
        print(f"covreport: warning: {t['window_overflow']} waits longer than the coverage "
              "window (bank-conflict, oldest_wins, dispatch.busy, wb.loss bins undercounted)")
    if holes:
        print("never fired (holes):")
        for n in holes:
            print(f"  {n}")
    plan_holes, states = [], {}
    if a.plan:
        _cells, _hit, plan_holes, _unreach = plan_report(runs, states, covproof.load(a.formal))
    closes = None
    if base is not None:
        closes = {"base": os.path.abspath(a.closes), "bins": {"holes": len(base.get("holes", []))},
                  "cells": {"holes": 0}}
        for name in base.get("holes", []):
            h, ap_ = bins.get(name, (0, 0))
            k = "hit" if h else ("still" if ap_ or name not in bins else "n/a")
            closes["bins"][k] = closes["bins"].get(k, 0) + 1
        for cell, v in base.get("plan_cells", {}).items():
            if v["state"] != "hole":
                continue
            closes["cells"]["holes"] += 1
            k = {"hit": "hit", "unreachable": "unreachable"}.get(states.get(cell, {}).get("state"), "still")
            closes["cells"][k] = closes["cells"].get(k, 0) + 1
        b, c = closes["bins"], closes["cells"]
        print(f"closes: of the {b['holes']} bin holes of {a.closes}: {b.get('hit', 0)} hit, "
              f"{b.get('n/a', 0)} not applicable here, {b.get('still', 0)} still holes; of its {c['holes']} plan holes: {c.get('hit', 0)} hit, "
              f"{c.get('unreachable', 0)} shown unreachable (their configuration drawn), "
              f"{c.get('still', 0)} still holes" + ("" if a.plan else " (no --plan: cells not counted)"))
    if a.json:
        out = {"format": FORMAT, "files": t["files"], "runs": t["runs"], "cycles": t["cycles"],
               "window_overflow": t["window_overflow"],
               "bins": {n: list(v) for n, v in bins.items()}, "holes": holes,
               "seeds": {n: v for n, v in t["seeds"].items()}}
        if a.plan:
            out["plan_holes"] = [c for c, _ in plan_holes]
            out["plan_cells"] = states
        if cdg_info:
            out["cdg"] = cdg_info
        if closes:
            out["closes"] = closes
        if os.path.dirname(a.json):
            os.makedirs(os.path.dirname(a.json), exist_ok=True)
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)
            f.write("\n")
    return 1 if a.fail_on_holes and (holes or plan_holes) else 0

