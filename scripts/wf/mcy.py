"""Machine-made mutants (`make mcy`, docs/verification.md "Machine-made mutants").

Yosys' `mutate` (the engine of YosysHQ mcy) samples mutations of one RTL block's
netlist (`mutate -list N`, evenly over its cells and bits) and applies all of
them to one netlist, each gated by a control input (`mutate ... -ctrl mutsel W
i`): mutant i is active only when mutsel = i. The mutated block replaces its
source in an otherwise unchanged design; its mutsel input becomes a register
set from the plusarg +mutsel=I, so ONE Verilated build per block runs every
mutant of that block (mutsel 0 is the unmutated control). Each mutant runs the
default regression's seeds (SIZES=default: the netlist is elaborated at the
default parameters) in the lockstep co-simulation (verif/cosim/run.sh) until a
seed fails (killed) or the seeds run out (survived).

Results are data: OUT/results.json (every mutant: block, kind, source location,
killing seed or none) and a kill table per block and per mutation kind.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import time

from wf.paths import ROOT

RTL = os.path.join(ROOT, "rtl")
RUN = os.path.join(ROOT, "verif", "cosim", "run.sh")
# the blocks wf_core instantiates once (wf_pipe and wf_spram are mutated inside
# wf_exec, wf_lsu and wf_regfile, flattened into them)
BLOCKS = ["fetch", "ibuffer", "scoreboard", "issue", "collector", "staging", "war", "exec", "lsu",
          "writeback", "regfile"]
SUBS = {"exec": ["pipe"], "lsu": ["spram"], "regfile": ["spram"]}
CTRL_WIDTH = 16


class McyError(Exception):
    """A step that cannot go on: one line."""


def rtl_files():
    return sorted(os.path.join(RTL, f) for f in os.listdir(RTL) if f.startswith("wf_") and f.endswith(".v"))


def yosys(script, log, timeout=3600):
    with open(log, "w") as lf:
        p = subprocess.run(["yosys", "-q", "-l", log + ".full", "-s", script], stdout=lf,
                           stderr=subprocess.STDOUT, timeout=timeout)
    if p.returncode != 0:
        raise McyError("yosys -s %s: exit %d (log %s)" % (script, p.returncode, log + ".full"))


def sel(m):
    """Yosys selection of the elaborated module(s) of wf_<m>: $paramod$<hash>\\wf_m or
    $paramod\\wf_m\\P=V (one parameter)."""
    return "*\\wf_%s *\\wf_%s\\*" % (m, m)


def prelude(block):
    """Yosys commands: the design at wf_core's default parameters, the block's
    processes (and its submodules') lowered and the submodules flattened in."""
    mods = " ".join(sel(m) for m in [block] + SUBS.get(block, []))
    lines = ["read_verilog -sv -I %s %s" % (RTL, " ".join(rtl_files())),
             "hierarchy -top wf_core",
             "proc %s" % mods]
    if block in SUBS:
        lines.append("flatten %s" % sel(block))
    lines.append("opt_clean %s" % sel(block))
    return lines


def module_name(listing, block):
    """The elaborated module of the block (a $paramod name) in a mutate list."""
    for line in listing:
        m = re.search(r"-module (\S+)", line)
        if m and re.search(r"\\wf_%s(\\|$)" % block, m.group(1)):
            return m.group(1)
    raise McyError("wf_%s: no mutation names its module" % block)


def params_of(block):
    """The parameter names of rtl/wf_<block>.v's header (kept so wf_core's #() fits)."""
    src = open(os.path.join(RTL, "wf_%s.v" % block)).read()
    head = src[src.index("module wf_%s" % block):]
    head = head[:head.index(");")]
    return re.findall(r"parameter\s+(?:integer\s+|\[[^\]]*\]\s*)?(\w+)", head)


def generate(block, n, seed, outdir):
    """Samples n mutations of wf_<block> and writes the mutated block with mutsel
    selecting one: outdir/wf_<block>.v, outdir/mutations.json. Returns the list."""
    os.makedirs(outdir, exist_ok=True)
    listf = os.path.join(outdir, "list.ys")
    s1 = os.path.join(outdir, "list-script.ys")
    with open(s1, "w") as f:
        f.write("\n".join(prelude(block) + ["mutate -list %d -seed %d -o %s %s" % (n, seed, listf, sel(block))]) + "\n")
    yosys(s1, os.path.join(outdir, "list.log"))
    listing = [l.strip() for l in open(listf) if l.strip().startswith("mutate")]
    if not listing:
        raise McyError("wf_%s: mutate -list gave no mutations" % block)
    muts = []
    for i, line in enumerate(listing, 1):
        mode = re.search(r"-mode (\S+)", line)
        src = re.search(r"-src (\S+)", line)
        muts.append({"id": i, "block": "wf_%s.v" % block, "kind": mode.group(1) if mode else "?",
                     "src": os.path.relpath(src.group(1).strip('"'), ROOT) if src else "?", "cmd": line})
    module_name(listing, block)  # the list names the block's module
    s2 = os.path.join(outdir, "apply.ys")
    out_v = os.path.join(outdir, "wf_%s.v" % block)
    raw_v = out_v + ".raw"
    with open(s2, "w") as f:
        f.write("\n".join(prelude(block) + ["%s -ctrl mutsel %d %d" % (m["cmd"], CTRL_WIDTH, m["id"]) for m in muts]
                          + ["opt_clean %s" % sel(block),
                             "select %s" % sel(block),
                             "write_verilog -noattr -selected %s" % raw_v]) + "\n")
    yosys(s2, os.path.join(outdir, "apply.log"))
    text = open(raw_v).read()
    write_block(text, block, out_v)
    with open(os.path.join(outdir, "mutations.json"), "w") as f:
        json.dump(muts, f, indent=1)
    return muts


def write_block(text, block, out_v):
    """The mutated netlist as module wf_<block>: mutsel an internal register set
    from +mutsel=I (0: no mutation), the original parameters declared (unused:
    the netlist is elaborated at the default sizes)."""
    heads = re.findall(r"^module\s", text, flags=re.M)
    m = re.search(r"^module\s+\S+\s*\(([^;]*)\);", text, flags=re.M)
    if not m or len(heads) != 1:
        raise McyError("%s: expected the one module of wf_%s in the Yosys output" % (out_v, block))
    ports = [p.strip() for p in m.group(1).split(",") if p.strip() and p.strip() != "mutsel"]
    body = text[m.end():]
    body = re.sub(r"\n\s*input\s+\[%d:0\]\s+mutsel\s*;" % (CTRL_WIDTH - 1), "", body)
    body = re.sub(r"\n\s*wire\s+\[%d:0\]\s+mutsel\s*;" % (CTRL_WIDTH - 1), "", body)
    decl = ["  parameter %s = 0;" % p for p in params_of(block)]
    decl += ["  reg [%d:0] mutsel;" % (CTRL_WIDTH - 1),
             "  initial if (!$value$plusargs(\"mutsel=%d\", mutsel)) mutsel = 0;"]
    out = ("// Generated by scripts/mcy.py from rtl/wf_%s.v: Yosys mutate, every mutation\n"
           "// gated by mutsel (+mutsel=I; 0: none). Do not edit.\n"
           "module wf_%s(%s);\n%s%s" % (block, block, ", ".join(ports), "\n".join(decl), body))
    with open(out_v, "w") as f:
        f.write(out)
    write_vlt(out_v)


def write_vlt(out_v):
    vlt = os.path.join(os.path.dirname(out_v), "wf_mcy.vlt")
    with open(vlt, "w") as f:
        f.write("`verilator_config\n// the generated netlist: Yosys' names and widths, not the house style;\n"
                "// its bit-level cells make Verilator see loops through whole vectors (UNOPTFLAT,\n"
                "// a speed note), also at wf_core's wires that connect them\n"
                "lint_off -file \"%s\"\nlint_off -rule UNOPTFLAT\n" % out_v)


def design_files(block, outdir):
    """WF_RTL_FILES of the mutated design: the block's source replaced."""
    keep = [f for f in rtl_files() if os.path.basename(f) != "wf_%s.v" % block]
    return " ".join([os.path.join(RTL, "wf.vlt"), os.path.join(outdir, "wf_mcy.vlt")] + keep
                    + [os.path.join(outdir, "wf_%s.v" % block)])


def env_for(block, outdir):
    e = dict(os.environ)
    e.update({"WF_RTL_FILES": design_files(block, outdir), "WF_TOP": "wf_core",
              "WF_DEFINES": "WF_ASSERT", "WF_AUTO_WAVES": "0"})
    for k in ("WF_RTL_PARAMS", "WF_CMP", "WF_LINE_COV"):
        e.pop(k, None)
    return e


def build(block, outdir, timeout=3600):
    log = os.path.join(outdir, "build.log")
    with open(log, "w") as lf:
        p = subprocess.run([RUN, "--build-only"], env=env_for(block, outdir), stdout=lf,
                           stderr=subprocess.STDOUT, timeout=timeout, cwd=ROOT)
    if p.returncode != 0:
        raise McyError("wf_%s: the Verilated build failed (log %s)" % (block, log))


def run_one(block, outdir, prog, opts, mutsel, timeout):
    """0 pass, 1 fail (mismatch, assertion, timeout of the run); the first report line."""
    cmd = [RUN, prog] + opts + ["+mutsel=%d" % mutsel]
    try:
        p = subprocess.run(cmd, env=env_for(block, outdir), capture_output=True, text=True,
                           timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return 1, "timeout after %d s" % timeout
    if p.returncode == 2:
        raise McyError("%s: usage error: %s" % (" ".join(cmd), (p.stderr or p.stdout).strip()[:300]))
    lines = p.stdout.splitlines()
    head = next((l for l in lines if l[:1].isupper() and not l.startswith("PASS")), "")
    field = next((l.strip() for l in lines if l.strip().startswith("field:")), "")
    return (0 if p.returncode == 0 else 1), ("%s %s" % (head, field)).strip()[:200] or "exit %d" % p.returncode


def evaluate(block, outdir, muts, seeds, timeout=120, jobs=1):
    """Runs the control on every seed (must pass), then each mutant seed by seed
    until one fails. Fills m["killed_by"] (seed or None) and m["report"]."""
    for s in seeds:
        rc, why = run_one(block, outdir, s["prog"], s["opts"], 0, timeout)
        if rc:
            raise McyError("wf_%s: the control (mutsel 0) fails seed %d: %s" % (block, s["seed"], why))

    def one(m):
        m["killed_by"], m["report"] = None, ""
        for s in seeds:
            rc, why = run_one(block, outdir, s["prog"], s["opts"], m["id"], timeout)
            if rc:
                m["killed_by"], m["report"] = s["seed"], why
                break
        return m

    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as ex:
        list(ex.map(one, muts))


def table(muts, seeds_at=(10, 100)):
    """Kill counts per block and per kind: {key: {"n", "killed", "killed@K"...}}."""
    def add(t, key, m):
        r = t.setdefault(key, {"n": 0, "killed": 0})
        r["n"] += 1
        if m["killed_by"] is not None:
            r["killed"] += 1
        for k in seeds_at:
            r.setdefault("killed@%d" % k, 0)
            if m["killed_by"] is not None and m.get("seed_rank", 0) < k:
                r["killed@%d" % k] += 1
    by_block, by_kind = {}, {}
    for m in muts:
        add(by_block, m["block"], m)
        add(by_kind, m["kind"], m)
    return by_block, by_kind


def main(args):
    """args: blocks, n, seed, seeds (list of seed numbers), out, timeout, jobs. Returns the results dict."""
    from wf.regress import seed as regseed  # the regression's own seed -> configuration and program mapping
    t0 = time.time()
    c0 = os.times()
    seeds = []
    for s in args.seeds:
        _sset, prog, opts = regseed.regression_seed(s, {"default"}, os.path.join(args.out, "programs"))
        seeds.append({"seed": s, "prog": prog, "opts": opts})
    all_muts, builds, errors = [], 0, []
    for block in args.blocks:
        outdir = os.path.join(args.out, block)
        mj, ej = os.path.join(outdir, "mutations.json"), os.path.join(outdir, "evaluated.json")
        if args.reuse and os.path.exists(ej) and json.load(open(ej))["seeds"] == args.seeds:
            muts = json.load(open(ej))["mutants"]  # evaluated by an earlier run on these seeds
        else:
            try:
                if args.reuse and os.path.exists(mj) and os.path.exists(os.path.join(outdir, "wf_%s.v" % block)):
                    muts = json.load(open(mj))  # the netlist of an earlier run with these arguments
                    write_vlt(os.path.join(outdir, "wf_%s.v" % block))
                else:
                    muts = generate(block, args.n, args.seed, outdir)
                build(block, outdir, args.build_timeout)
            except McyError as e:  # the other blocks still run; the error is in the results
                errors.append(str(e))
                print("mcy: %s" % e, flush=True)
                continue
            builds += 1
            evaluate(block, outdir, muts, seeds, args.timeout, args.jobs)
            rank = {s["seed"]: i for i, s in enumerate(seeds)}
            for m in muts:
                m["seed_rank"] = rank.get(m["killed_by"], 0)
            with open(ej, "w") as f:
                json.dump({"seeds": args.seeds, "mutants": muts}, f, indent=1)
        all_muts += muts
        print("mcy: wf_%s: %d mutants, %d killed" % (block, len(muts), sum(m["killed_by"] is not None for m in muts)),
              flush=True)
        res = results(args, all_muts, builds, t0, c0, errors)  # after every block: a stopped run keeps them
    return res


def results(args, all_muts, builds, t0, c0, errors):
    c1 = os.times()
    by_block, by_kind = table(all_muts)
    res = {"format": "warpfront-mcy-1", "blocks": args.blocks, "mutants_per_block": args.n,
           "mutate_seed": args.seed, "seeds": args.seeds, "builds": builds, "errors": errors,
           "wall_s": round(time.time() - t0, 1),
           "cpu_s": round((c1.children_user + c1.children_system) - (c0.children_user + c0.children_system), 1),
           "by_block": by_block, "by_kind": by_kind,
           "mutants": [{k: m[k] for k in ("id", "block", "kind", "src", "killed_by", "report", "cmd")} for m in all_muts]}
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(res, f, indent=1)
    return res


def print_report(res, out):
    n = len(res["mutants"])
    k = sum(m["killed_by"] is not None for m in res["mutants"])
    print("\nkill table per block (mutants, killed within the %d seeds)" % len(res["seeds"]))
    for key, r in sorted(res["by_block"].items()):
        print("  %-18s %4d  %4d  %5.1f %%" % (key, r["n"], r["killed"], 100.0 * r["killed"] / r["n"]))
    print("kill table per mutation kind")
    for key, r in sorted(res["by_kind"].items()):
        print("  %-18s %4d  %4d  %5.1f %%" % (key, r["n"], r["killed"], 100.0 * r["killed"] / r["n"]))
    surv = [m for m in res["mutants"] if m["killed_by"] is None]
    if surv:
        print("survivors (mutsel, kind, source):")
        for m in surv:
            print("  %s #%d %-6s %s" % (m["block"], m["id"], m["kind"], m["src"]))
    print("mcy: %d mutants, %d killed (%.1f %%), %d survived; %d builds, %.0f s wall, %.1f CPU min; %s"
          % (n, k, 100.0 * k / n if n else 0, n - k, res["builds"], res["wall_s"], res["cpu_s"] / 60,
             os.path.join(out, "results.json")))
