"""`make test-soc`: the Wishbone top (fpga/wf_wb_top.v, wf_wb_ctrl.v) and its
Python driver (scripts/wf/soc.py) against wfsim (docs/soc.md).

  1. static checks: Verilator -Wall (waivers: rtl/wf.vlt, fpga/wf_fpga.vlt,
     fpga/wf_wb.vlt) at three parameter sets, Icarus -g2012, Yosys (no latches,
     `check -assert`) of wf_wb_ctrl, a bad pipeline option refused by name, the
     C driver compiled with -Wall -Wextra -Werror, the FuseSoC core warpfront_wb.core linted;
  2. builds the simulated bus (fpga/wbsim.cpp: the top Verilated, a bus master
     and a system memory answering the DMA, on pipes) at two shapes, the second
     with every pipeline option and memory wait states, cached under
     build/wbsim/SHAPE/ by a hash of the sources;
  3. every sim/examples program and a few sim/kernels (with the run-time
     options of their `# wfsim-options:` line the shape can run) and a few
     configurations of fact.s: image and data DMA'd in from system memory, the
     configuration and start pcs written, launch, the done interrupt, the
     scratchpad and the registers DMA'd back, the cycle counter read; the final
     state and the cycle count must equal wfsim's;
  4. the checks can fail, each naming the program and the field: a DMA back one
     item short, a corrupted result word in system memory, a reference run
     with another configuration;
  5. bad input refused by the driver (an image larger than the instruction
     memory, a configuration the build cannot take, a DMA range outside the
     system memory window or the space, a launch while busy) and by the
     hardware itself with the driver bypassed (ERROR's code, nothing written).
TEST_SOC_SHAPES="2w2l" runs one shape only (debugging; make test runs both)."""
import os
import subprocess
import tempfile
import time

import pytest

from wf import socmap as S, vlbuild
from wf.host import HostError, knobs_for
from wf.paths import ROOT, kernel_options, rtl_sources as rtl, run
from wf.soc import POISON, REG, SimBus, Soc, check_program
from wf.testing import WFSIM  # noqa: F401  (the wfsim the drivers run: WFSIM)

SYS_BASE, SYS_SIZE = 0x40000000, 0x10000
WB_SRC = ["fpga/wf_wb_top.v", "fpga/wf_wb_ctrl.v", "fpga/wf_host_core.v", "fpga/wf_fpga_top.v"]
VLT = ["rtl/wf.vlt", "fpga/wf_fpga.vlt", "fpga/wf_wb.vlt"]
SHAPES = {
    "2w2l": dict(WARPS=2, LANES=2, REGS=16, BANKS=2, COLLECTORS=2),
    "4w2l": dict(WARPS=4, LANES=2, REGS=16, BANKS=4, COLLECTORS=4, SB_ENTRIES=4, ICACHE_LINES=8,
                 ICACHE_LINE=2, ALU_LAT_MAX=2, MUL_LAT_MAX=4, LSU_LAT_MAX=3, DECODE_STAGE=1,
                 ALLOC_STAGE=1, HANDOFF_STAGE=1, FILL_STAGE=1, READY_STAGE=1),
}
WAIT = {"2w2l": 0, "4w2l": 3}        # the system memory's wait states (wbsim --wait)
ONLY = os.environ.get("TEST_SOC_SHAPES")
SHAPE_NAMES = ONLY.split() if ONLY else list(SHAPES)
KERNELS = ["sim/kernels/dot.s", "sim/kernels/stencil.s", "sim/kernels/vecadd.s"]
CONFIGS = [{"loops": "1"}, {"loops": "2", "layout": "naive"},
           {"sched": "gto", "hazard": "stall", "war": "inorder"}]


# ---- 1. static checks -----------------------------------------------------------------------------
VL = ["verilator", "--lint-only", "-Wall", "-Irtl", "-Ifpga"] + VLT + ["--top-module", "wf_wb_top"]
VL_SETS = [[], ["-GWARPS=1", "-GLANES=1", "-GREGS=8", "-GBANKS=1", "-GCOLLECTORS=1",
                "-GPIN_LOOPS=3", "-GPIN_WAR=4", "-GPIN_LAYOUT=0", "-GPIN_SCHED=1", "-GPIN_HAZARD=1"],
           ["-GWARPS=16", "-GREGS=64", "-GLANES=16", "-GMEM_WORDS=65536", "-GIMEM_WORDS=65536",
            "-GICACHE_LINE=16", "-GIMISS_LAT=20", "-GALU_LAT_MAX=4", "-GMUL_LAT_MAX=8",
            "-GLSU_LAT_MAX=8"]]


