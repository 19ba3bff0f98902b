"""`make fpga-guard` (part of `make test`): the area/mapping regression guard
of the FPGA build (docs/fpga.md "Regression guard"). Yosys `synth_ecp5
-noflatten` of fpga/wf_fpga_top.v at a small shape (GUARD below), then per
block (module, all instances summed):

  * LUT4, CCU2C, TRELLIS_FF, DP16KD, MULT18X18D, TRELLIS_DPR16X4 within
    TOL of the recorded baseline fpga/area-baseline.json (block RAM and DSP
    counts exactly);
  * the multipliers are in DSP cells: the execution units hold at least
    3 MULT18X18D per lane (the MUL's 32 x 32 low product) and no other
    block holds one;
  * memories are RAMs where a RAM is intended: every wf_spram (register
    banks, scratchpad) and the instruction memory have block or LUT RAM and
    no more flip-flops than their output register, and the I-cache data of
    wf_fetch is not in flip-flops.

Before the checks it runs the unit tests of the table merge and of the
logic-level report (tests/scripts/test_synth_merge.py, test_logic_depth.py).
`scripts/fpga-guard.py --update` rewrites the baseline from this run (after an
intended change; say why in the commit); `--stat FILE` checks a `stat` output
of that run (build/fpga-guard/stat.txt) instead of running Yosys. Exit 0 pass, 1 fail, 2 usage."""
import json
import os
import re
import subprocess
import sys
import time

from wf.synth import flows as flow  # (the ECP5 synthesis recipe, written once)
from wf.synth.configs import MIN
from wf.paths import ROOT, rtl_sources

OUT = os.path.join(ROOT, "build", "fpga-guard")
BASE = os.path.join(ROOT, "fpga", "area-baseline.json")
# a small shape (ice-min's sizes: the guard must stay short); 1 lane, so the
# MUL check is 3 MULT18X18D
GUARD = dict(MIN, REGS=8, ICACHE_LINES=4, IMEM_WORDS=256, MEM_WORDS=256, MUL_LAT_MAX=2)
KINDS = ("LUT4", "CCU2C", "TRELLIS_FF", "DP16KD", "MULT18X18D", "TRELLIS_DPR16X4")
EXACT = ("DP16KD", "MULT18X18D")
TOL = 0.10          # relative, LUT4 / CCU2C / FF / LUT RAM
SLACK = 16          # absolute cells a small block may move either way


