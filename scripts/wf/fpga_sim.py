"""The FPGA top wrapper (fpga/wf_fpga_top.v) under Icarus against wfsim: the
parameter mapping, one simulated case and its checks (scripts/fpga-sim.py,
scripts/fpga-gls.py)."""
import json
import os

from .checksum import checksum
from .paths import ROOT, WFSIM, rtl_sources as rtl, run

OUT = os.path.join(ROOT, "build", "fpga_sim")

# wfsim option -> wf_fpga_top parameter (values: wfsim's names -> numbers);
# an upper-case key in a case is a wf_fpga_top parameter of its own
SIZE = {"warps": "WARPS", "lanes": "LANES", "regs": "REGS", "banks": "BANKS",
        "collectors": "COLLECTORS", "sb-entries": "SB_ENTRIES", "ibuf": "IBUF",
        "icache-lines": "ICACHE_LINES", "icache-line": "ICACHE_LINE", "imshrs": "IMSHRS",
        "imem-words": "IMEM_WORDS", "mem-words": "MEM_WORDS", "mem-line": "MEM_LINE",
        "bloom-bits": "BLOOM_BITS"}
RUN = {"layout": ("CFG_SWIZZLE", {"naive": 0, "swizzle": 1}),
       "war": ("CFG_WAR", {"none": 0, "inorder": 1, "warpboard-commit": 2,
                           "warpboard-read": 3, "bloom": 4}),
       "sched": ("CFG_GTO", {"lrr": 0, "gto": 1}),
       "loops": ("CFG_LOOPS", None), "hazard": ("CFG_STALL", {"replay": 0, "stall": 1}),
       "alu-lat": ("CFG_ALU_LAT", None), "mul-lat": ("CFG_MUL_LAT", None),
       "lsu-lat": ("CFG_LSU_LAT", None), "active-warps": ("CFG_ACTIVE_WARPS", None),
       "decode-stage": ("CFG_DECODE_STAGE", None), "alloc-stage": ("CFG_ALLOC_STAGE", None),
       "handoff-stage": ("CFG_HANDOFF_STAGE", None), "fill-stage": ("CFG_FILL_STAGE", None),
       "ready-stage": ("CFG_READY_STAGE", None),
       "imiss-lat": ("IMISS_LAT", None)}
# the wrapper's defaults, in wfsim terms (a small FPGA shape)
BASE = {"warps": 2, "lanes": 2, "regs": 16, "banks": 2, "collectors": 2, "sb-entries": 2,
        "ibuf": 2, "icache-lines": 4, "icache-line": 1, "imshrs": 1, "imem-words": 256,
        "mem-words": 256, "mem-line": 2, "bloom-bits": 4, "layout": "swizzle",
        "war": "bloom", "sched": "lrr", "loops": 3, "hazard": "replay", "alu-lat": 1,
        "mul-lat": 2, "lsu-lat": 2, "active-warps": 0, "decode-stage": 0, "alloc-stage": 0, "handoff-stage": 0,
        "fill-stage": 0, "ready-stage": 0,
        "imiss-lat": 8}