@pytest.mark.parametrize("g", VL_SETS, ids=["default", "small-pinned", "large"])
def test_verilator_lint(g):
    r = run(VL + g + WB_SRC + rtl())
    assert r.returncode == 0, "verilator -Wall of wf_wb_top %s: %s" % (
        " ".join(g), (r.stdout.splitlines() or [""])[0])


def test_icarus_and_yosys():
    r = run(["iverilog", "-g2012", "-Irtl", "-Ifpga", "-s", "wf_wb_top", "-o", os.devnull] +
            WB_SRC + rtl())
    assert r.returncode == 0, "iverilog of wf_wb_top: " + r.stdout[-300:]
    r = run(["yosys", "-q", "-p", "read_verilog -sv -Irtl -Ifpga fpga/wf_wb_ctrl.v; "
             "synth -top wf_wb_ctrl -run begin:fine; check -assert; "
             "select -assert-none t:$dlatch t:$adlatch t:$dlatchsr"])
    assert r.returncode == 0, "yosys of wf_wb_ctrl (no latches, check -assert): " + r.stdout[-300:]


def test_bad_parameter_refused_by_name():
    r = run(VL + ["-GDECODE_STAGE=2"] + WB_SRC + rtl())
    assert r.returncode != 0 and "DECODE_STAGE_out_of_range_0_to_1" in r.stdout, \
        "DECODE_STAGE=2 not refused by name: " + r.stdout[-300:]


def test_c_driver_compiles():
    """the C driver and its generated header (drivers/) under the project's C flags"""
    r = run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-Idrivers", "-c", "-o", os.devnull,
             "drivers/wf_soc.c"])
    assert r.returncode == 0, "cc drivers/wf_soc.c: " + r.stdout[-500:]
    # and for the SoC's CPU (VexRiscv: rv32im), with Debian's RISC-V GCC and picolibc
    r = run(["riscv64-unknown-elf-gcc", "-march=rv32im", "-mabi=ilp32", "--specs=picolibc.specs",
             "-std=c11", "-Wall", "-Wextra", "-Werror", "-Os", "-Idrivers", "-c", "-o", os.devnull,
             "drivers/wf_soc.c"])
    assert r.returncode == 0, "riscv64-unknown-elf-gcc drivers/wf_soc.c (scripts/setup.sh " \
        "installs it): " + r.stdout[-500:]


# ---- 2. the simulated bus -------------------------------------------------------------------------
def build(shape):
    """The simulated bus at SHAPES[shape]: verif/build.sh's cached build (wf.vlbuild)."""
    p = dict(SHAPES[shape])
    deps = WB_SRC + rtl() + VLT + ["fpga/wbsim.cpp", "fpga/wf_host_proto.vh", "fpga/wf_cfg.vh",
                                   "fpga/wf_wb_regs.vh", "fpga/demo.hex"] + rtl(".vh")
    d = os.path.join(ROOT, "build", "wbsim", shape)
    cmd = ["verilator", "--cc", "--exe", "--build", "-j", os.environ.get("JOBS", "2"), "-O2",
           "-MAKEFLAGS", vlbuild.MAKE_CC, "-Irtl", "-Ifpga"] + VLT + [
           "--top-module", "wf_wb_top", "--Mdir", d, "-o", "wbsim", "-CFLAGS", "-O1",
           "-CFLAGS", "-DSYS_BASE=0x%xu" % SYS_BASE, "-CFLAGS", "-DSYS_SIZE=0x%xu" % SYS_SIZE,
           "-GSYS_BASE=32'h%x" % SYS_BASE, "-GSYS_SIZE=32'h%x" % SYS_SIZE,
           "-GIMEM_HEX=\"%s\"" % os.path.join(ROOT, "fpga", "demo.hex")]
    cmd += ["-G%s=%s" % kv for kv in sorted(p.items())]
    cmd += WB_SRC + rtl() + [os.path.join(ROOT, "fpga", "wbsim.cpp")]
    try:
        return vlbuild.cached(d, "wbsim", cmd, deps)
    except vlbuild.BuildError as e:
        raise RuntimeError("verilator build of the %s bus: %s" % (shape, e))


_EXES = {}


def soc(shape, bus_cls=SimBus, soc_cls=Soc):
    """a fresh simulated bus and its driver (the executable built once per session)"""
    if shape not in _EXES:
        exe, how = build(shape)
        print("test-soc: simulated bus %s: %s" % (shape, how), flush=True)
        _EXES[shape] = exe
    return soc_cls(bus_cls(_EXES[shape], SYS_BASE, SYS_SIZE, wait=WAIT[shape]))


# ---- 3. programs against wfsim ---------------------------------------------------------------------
RUNTIME = {"layout", "war", "sched", "loops", "hazard", "alu-lat", "mul-lat", "lsu-lat",
           "active-warps"}


