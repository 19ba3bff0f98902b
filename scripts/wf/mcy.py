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
import glob
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

from wf import result
from wf.paths import ROOT
from wf.regress.settings import IMEM_JITTER_DEFAULT

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


def read_design():
    """Yosys commands: the design elaborated at wf_core's default parameters."""
    return ["read_verilog -sv -I %s %s" % (RTL, " ".join(rtl_files())), "hierarchy -top wf_core"]


def lower(block):
    """Yosys commands: the block's processes (and its submodules') lowered and the
    submodules flattened in."""
    mods = " ".join(sel(m) for m in [block] + SUBS.get(block, []))
    lines = ["proc %s" % mods]
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


def generate(blocks, n, seed, out):
    """Samples n mutations of every block (`mutate -list`, numbered from 1 on over
    all blocks: a mutant's id is its mutsel value) and writes each mutated block
    with mutsel selecting one: out/<block>/wf_<block>.v. One Yosys run: the
    design is read once, each block lowered and mutated alone (the rest deleted:
    `mutate -ctrl` over the whole design costs minutes per block). Returns
    {block: [mutant records]}."""
    lines, first = read_design() + ["design -save elab"], 1
    per = {}
    for block in blocks:
        d = os.path.join(out, block)
        os.makedirs(d, exist_ok=True)
        listf = os.path.join(d, "list.ys")
        if os.path.exists(listf):
            os.remove(listf)
        lines += ["design -load elab"] + lower(block) + [
            # the other blocks as blackboxes (ports only) and this form kept: the
            # survivors' equivalence miters (equiv()) start from the same cell names
            "blackbox * wf_core %%d %s %%d %s %%d" % tuple(sel(block).split()),
            "write_rtlil %s" % os.path.join(d, "lowered.il"),
            "delete * %s %%d %s %%d" % tuple(sel(block).split()),
            "mutate -list %d -seed %d -ctrl mutsel %d %d -o %s %s" % (n, seed, CTRL_WIDTH, first, listf, sel(block)),
            "script %s" % listf,
            # an indexed part-select out of range is x in Verilog, but a Verilated
            # build reads it modulo the vector: a mutant that sends an index out of
            # range would stay invisible in the two-state simulation. Made defined
            # logic before Verilator sees it: a $shift fills with 0 where $shiftx
            # gives x, so out of range reads 0.
            "chtype -map $shiftx $shift %s %%u t:$shiftx %%i" % sel(block),
            "opt_clean %s" % sel(block),
            "write_verilog -noattr -selected %s" % os.path.join(d, "wf_%s.v.raw" % block)]
        per[block] = first
        first += n  # mutate -list gives n unless the block has fewer candidates
    ys = os.path.join(out, "generate.ys")
    with open(ys, "w") as f:
        f.write("\n".join(lines) + "\n")
    yosys(ys, os.path.join(out, "generate.log"))
    res = {}
    for block in blocks:
        d = os.path.join(out, block)
        listing = [l.strip() for l in open(os.path.join(d, "list.ys")) if l.strip().startswith("mutate")]
        if not listing:
            raise McyError("wf_%s: mutate -list gave no mutations" % block)
        module_name(listing, block)  # the list names the block's module
        muts = []
        for line in listing:
            mode = re.search(r"-mode (\S+)", line)
            src = re.search(r"-src (\S+)", line)
            ctrl = re.search(r"\s+-ctrl mutsel %d (\d+)(?=\s)" % CTRL_WIDTH, line)
            if not ctrl or not per[block] <= int(ctrl.group(1)) < per[block] + n:
                raise McyError("%s/list.ys: a mutation without its -ctrl mutsel value: %s" % (d, line[:120]))
            muts.append({"id": int(ctrl.group(1)), "block": "wf_%s.v" % block,
                         "kind": mode.group(1) if mode else "?",
                         "src": os.path.relpath(src.group(1).strip('"'), ROOT) if src else "?",
                         "cmd": line[:ctrl.start()] + line[ctrl.end():]})
        raw_v = os.path.join(d, "wf_%s.v.raw" % block)
        write_block(open(raw_v).read(), block, os.path.join(d, "wf_%s.v" % block))
        with open(os.path.join(d, "mutations.json"), "w") as f:
            json.dump(muts, f, indent=1)
        res[block] = muts
    write_vlt(out, blocks)
    return res