CASES = [
    ("fact_fpga_shape", "sim/examples/fact.s", {}),
    ("vecadd_4x4_line4", "sim/examples/vecadd.s",
     {"warps": 4, "lanes": 4, "regs": 8, "banks": 4, "collectors": 3, "icache-line": 4,
      "icache-lines": 2, "mem-words": 1024, "mem-line": 4, "imiss-lat": 9, "mul-lat": 3}),
    ("memwrap_naive_loops2", "sim/examples/memwrap.s",
     {"warps": 4, "lanes": 1, "banks": 4, "layout": "naive", "loops": 2, "mul-lat": 4,
      "sb-entries": 4, "icache-line": 2, "mem-words": 1024}),
    ("sum_loop_loops1_gto", "sim/examples/sum_loop.s",
     {"warps": 3, "lanes": 3, "banks": 3, "loops": 1, "sched": "gto", "war": "inorder",
      "alu-lat": 2, "mem-line": 1}),
    ("saxpy_stall_imshr2", "sim/examples/saxpy.s",
     {"warps": 2, "lanes": 4, "mem-words": 512, "hazard": "stall", "imshrs": 2,
      "war": "warpboard-read", "icache-line": 2, "icache-lines": 2}),
    # the smallest shape (scripts/synth.py's ice-min, the one that fits an iCE40 HX8K)
    ("fact_min_shape", "sim/examples/fact.s",
     {"warps": 1, "lanes": 1, "regs": 8, "banks": 1, "collectors": 1, "sb-entries": 1, "ibuf": 1,
      "icache-lines": 1, "mem-line": 1, "mul-lat": 1}),
    # the knobs left selectable at run time (PIN_CFG=0: wf_core's PIN_* = -1)
    ("fact_runtime_knobs", "sim/examples/fact.s",
     {"PIN_CFG": 0, "war": "warpboard-commit", "layout": "naive", "sched": "gto"}),
    # the fetch/decode register (docs/microarch.md §3.4), pinned, at the FPGA and the smallest shape
    ("vecadd_decode_stage", "sim/examples/vecadd.s", {"decode-stage": 1, "icache-line": 2}),
    # the pipeline options an FPGA build pins (§3.4, §4.4, §5.6, §6.5, §5.7)
    ("saxpy_pipelined", "sim/examples/saxpy.s",
     {"decode-stage": 1, "alloc-stage": 1, "handoff-stage": 1, "fill-stage": 1, "ready-stage": 1}),
    ("fact_min_decode_stage", "sim/examples/fact.s",
     {"warps": 1, "lanes": 1, "regs": 8, "banks": 1, "collectors": 1, "sb-entries": 1, "ibuf": 1,
      "icache-lines": 1, "mem-line": 1, "mul-lat": 1, "decode-stage": 1}),
]


def wfsim_args(cfg):
    return [a for k, v in sorted(cfg.items()) if not k.isupper() for a in ("--" + k, str(v))]


def params(cfg, hexfile):
    p = {}
    for k, v in cfg.items():
        if k.isupper():                  # a wf_fpga_top parameter itself (PIN_CFG)
            p[k] = int(v)
        elif k in SIZE:
            p[SIZE[k]] = int(v)
        else:
            name, names = RUN[k]
            p[name] = names[v] if names else int(v)
    # the stage chains just long enough for the configured latencies
    p["ALU_LAT_MAX"], p["MUL_LAT_MAX"] = p["CFG_ALU_LAT"], p["CFG_MUL_LAT"]
    p["LSU_LAT_MAX"] = p["CFG_LSU_LAT"]
    p["IMEM_HEX"] = '"%s"' % hexfile
    return p


def simulate(name, cfg, hexfile):
    """Returns (done, checksum, cycles) or raises RuntimeError."""
    vvp = os.path.join(OUT, name + ".vvp")
    cmd = ["iverilog", "-g2012", "-Irtl", "-s", "tb_fpga_top", "-o", vvp]
    for k, v in sorted(params(cfg, hexfile).items()):
        cmd.append("-Ptb_fpga_top.%s=%s" % (k, v))
    cmd += ["fpga/tb_fpga_top.v", "fpga/wf_fpga_top.v"] + rtl()
    r = run(cmd)
    if r.returncode:
        raise RuntimeError("iverilog failed:\n" + r.stdout)
    r = run(["vvp", "-n", vvp])
    line = [ln for ln in r.stdout.splitlines() if ln.startswith("FPGA_SIM ")]
    if r.returncode or len(line) != 1:
        raise RuntimeError("vvp failed:\n" + r.stdout)
    f = dict(kv.split("=") for kv in line[0].split()[1:])
    return int(f["done"]), int(f["checksum"], 16), int(f["cycles"])