def given_options(prog, shape):
    """the run-time options of prog's `# wfsim-options:` line the shape can run"""
    sh = SHAPES[shape]
    maxima = {"alu-lat": sh.get("ALU_LAT_MAX", 1), "mul-lat": sh.get("MUL_LAT_MAX", 2),
              "lsu-lat": sh.get("LSU_LAT_MAX", 2), "active-warps": sh["WARPS"]}
    toks = kernel_options(os.path.join(ROOT, prog))
    out = {}
    for k, v in zip(toks[::2], toks[1::2]):
        k = k[2:]
        if k in RUNTIME and (k not in maxima or int(v) <= maxima[k]):
            out[k.replace("-", "_")] = int(v) if k in maxima else v
    return out


PROGS = sorted("sim/examples/" + f for f in os.listdir(os.path.join(ROOT, "sim", "examples"))
               if f.endswith(".s")) + KERNELS


@pytest.mark.parametrize("shape", SHAPE_NAMES)
def test_programs_equal_wfsim(shape):
    """one SoC session per shape: every program and configuration in turn"""
    s = soc(shape)
    fails, ran, empty = [], 0, []
    runs = [(p, given_options(p, shape)) for p in PROGS] + \
        [("sim/examples/fact.s", c) for c in CONFIGS]
    with s.bus:
        for prog, given in runs:
            errs, state, cycles = check_program(s, os.path.join(ROOT, prog), given)
            fails += errs
            ran += 1
            if not (any(state["mem"]) or any(any(any(r) for r in w) for w in state["regs"])):
                empty.append(prog)
    # the seed examples leave zeros (their registers start at 0); most programs must not
    assert len(empty) <= 2, "all-zero results (nothing compared?): %s" % empty
    assert not fails, "%d of %d runs differ from wfsim: %s" % (len(fails), ran, "; ".join(fails))


# ---- 4. the checks can fail -------------------------------------------------------------------------
FACT = os.path.join(ROOT, "sim/examples/fact.s")
VECADD = os.path.join(ROOT, "sim/examples/vecadd.s")


def test_short_dma_fails_naming_the_field():
    class ShortSoc(Soc):
        def dma(self, space, to_sys, local, sys_addr, n, **kw):
            if space == "mem" and to_sys:
                n -= 1                 # the last scratchpad word is not brought back
            return super().dma(space, to_sys, local, sys_addr, n, **kw)
    s = soc(SHAPE_NAMES[0], soc_cls=ShortSoc)
    with s.bus:
        errs, _, _ = check_program(s, VECADD, {})
    last = s.shape["mem_words"] - 1
    assert any(e.startswith(VECADD + ": mem[%d]: board %d" % (last, POISON)) for e in errs), \
        "a DMA one word short was not caught by name: %s" % errs


def test_corrupted_result_word_fails_naming_the_field():
    class FlipBus(SimBus):
        def mem_read(self, addr, n):
            out = super().mem_read(addr, n)
            out[3] ^= 1 << 7           # mem[3] as it lies in system memory
            return out
    s = soc(SHAPE_NAMES[0], bus_cls=FlipBus)
    with s.bus:
        errs, _, _ = check_program(s, VECADD, {})
    assert any(e.startswith(VECADD + ": mem[3]: board") for e in errs), \
        "a corrupted result word was not caught by name: %s" % errs


def test_wrong_configuration_fails_naming_the_field():
    s = soc(SHAPE_NAMES[0])
    with s.bus:
        errs, _, _ = check_program(s, FACT, {"loops": "1"}, extra="--loops 3")
    assert any(e.startswith(FACT + ": cycles: board") for e in errs), \
        "a run at another configuration than the reference's was not caught: %s" % errs


# ---- 5. bad input refused --------------------------------------------------------------------------
def refused(fn, *want):
    try:
        fn()
    except HostError as e:
        assert all(w in str(e) for w in want), "refused, but the message lacks %s: %s" % (want, e)
        return
    raise AssertionError("not refused (expected a message with %s)" % (want,))


def test_driver_refuses_bad_input():
    s = soc(SHAPE_NAMES[0])
    with s.bus, tempfile.TemporaryDirectory() as tmp:
        sh = s.identify()
        big = os.path.join(tmp, "big.s")
        with open(big, "w") as f:
            f.write("nop\n" * sh["imem_words"] + "exit\n")
        # wfsim's assembler refuses it at the build's imem_words, before anything is written
        refused(lambda: s.run(big, knobs_for(sh, {})), "%d instructions" % (sh["imem_words"] + 1),
                "imem_words=%d" % sh["imem_words"])
        refused(lambda: knobs_for(sh, {"alu_lat": 5}), "--alu-lat 5", "ALU_LAT_MAX")
        refused(lambda: s.dma("mem", False, 0, SYS_BASE + SYS_SIZE - 4, 2), "outside the window")
        refused(lambda: s.dma("mem", False, 0, SYS_BASE - 0x100, 1), "outside the window")
        refused(lambda: s.dma("mem", False, sh["mem_words"] - 1, SYS_BASE, 2), "outside the mem space")
        # a launch while busy: fact.s runs for hundreds of cycles
        s.wr("ctrl", 1)
        refused(s.launch, "launch", "busy")
        s.wait_done()