def synth():
    """Yosys from the repository root with relative source paths: the cells'
    src attributes, and so the order ABC sees them in and its mapping, are
    the same in every checkout (absolute paths moved LUT4 counts by 20 %)."""
    os.makedirs(OUT, exist_ok=True)
    rel = os.path.relpath(OUT, ROOT)
    rtl = rtl_sources()
    p = dict(GUARD, IMEM_HEX='"fpga/demo.hex"')
    script = ["read_verilog -sv -Irtl fpga/wf_fpga_top.v %s" % " ".join(rtl)]
    script += ["chparam -set %s %s wf_fpga_top" % kv for kv in sorted(p.items())]
    script += flow.synth_ecp5_cmds("wf_fpga_top", noflatten=True) + ["tee -q -o %s/stat.txt stat" % rel]
    with open(os.path.join(OUT, "guard.ys"), "w") as f:
        f.write("\n".join(script) + "\n")
    r = subprocess.run(["yosys", "-q", "-l", rel + "/yosys.log", "-s", rel + "/guard.ys"], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if r.returncode:
        sys.exit("fpga-guard: FAIL yosys (%s/yosys.log): %s" % (OUT, r.stdout[-1000:]))
    return open(os.path.join(OUT, "stat.txt")).read()


def block_name(mod, body):
    """module -> block (wf_... without Yosys' parameter suffix; the three
    wf_pipe stage chains, ALU, MUL and LSU, count as one block)"""
    base = [c for c in re.split(r"[\\$]", mod) if c.startswith("wf_")]
    name = base[0] if base else mod
    return "wf_pipe (ALU, MUL, LSU)" if name == "wf_pipe" else name


def per_block(text):
    head, _, hier = text.partition("=== design hierarchy ===")
    inst = {m.group(1): int(m.group(2)) for m in re.finditer(r"^\s+(\S+)\s+(\d+)\s*$",
                                                             hier.split("Number of wires")[0], re.M)}
    out = {}
    for m in re.finditer(r"^=== (\S+) ===\n(.*?)(?=^=== |\Z)", head, re.M | re.S):
        mod, body = m.group(1), m.group(2)
        n = inst.get(mod, 1)
        b = out.setdefault(block_name(mod, body), dict({k: 0 for k in KINDS}, instances=0))
        b["instances"] += n
        for k in KINDS:
            c = re.search(r"^\s+%s\s+(\d+)\s*$" % k, body, re.M)
            b[k] += n * (int(c.group(1)) if c else 0)
    return out


def checks(blocks):
    errs = []
    lanes = GUARD["LANES"]
    mul = sum(c["MULT18X18D"] for b, c in blocks.items() if b.startswith("wf_pipe"))
    if mul < 3 * lanes:
        errs.append("execution units: %d MULT18X18D, want at least 3 per lane = %d (the MUL's "
                    "32 x 32 low product in DSPs)" % (mul, 3 * lanes))
    # a DSP anywhere else is an index or constant product on the §12 chain
    # (rtl/wf_sel.vh writes run-time-index part selects as muxes)
    for b, c in sorted(blocks.items()):
        if not b.startswith("wf_pipe") and c["MULT18X18D"]:
            errs.append("%s: %d MULT18X18D outside the execution units (an index or constant "
                        "product: use rtl/wf_sel.vh)" % (b, c["MULT18X18D"]))
    sp = blocks.get("wf_spram")
    if not sp:
        errs.append("no wf_spram block (register banks, scratchpad)")
    else:
        rams = sp["DP16KD"] + sp["TRELLIS_DPR16X4"]
        # output registers: BANKS rows of LANES x 32 bits + one scratchpad line
        outbits = GUARD["BANKS"] * lanes * 32 + GUARD["MEM_LINE"] * 32
        if not rams or sp["TRELLIS_FF"] > outbits:
            errs.append("wf_spram: %d block/LUT RAM cells, %d flip-flops (at most %d output-register "
                        "bits): memory mapped to flops" % (rams, sp["TRELLIS_FF"], outbits))
    imem = blocks.get("wf_imem", {})
    if not imem.get("DP16KD"):
        errs.append("wf_imem: the instruction memory is not in DP16KD block RAM")
    f = blocks.get("wf_fetch", {})
    icbits = GUARD["ICACHE_LINES"] * GUARD["ICACHE_LINE"] * 64
    if f.get("TRELLIS_FF", 0) >= icbits:
        errs.append("wf_fetch: %d flip-flops >= the I-cache data's %d bits: I-cache data in flops"
                    % (f.get("TRELLIS_FF", 0), icbits))
    return errs


def compare(blocks, base):
    errs = []
    for b in sorted(set(base) | set(blocks)):
        if b not in blocks or b not in base:
            errs.append("%s: block %s" % (b, "gone" if b not in blocks else "new (not in the baseline)"))
            continue
        for k in KINDS:
            got, want = blocks[b][k], base[b][k]
            lim = 0 if k in EXACT else max(SLACK, TOL * want)
            if abs(got - want) > lim:
                errs.append("%s: %s %d, baseline %d (allowed +-%d)" % (b, k, got, want, lim))
    return errs


def main(argv):
    stat = None
    if "--stat" in argv and argv.index("--stat") + 1 < len(argv):
        i = argv.index("--stat")
        stat, argv = argv[i + 1], argv[:i] + argv[i + 2:]
    if argv not in ([], ["--update"]) or (stat and not os.path.exists(stat)):
        print("usage: scripts/fpga-guard.py [--update | --stat STAT.txt]")
        return 2
    t0 = time.time()
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        os.path.join(ROOT, "tests", "scripts", "test_synth_merge.py"),
                        os.path.join(ROOT, "tests", "scripts", "test_logic_depth.py")])
    if r.returncode:
        return 1
    print("fpga-guard: synth_ecp5 -noflatten of wf_fpga_top at %s" %
          " ".join("%s=%s" % kv for kv in sorted(GUARD.items())), flush=True)
    blocks = per_block(open(stat).read() if stat else synth())
    print("fpga-guard: yosys %.0f s; per block: %s" % (time.time() - t0, ", ".join(
        "%s %s" % (b, "/".join(str(c[k]) for k in KINDS)) for b, c in sorted(blocks.items()))))
    errs = checks(blocks)
    if argv == ["--update"]:
        if errs:
            print("\n".join("fpga-guard: FAIL " + e for e in errs))
            print("fpga-guard: baseline not written (the mapping checks fail)")
            return 1
        with open(BASE, "w") as f:
            json.dump(dict(shape=GUARD, kinds=list(KINDS), blocks=blocks), f, indent=1, sort_keys=True)
            f.write("\n")
        print("fpga-guard: wrote %s" % os.path.relpath(BASE, ROOT))
        return 0
    if not os.path.exists(BASE):
        errs.append("no baseline %s (scripts/fpga-guard.py --update)" % os.path.relpath(BASE, ROOT))
    else:
        base = json.load(open(BASE))
        if base.get("shape") != GUARD:
            errs.append("the baseline was recorded at another shape; rerun --update")
        else:
            errs += compare(blocks, base["blocks"])
    for e in errs:
        print("fpga-guard: FAIL " + e)
    print("fpga-guard: %s (%d blocks, %.0f s)" % ("FAIL" if errs else "PASS", len(blocks), time.time() - t0))
    return 1 if errs else 0