def checks_of(block):
    """rtl/wf_<block>.v's simulation-only checks, for its mutated netlist: the module's
    `ifdef WF_ASSERT regions, after the file's `includes and the module's localparams
    they may use. Yosys reads the design without WF_ASSERT, so the netlist has none of
    them; without them a mutant that only a block's own RTL assertion sees survives.
    "" when the block has none."""
    src = open(os.path.join(RTL, "wf_%s.v" % block)).read()
    start = src.index("module wf_%s" % block)
    head, body = src[:start], src[src.index(");", start) + 2:src.rindex("endmodule")]
    incs = re.findall(r"^\s*`include\s+\"[^\"]+\"", head, flags=re.M)
    out, lines, i = [], body.split("\n"), 0
    while i < len(lines):
        t = lines[i].strip()
        if t.startswith("`include") or re.match(r"localparam\b", t):
            j = i
            while t.startswith("localparam") and ";" not in lines[j] and j + 1 < len(lines):
                j += 1
            out += lines[i:j + 1]
            i = j
        elif re.match(r"function\b", t):
            j = i
            while not lines[j].strip().startswith("endfunction") and j + 1 < len(lines):
                j += 1
            out += lines[i:j + 1]
            i = j
        elif re.match(r"`ifdef\s+WF_ASSERT(\s|//|$)", t):
            depth, j = 1, i + 1
            while depth and j < len(lines):
                u = lines[j].strip()
                depth += 1 if re.match(r"`if(n?)def\b", u) else -1 if u.startswith("`endif") else 0
                j += 1
            out += lines[i:j]
            i = j - 1
        i += 1
    if not any("WF_ASSERT" in l for l in out):
        return ""
    return "\n".join(["  // ---- rtl/wf_%s.v's checks (scripts/mcy.py checks_of) ----" % block]
                     + [l.strip() for l in incs] + out) + "\n"


V_WORDS = set("""always begin end if else for case endcase default integer reg wire posedge negedge
    or and not automatic input output function endfunction localparam parameter assign initial""".split())


def undeclared(checks, netlist):
    """The lower-case names checks_of()'s text reads that neither it, the files it
    includes nor the netlist declares (sorted)."""
    def declared(text):
        out = set()
        for d in re.findall(r"\b(?:wire|reg|integer|input|output|genvar)\b([^;]*);", text):
            out |= set(re.findall(r"(?<![\w'])([a-z_][a-z0-9_]*)", re.sub(r"\[[^\]]*\]", " ", d)))
        out |= set(re.findall(r"\bfunction\b[^;(]*?(\w+)\s*[(;]", text))
        return out | set(re.findall(r"\bbegin\s*:\s*(\w+)", text))
    code = re.sub(r'"[^"\n]*"|//[^\n]*', " ", checks)
    names = set(re.findall(r"(?<![$`\w'.])([a-z_][a-z0-9_]*)\b", code)) - V_WORDS
    decl = declared(netlist) | declared(code)
    for inc in re.findall(r'`include\s+"([^"]+)"', checks):
        if os.path.exists(os.path.join(RTL, inc)):
            decl |= declared(open(os.path.join(RTL, inc)).read())
    return sorted(names - decl)


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
    checks = checks_of(block)
    missing = undeclared(checks, body) if checks else []
    if missing:   # a signal only the checks read: Yosys removed it before the mutation
        checks = "  // rtl/wf_%s.v's checks left out: %s not in the netlist\n" % (block, ", ".join(missing))
    if checks:
        end = out.rindex("endmodule")
        out = out[:end] + checks + out[end:]
    with open(out_v, "w") as f:
        f.write(out)


def write_vlt(out, blocks):
    vlt = os.path.join(out, "wf_mcy.vlt")
    with open(vlt, "w") as f:
        f.write("`verilator_config\n// the generated netlists: Yosys' names and widths, not the house style;\n"
                "// their bit-level cells make Verilator see loops through whole vectors (UNOPTFLAT,\n"
                "// a speed note), also at wf_core's wires that connect them\n")
        for block in blocks:
            f.write("lint_off -file \"%s\"\n" % os.path.join(out, block, "wf_%s.v" % block))
        f.write("lint_off -rule UNOPTFLAT\n")