def expected(name, prog, cfg):
    """(checksum of the cycle model's state, of the interpreter's, cycles)."""
    st, stf = (os.path.join(OUT, name + s) for s in (".state.json", ".func.json"))
    r = run([WFSIM, "--quiet", "--json", "--dump-state", st] + wfsim_args(cfg) + [prog])
    if r.returncode:
        raise RuntimeError("wfsim failed:\n" + r.stdout)
    cycles = json.loads(r.stdout)["cycles"]
    r = run([WFSIM, "--quiet", "--functional", "--dump-state", stf] + wfsim_args(cfg) + [prog])
    if r.returncode:
        raise RuntimeError("wfsim --functional failed:\n" + r.stdout)
    with open(st) as f1, open(stf) as f2:
        return checksum(json.load(f1)), checksum(json.load(f2)), cycles


def emit_hex(name, prog):
    hexfile = os.path.join(OUT, name + ".hex")
    r = run([WFSIM, "--emit-hex", hexfile, prog])
    if r.returncode:
        raise RuntimeError("wfsim --emit-hex failed:\n" + r.stdout)
    return hexfile


def check(name, prog, over, hexfile=None, sim_over=None):
    """sim_over: parameters the wrapper gets differently from wfsim (negative cases)"""
    cfg = dict(BASE, **over)
    hexfile = hexfile or emit_hex(name, prog)
    want, want_func, want_cycles = expected(name, prog, cfg)
    done, got, cycles = simulate(name, dict(cfg, **(sim_over or {})), hexfile)
    errs = []
    if want_func != want:
        errs.append("interpreter checksum 0x%08x != cycle model 0x%08x" % (want_func, want))
    if not done:
        errs.append("done_led_o never rose")
    if got != want:
        errs.append("checksum 0x%08x, expected 0x%08x" % (got, want))
    if cfg["imshrs"] == 1 and cycles != want_cycles:
        errs.append("cycles %d, wfsim %d" % (cycles, want_cycles))
    note = "cycles %d (wfsim %d%s)" % (cycles, want_cycles,
                                      "" if cfg["imshrs"] == 1 else ", imshrs>1: not compared")
    return errs, "checksum 0x%08x, %s" % (got, note)


def static_checks():
    """Verilator -Wall (waivers: rtl/wf.vlt, fpga/wf_fpga.vlt) at the default,
    a large and a minimal parameter set; a wrapper parameter out of range is
    refused by Icarus and Verilator naming it. Returns the failures."""
    errs = []
    sets = [("default", []),
            ("large", ["-GWARPS=64", "-GREGS=128", "-GLANES=32", "-GMEM_WORDS=65536",
                       "-GIMEM_WORDS=65536", "-GICACHE_LINE=16", "-GIMISS_LAT=20"]),
            ("minimal", ["-GWARPS=1", "-GREGS=1", "-GLANES=1", "-GMEM_WORDS=16", "-GIMEM_WORDS=1",
                         "-GBANKS=1", "-GCOLLECTORS=1", "-GMUL_LAT_MAX=1", "-GCFG_MUL_LAT=1",
                         "-GPIN_CFG=0"])]
    vl = ["verilator", "--lint-only", "-Wall", "-Irtl", "rtl/wf.vlt", "fpga/wf_fpga.vlt",
          "fpga/wf_fpga_top.v", "--top-module", "wf_fpga_top"] + rtl()
    for name, g in sets:
        r = run(vl + g)
        if r.returncode:
            errs.append("verilator -Wall (%s): %s" % (name, r.stdout.splitlines()[0]))
    for p, v, msg in (("IMISS_LAT", 3, "IMISS_LAT_out_of_range_ICACHE_LINE_plus_3_to_256"),
                      ("CFG_LOOPS", 0, "CFG_LOOPS_out_of_range_1_to_3"),
                      ("CFG_MUL_LAT", 3, "CFG_MUL_LAT_out_of_range_1_to_MUL_LAT_MAX")):
        r1 = run(vl + ["-G%s=%d" % (p, v)])
        r2 = run(["iverilog", "-g2012", "-Irtl", "-s", "wf_fpga_top", "-o", os.devnull,
                  "-Pwf_fpga_top.%s=%d" % (p, v), "fpga/wf_fpga_top.v"] + rtl())
        for tool, r in (("verilator", r1), ("iverilog", r2)):
            if r.returncode == 0 or msg not in r.stdout:
                errs.append("%s accepted %s=%d or did not name it" % (tool, p, v))
    return errs