def test_hardware_refuses_bad_input():
    """the driver bypassed: each refused command sets ERROR and writes nothing"""
    s = soc(SHAPE_NAMES[0])
    codes = {n: v for v, n in S.ERRORS}
    with s.bus as bus:
        sh = s.identify()

        def err():
            v = s.rd("error")
            s.wr("error", 0)
            return v & 0xFF
        # scratchpad word 5 holds a marker the refused transfers must not touch
        bus.write(S.region_base("mem") + 4 * 5, 0x1234)
        bus.mem_write(SYS_BASE, list(range(1, 17)))
        for desc, what in [((SYS_BASE, 0, sh["mem_words"] + 1, 1), "longer than the scratchpad"),
                           ((SYS_BASE + SYS_SIZE - 8, 0, 4, 1), "past the system memory window"),
                           ((SYS_BASE - 4, 4, 2, 1), "below the system memory window"),
                           ((SYS_BASE, 0, sh["imem_words"] + 1, 0), "an image larger than imem"),
                           ((SYS_BASE, 0, 2, 2), "into the read-only register file"),
                           ((SYS_BASE + 2, 4, 2, 1), "an unaligned system address")]:
            sys_addr, local, n, space = desc
            for name, v in zip(("dma_sys", "dma_local", "dma_len", "dma_ctrl"),
                               (sys_addr, local, n, space)):
                s.wr(name, v)
            s.wr("ctrl", 2)
            assert err() == codes["ERR_RANGE"], "a DMA %s: ERROR is not ERR_RANGE" % what
            assert not s.status()["dma_busy"], "a DMA %s started" % what
            assert bus.read(S.region_base("mem") + 4 * 5) == 0x1234, "a DMA %s wrote" % what
        # a configuration the build cannot take: loops 0, then an ALU latency above ALU_LAT_MAX
        good0 = s.rd("cfg0")
        for bad, what in [(good0 & ~0xFF0000, "loops 0"),
                          (good0 & ~0xFF000000 | 5 << 24, "alu_lat 5 > ALU_LAT_MAX")]:
            s.wr("cfg0", bad)
            s.wr("ctrl", 1)
            assert err() == codes["ERR_RANGE"], "launch with %s: ERROR is not ERR_RANGE" % what
            assert not s.status()["busy"], "launch with %s started a run" % what
        s.wr("cfg0", good0)
        # a launch while busy, and accesses while busy (the core's power-on image runs)
        s.wr("ctrl", 1)
        assert err() == 0 and s.status()["busy"], "the launch did not start a run"
        s.wr("ctrl", 1)
        assert err() == codes["ERR_BUSY"], "a launch while busy: ERROR is not ERR_BUSY"
        s.wr("cfg0", good0 ^ 1)
        assert err() == codes["ERR_BUSY"], "a CFG0 write while busy: ERROR is not ERR_BUSY"
        assert bus.read(S.region_base("mem") + 4 * 5) == 0 and err() == codes["ERR_BUSY"], \
            "a scratchpad read while busy was not refused"
        s.wr("ctrl", 2)
        assert err() == codes["ERR_BUSY"], "a DMA while busy: ERROR is not ERR_BUSY"
        s.wait_done()
        assert s.rd("cfg0") == good0, "CFG0 changed by a refused write"
        # an unknown register and a partial write
        s.wr("ctrl", 3)
        assert err() == codes["ERR_CMD"], "launch and DMA at once: ERROR is not ERR_CMD"
        bus.write(REG["cfg0"], 0, sel=0x1)
        assert err() == codes["ERR_CMD"] and s.rd("cfg0") == good0, "a byte write was taken"
        bus.write(0x3C0, 1)
        assert err() == codes["ERR_CMD"], "a write to no register: ERROR is not ERR_CMD"


def test_fusesoc_core_lints():
    """warpfront_wb.core's lint target (Verilator -Wall through FuseSoC/Edalize)"""
    out = os.path.join(ROOT, "build", "fusesoc-wb")
    os.makedirs(out, exist_ok=True)
    r = subprocess.run(["fusesoc", "--cores-root", ROOT, "run", "--target=lint",
                        "warpfront:warpfront:wb_top"], cwd=out, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    assert r.returncode == 0, "fusesoc run --target=lint warpfront:warpfront:wb_top: " + r.stdout[-800:]