def design_files(blocks, out):
    """WF_RTL_FILES of the mutated design: each block's source replaced."""
    names = {"wf_%s.v" % b for b in blocks}
    keep = [f for f in rtl_files() if os.path.basename(f) not in names]
    return " ".join([os.path.join(RTL, "wf.vlt"), os.path.join(out, "wf_mcy.vlt")] + keep
                    + [os.path.join(out, b, "wf_%s.v" % b) for b in blocks])


def env_for(blocks, out):
    e = dict(os.environ)
    e.update({"WF_RTL_FILES": design_files(blocks, out), "WF_TOP": "wf_core",
              "WF_DEFINES": "WF_ASSERT", "WF_AUTO_WAVES": "0",
              # a private build cache: the mutated design never enters build/rtl
              "WF_RTL_DIR": os.path.join(out, "rtl")})
    for k in ("WF_RTL_PARAMS", "WF_CMP", "WF_LINE_COV", "WF_COSIM_PREFIX"):
        e.pop(k, None)
    return e


def binary(out):
    """The Verilated harness of the mutated design (run.sh's cache entry in OUT/rtl)."""
    bins = glob.glob(os.path.join(out, "rtl", "*", "Vwf_core"))
    if len(bins) != 1:
        raise McyError("%s/rtl: expected one build, found %d" % (out, len(bins)))
    return bins[0]


def build(blocks, out, timeout=3600):
    """One Verilated build of the design with every block mutated; returns the binary."""
    log = os.path.join(out, "build.log")
    shutil.rmtree(os.path.join(out, "rtl"), ignore_errors=True)  # one build: the one binary() finds
    with open(log, "w") as lf:
        p = subprocess.run([RUN, "--build-only"], env=env_for(blocks, out), stdout=lf,
                           stderr=subprocess.STDOUT, timeout=timeout, cwd=ROOT)
    if p.returncode != 0:
        raise McyError("the Verilated build of the mutated design failed (log %s)" % log)
    return binary(out)


def run_one(binpath, env, prog, opts, mutsel, timeout):
    """0 pass, 1 fail (mismatch, assertion, watchdog, timeout of the run); the first
    report line. Runs the built harness itself: run.sh's per-call checks (library
    make, build key hashes) cost several times the run of one seed."""
    fd, rpath = tempfile.mkstemp(prefix="mcy-", suffix=".json")
    os.close(fd)
    cmd = [binpath, prog] + opts + ["--result", rpath, "+mutsel=%d" % mutsel]
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        result.take(rpath)
        return 1, "timeout after %d s" % timeout
    rec = result.take(rpath)
    kind, msg = result.classify(p.returncode, rec, p.stdout + p.stderr)
    if p.returncode == 2:   # usage, build or an undecided run: the machinery's fault, not a kill
        raise McyError("%s: exit 2: %s" % (" ".join(cmd), msg or result.first_line(p.stderr or p.stdout)))
    if not kind:
        return 0, ""
    if rec is not None and rec.get("status") == "fail":
        cyc, what = result.where(rec)
        return 1, ("%s at cycle %s: %s" % (kind, cyc, what))[:200]
    return 1, ("%s: %s" % (kind, msg))[:200]


def evaluate(binpath, env, muts, seeds, lo, hi, timeout=120, jobs=1, control=True):
    """Seeds[lo:hi]: the control (mutsel 0) on each (must pass), then every mutant not
    yet killed (nor proven equivalent), seed by seed from where it stopped, until
    one fails. Each mutant keeps m["killed_by"] (seed or None), m["rank"] (index of
    the killing seed) and m["tried"] (seeds run, the killing one included)."""
    for s in seeds[lo:hi] if control else []:
        rc, why = run_one(binpath, env, s["prog"], s["opts"], 0, timeout)
        if rc:
            raise McyError("the control (mutsel 0) fails seed %d: %s" % (s["seed"], why))

    def one(m):
        m.setdefault("killed_by", None)
        m.setdefault("report", "")
        m.setdefault("tried", 0)
        if m["killed_by"] is not None or m.get("equiv") == "proven":
            return m
        for i in range(max(lo, m["tried"]), hi):
            rc, why = run_one(binpath, env, seeds[i]["prog"], seeds[i]["opts"], m["id"], timeout)
            m["tried"] = i + 1
            if rc:
                m["killed_by"], m["rank"], m["report"] = seeds[i]["seed"], i, why
                break
        return m

    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as ex:
        list(ex.map(one, muts))


def table(muts, seeds_at=(10, 100)):
    """Kill counts per block and per kind: {key: {"n", "killed", "killed@K"...}};
    killed@K counts the mutants killed by one of the first K seeds."""
    def add(t, key, m):
        r = t.setdefault(key, {"n": 0, "killed": 0})
        r["n"] += 1
        if m.get("killed_by") is not None:
            r["killed"] += 1
        for k in seeds_at:
            r.setdefault("killed@%d" % k, 0)
            if m.get("killed_by") is not None and m["rank"] < k:
                r["killed@%d" % k] += 1
    by_block, by_kind = {}, {}
    for m in muts:
        add(by_block, m["block"], m)
        add(by_kind, m["kind"], m)
    return by_block, by_kind


def stages(nseeds):
    """Seed stages of 10: every mutant runs seeds 1..10 first; only the survivors go
    on, ten seeds at a time for all of them, so a stopped run has one figure for
    all: every survivor ran the same seeds (results' "seeds_done")."""
    return [(lo, min(lo + 10, nseeds)) for lo in range(0, nseeds, 10)]


# make regress's IMEM_JITTER default: from SEED=1 its seeds 8, 16, ... run with the
# harness's --imem-jitter SEED (instruction-memory backpressure, random latency and
# order; the final state, no lockstep)
JITTER_EVERY = IMEM_JITTER_DEFAULT


def regression_item(s, progdir):
    """Regression seed s as make regress SIZES=default runs it: program, options (the
    jitter seeds with --imem-jitter, as wf/regress/runner.py's command)."""
    from wf.regress import seed as regseed  # the regression's own seed -> configuration and program mapping
    _sset, prog, opts = regseed.regression_seed(s, {"default"}, progdir)
    if s % JITTER_EVERY == 0:
        opts = opts + ["--imem-jitter", str(s)]
    return {"seed": s, "prog": prog, "opts": opts}


def main(args):
    """args: blocks, n, seed, seeds (list of seed numbers), out, timeout, jobs, reuse.
    Returns the results dict (also written to OUT/results.json after every stage
    and every 50 mutants)."""
    t0 = time.time()
    c0 = os.times()
    seeds = [regression_item(s, os.path.join(args.out, "programs")) for s in args.seeds]
    ej = os.path.join(args.out, "evaluated.json")
    key = {"blocks": args.blocks, "n": args.n, "mutate_seed": args.seed}
    muts, builds = None, 0
    if args.reuse and os.path.exists(ej):
        old = json.load(open(ej))
        if old.get("key") == key and old["seeds"] == args.seeds[:len(old["seeds"])]:
            muts = old["mutants"]  # an earlier run's mutants, on a prefix of these seeds
            try:
                binary(args.out)
            except McyError:
                build(args.blocks, args.out, args.build_timeout)
                builds = 1
    if muts is None:
        per = generate(args.blocks, args.n, args.seed, args.out)
        muts = [m for b in args.blocks for m in per[b]]
        build(args.blocks, args.out, args.build_timeout)
        builds = 1
    binpath, env = binary(args.out), env_for(args.blocks, args.out)
    res = None
    for lo, hi in stages(len(seeds)):
        if lo == 10 and args.equiv:
            # the survivors of the first stage proven equivalent skip the later seeds
            for block in args.blocks:
                equiv(os.path.join(args.out, block), [m for m in muts if m["block"] == "wf_%s.v" % block],
                      args.equiv_timeout)
            with open(ej, "w") as f:
                json.dump({"key": key, "seeds": args.seeds, "mutants": muts}, f, indent=1)
        for i in range(0, len(muts), 50):
            evaluate(binpath, env, muts[i:i + 50], seeds, lo, hi, args.timeout, args.jobs, control=i == 0)
            with open(ej, "w") as f:
                json.dump({"key": key, "seeds": args.seeds, "mutants": muts}, f, indent=1)
            res = results(args, muts, builds, t0, c0, [])
            print("mcy: seeds %d..%d: %d of %d mutants run, %d killed" % (
                seeds[lo]["seed"], seeds[hi - 1]["seed"], min(i + 50, len(muts)), len(muts),
                sum(m.get("killed_by") is not None for m in muts)), flush=True)
    return res


def try_mutants(out, ids, seed_list, progdir, timeout=60, every=False):
    """Mutants `ids` of OUT's build on the regression seeds `seed_list`, programs drawn by
    this checkout's generator (into progdir): the quick check of a stimulus change
    against survivors. OUT's results are not touched. Returns one record per mutant:
    id, killed_by (first killing seed or None), kills (seeds that kill, when every=True:
    all seeds run; else the run stops at the first kill), tried, report."""
    ej = os.path.join(out, "evaluated.json")
    if not os.path.exists(ej):
        raise McyError("%s: no evaluated.json (run scripts/mcy.py --out %s first)" % (out, out))
    old = json.load(open(ej))
    known = {m["id"]: m for m in old["mutants"]}
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise McyError("--ids: no mutant %s in %s" % (",".join(map(str, unknown)), ej))
    binpath, env = binary(out), env_for(old["key"]["blocks"], out)
    seeds = [regression_item(s, progdir) for s in seed_list]
    for s in seeds:
        rc, why = run_one(binpath, env, s["prog"], s["opts"], 0, timeout)
        if rc:
            raise McyError("the control (mutsel 0) fails seed %d: %s" % (s["seed"], why))
    recs = []
    for i in ids:
        r = {"id": i, "block": known[i]["block"], "src": known[i]["src"], "killed_by": None,
             "kills": [], "tried": 0, "report": ""}
        for s in seeds:
            rc, why = run_one(binpath, env, s["prog"], s["opts"], i, timeout)
            r["tried"] += 1
            if rc:
                r["kills"].append(s["seed"])
                if r["killed_by"] is None:
                    r["killed_by"], r["report"] = s["seed"], why
                if not every:
                    break
        recs.append(r)
    return recs


def load_triage(path):
    """The hand triage, {mutant number: {class, why}}: the JSON files of directory `path`
    (one per block, so block owners never edit one file), or one file."""
    files = sorted(glob.glob(os.path.join(path, "*.json"))) if os.path.isdir(path) else [path]
    out = {}
    for f in files:
        for k, v in json.load(open(f)).items():
            if k in out:
                raise ValueError("%s: mutant %s triaged twice" % (f, k))
            if v.get("class") not in ("equivalent", "unreachable", "gap", "open") or not v.get("why"):
                raise ValueError("%s: mutant %s: class must be equivalent, unreachable, gap or open, with a why" % (f, k))
            out[k] = v
    return out


def merge_equiv(muts, path):
    """The proofs of an equiv.json into the mutants' records: m["equiv"] the core-context
    SAT proof's result (equiv_run(); a bare string, or the record of method
    core-context-sat in a list of records, the other methods' records being
    mcy_formal's block proofs and bounded checks, which the hand triage cites)."""
    proofs = json.load(open(path)) if os.path.exists(path) else {}
    for m in muts:
        v = proofs.get(str(m["id"]))
        if isinstance(v, list):
            v = next((r["result"] for r in v if r.get("method") == "core-context-sat"), None)
        if v is not None:
            m["equiv"] = v


def results(args, all_muts, builds, t0, c0, errors):
    """OUT/results.json; "seeds_done": the seeds every survivor has run (10 while
    the survivors of the first stage have not yet run the later seeds)."""
    c1 = os.times()
    merge_equiv(all_muts, os.path.join(args.out, "equiv.json"))
    done = min([m.get("tried", 0) for m in all_muts if m.get("killed_by") is None] or [len(args.seeds)])
    by_block, by_kind = table(all_muts)
    res = {"format": "warpfront-mcy-2", "blocks": args.blocks, "mutants_per_block": args.n,
           "mutate_seed": args.seed, "seeds": args.seeds, "seeds_done": done, "builds": builds, "errors": errors,
           # mutant runs (the control's one per seed comes on top)
           "mutant_runs": sum(m.get("tried", 0) for m in all_muts),
           "wall_s": round(time.time() - t0, 1),
           "cpu_s": round((c1.children_user + c1.children_system) - (c0.children_user + c0.children_system), 1),
           "by_block": by_block, "by_kind": by_kind,
           "mutants": [{k: m.get(k) for k in ("id", "block", "kind", "src", "killed_by", "rank", "tried", "report",
                                              "equiv", "cmd")}
                       for m in all_muts]}
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(res, f, indent=1)
    return res


def print_report(res, out):
    n = len(res["mutants"])
    k = sum(m["killed_by"] is not None for m in res["mutants"])
    print("\nkill table (mutants; killed within 10, within 100 seeds; survivors ran %d seeds)" % res["seeds_done"])
    for title, t in (("block", res["by_block"]), ("mutation kind", res["by_kind"])):
        print("  %-18s %5s %6s %6s %7s" % (title, "n", "@10", "@100", "rate"))
        for key, r in sorted(t.items()):
            print("  %-18s %5d %6d %6d %6.1f %%" % (key, r["n"], r["killed@10"], r["killed@100"],
                                                   100.0 * r["killed"] / r["n"]))
    surv = [m for m in res["mutants"] if m["killed_by"] is None]
    if surv:
        print("survivors (mutsel, kind, source):")
        for m in surv:
            print("  %s #%d %-6s %s" % (m["block"], m["id"], m["kind"], m["src"]))
    print("mcy: %d mutants, %d killed (%.1f %%), %d survived; %d builds, %.0f s wall, %.1f CPU min; %s"
          % (n, k, 100.0 * k / n if n else 0, n - k, res["builds"], res["wall_s"], res["cpu_s"] / 60,
             os.path.join(out, "results.json")))


# --- survivors: equivalence in the core's context ---------------------------------
#
# For each surviving mutant a miter of wf_core as is against wf_core with that one
# mutation (`miter -equiv`), where the other blocks' instances become free inputs
# and outputs (`expose -evert`) and every flip-flop a free state input and a
# next-state output (`expose -evert-dff`): a SAT proof that the trigger is never
# set shows that for ANY state and ANY values from the other blocks the mutated
# block gives the rest of the core the same values and the same next state, so
# the two cores are equivalent from any equal start (an unbounded proof; it does
# not use the contract's legal configurations, so "not proven" is not "differs").

def equiv_script(muts, outdir):
    """One Yosys script: the block's lowered design as generate() left it (the
    other blocks blackboxes, the same cell names as the mutations'), then per
    mutant its core-context miter written to outdir/miter_<id>.il."""
    block = muts[0]["block"][3:-2]
    # the other blocks' instances (blackboxes) become free inputs and outputs; only
    # instances: `expose -evert` after the flatten also everts cells of the block
    lines = ["read_rtlil %s" % os.path.join(os.path.dirname(outdir), "lowered.il"), "proc wf_core",
             "expose -evert wf_core/c:* wf_core/c:u_%s %%d" % block,
             "design -save base"]
    for m in muts:
        il = os.path.join(outdir, "miter_%d.il" % m["id"])
        lines += ["design -load base",
                  # the mutation behind a 1-bit control, so both sides have the same names
                  "%s -ctrl mutsel 1 1" % m["cmd"],
                  "flatten wf_core",
                  # memories as flip-flops, every flip-flop a plain $dff with a public
                  # name: the forms `expose -evert-dff` turns into state ports
                  "memory -nomap wf_core", "memory_map wf_core",
                  "async2sync wf_core", "dffunmap wf_core", "autoname wf_core/t:$dff %co",
                  "expose -evert-dff wf_core",
                  "delete -port wf_core/mutsel",
                  "copy wf_core gate_core",
                  "cd wf_core", "connect -set mutsel 1'b0", "cd ..",
                  "cd gate_core", "connect -set mutsel 1'b1", "cd ..",
                  "miter -equiv -flatten -make_outputs -ignore_gold_x wf_core gate_core miter",
                  # the two copies' common logic merged: only the mutation's cone is left twice
                  "opt_merge -share_all miter", "opt_clean miter",
                  "select miter",
                  "write_rtlil -selected %s" % il,
                  "select -clear"]
    return lines


def prove(il, timeout):
    """'proven' (the miter's trigger is 0 for every input), 'differs' (SAT found
    inputs setting it), 'timeout' or 'error' (the log says which)."""
    # undef modelled: the miter ignores the outputs where the unmutated core gives x
    # (-ignore_gold_x), and without -enable_undef sat's x handling hid real
    # differences (wf_fetch #10 "proven", killed by seed 14); inputs and states defined
    cmd = ["yosys", "-q", "-p", "read_rtlil %s; sat -verify -prove trigger 0 -enable_undef -set-def-inputs "
           "-timeout %d miter" % (il, timeout)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 120)
    except subprocess.TimeoutExpired:
        return "timeout"
    if p.returncode == 0:
        return "proven"
    out = p.stdout + p.stderr
    if "proof did fail" in out:
        return "differs"
    return "timeout" if "time" in out.lower() else "error"


def equiv(outdir, muts, timeout=60, record=None):
    """Proves every given survivor of the block in outdir (prove()); the results go
    to m["equiv"] and, when given, to the dict `record` ({id: result}) after each."""
    if not muts:
        return
    d = os.path.join(outdir, "equiv")
    os.makedirs(d, exist_ok=True)
    ys = os.path.join(d, "miters.ys")
    with open(ys, "w") as f:
        f.write("\n".join(equiv_script(muts, d)) + "\n")
    yosys(ys, os.path.join(d, "miters.log"))
    for m in muts:
        m["equiv"] = prove(os.path.join(d, "miter_%d.il" % m["id"]), timeout)
        print("mcy: %s #%d %s: %s" % (m["block"], m["id"], m["kind"], m["equiv"]), flush=True)
        if record is not None:
            record(m)


def equiv_run(out, limit, timeout):
    """The equivalence proofs of OUT's survivors of seeds 1..10 (at most `limit` per
    block), in OUT/equiv.json ({"<id>": result}): a file of its own, so a run still
    evaluating OUT can go on."""
    ev = json.load(open(os.path.join(out, "evaluated.json")))
    path = os.path.join(out, "equiv.json")
    done = json.load(open(path)) if os.path.exists(path) else {}

    def record(m):
        old = done.get(str(m["id"]))
        if isinstance(old, list):   # other methods' records (mcy_formal) stay
            done[str(m["id"])] = [r for r in old if r.get("method") != "core-context-sat"] + [
                {"method": "core-context-sat", "result": m["equiv"]}]
        else:
            done[str(m["id"])] = m["equiv"]
        with open(path, "w") as f:
            json.dump(done, f, indent=1, sort_keys=True)
    for block in ev["key"]["blocks"]:
        surv = [m for m in ev["mutants"] if m["block"] == "wf_%s.v" % block and m.get("killed_by") is None
                and m.get("tried", 0) >= min(10, len(ev["seeds"]))
                and not (isinstance(done.get(str(m["id"])), str) or any(
                    r.get("method") == "core-context-sat" for r in done.get(str(m["id"]), [])))]
        equiv(os.path.join(out, block), surv[:limit], timeout, record)
    return done


# --- the records as rates and tables ------------------------------------------------

def triaged(res, triage):
    """Every survivor of res with its triage: the automatic proof (m["equiv"]) unless a
    hand record (triage: {"<id>": {"class", "why"}}) says more. Classes: equivalent
    (proven), unreachable (under the contract's legal configurations: why), gap
    (a stimulus or observation gap, closed: how, and the mutant killed), open."""
    out = []
    for m in res["mutants"]:
        if m["killed_by"] is not None or not m.get("tried"):
            continue  # killed, or not yet run (a stopped run)
        t = dict(triage.get(str(m["id"]), {}))
        if not t:
            if m.get("equiv") == "proven":
                t = {"class": "equivalent", "why": "SAT: the core-context miter's trigger is 0 for every "
                     "state and input (mcy.equiv_script)"}
            else:
                t = {"class": "open", "why": "SAT proof: %s" % (m.get("equiv") or "not run")}
        out.append(dict(m, triage=t))
    return out


def rates(res, triage=None):
    """The machine-made set's rates: of the mutants not proven equivalent, the
    fraction killed within 10 and within 100 seeds of the default regression."""
    surv = {m["id"]: m["triage"]["class"] for m in triaged(res, triage or {})}
    n = sum(bool(m.get("tried")) for m in res["mutants"])  # the mutants run
    eq = sum(c == "equivalent" for c in surv.values())
    ne = n - eq
    k10 = sum(m["killed_by"] is not None and m["rank"] < 10 for m in res["mutants"])
    k100 = sum(m["killed_by"] is not None and m["rank"] < 100 for m in res["mutants"])
    un = sum(c == "unreachable" for c in surv.values())
    return {"mutants": n, "not_run": len(res["mutants"]) - n, "equivalent": eq,
            # the rates also without the mutants unreachable under the legal configurations
            "rate@10_legal": round(100.0 * k10 / (ne - un), 1) if ne > un else None,
            "rate@100_legal": round(100.0 * k100 / (ne - un), 1) if ne > un else None, "non_equivalent": ne, "killed@10": k10, "killed@100": k100,
            "rate@10": round(100.0 * k10 / ne, 1) if ne else None,
            "rate@100": round(100.0 * k100 / ne, 1) if ne else None,
            "seeds_done": min([m["tried"] for m in res["mutants"] if m["killed_by"] is None and m.get("tried")]
                              or [len(res["seeds"])]),
            "survivors": {c: sum(v == c for v in surv.values()) for c in ("equivalent", "unreachable", "gap", "open")}}


def markdown(res, triage):
    """docs/mcy/README.md's generated part: the run, the kill tables, every survivor."""
    r = rates(res, triage)
    done = r["seeds_done"]
    L = ["<!-- generated by scripts/mcy.py --doc from docs/mcy/results.json and docs/mcy/triage/; do not edit -->",
         "",
         "%d mutants run%s (%d per block, `mutate -seed %d`); seeds 1..%d run by every survivor; "
         "%d mutant runs (the control's one per seed on top); %d build(s), %.0f s wall, %.1f CPU minutes "
         "(the process that wrote the record: a resumed run counts from its resumption)." % (
             r["mutants"], " of %d" % len(res["mutants"]) if r["not_run"] else "", res["mutants_per_block"],
             res["mutate_seed"], done, sum(m.get("tried") or 0 for m in res["mutants"]),
             res.get("builds", 0), res.get("wall_s", 0), res.get("cpu_s", 0) / 60.0),
         "",
         "Of the %d mutants not equivalent (proven or argued: the triage below): %d killed within 10 seeds (%.1f %%), %d within 100 (%.1f %%)%s."
         % (r["non_equivalent"], r["killed@10"], r["rate@10"] or 0, r["killed@100"], r["rate@100"] or 0,
            "" if done >= 100 else " (the survivors ran only %d seeds: the 100-seed figure is a lower bound)" % done),
         "Without the %d unreachable under the legal configurations: %.1f %% and %.1f %%."
         % (r["survivors"]["unreachable"], r["rate@10_legal"] or 0, r["rate@100_legal"] or 0),
         "Survivors: %s." % ", ".join("%d %s" % (v, k) for k, v in r["survivors"].items()),
         ""]
    for title, t in (("block", res["by_block"]), ("mutation kind", res["by_kind"])):
        L += ["| %s | mutants | killed within 10 | within 100 | survived |" % title, "|---|---:|---:|---:|---:|"]
        for key, x in sorted(t.items()):
            L.append("| %s | %d | %d | %d | %d |" % (key, x["n"], x["killed@10"], x["killed@100"], x["n"] - x["killed"]))
        L.append("")
    L += ["| mutsel | block | kind | source | triage | why |", "|---:|---|---|---|---|---|"]
    for m in triaged(res, triage):
        L.append("| %d | %s | %s | %s | %s | %s |" % (m["id"], m["block"], m["kind"], m["src"],
                                                     m["triage"]["class"], m["triage"]["why"].replace("|", "\\|")))
    return "\n".join(L) + "\n"
