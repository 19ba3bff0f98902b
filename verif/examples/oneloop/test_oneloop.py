"""cocotb route of the one-loop example (Icarus): oneloop_core with its two
memories in Python, and a Python monitor of its ports reporting retire,
register write, bnz outcome, store lane and done to the transaction-level
checker. The checker is reached with ctypes through the DPI-C shim built as a
shared library (verif/dpi/wf_txcheck_dpi.c, run.sh so): plain C types only,
the same entry points the SystemVerilog class uses.

Run by verif/examples/oneloop/run.sh cocotb, which passes:
  OL_PROGRAM   the program (.s), OL_NAME its name in the report
  OL_OPTIONS   wfsim machine parameters "--warps 4" (the sizes of the build)
  OL_TIMING, OL_WINDOW   the checker's tolerance (order, window, exact)
  OL_BUG       none|value|skip|store|branch (the core's bug_i)
  OL_SHIM      the shim's .so;  OL_STATUS  file receiving pass/fail/usage/timeout
Sequence as main.cpp's: reset, start_i for one cycle, then every cycle
(inputs driven and outputs sampled at the falling edge) the memories answer
and the monitor reports; cycle 0 is the first after start."""
import ctypes
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge

BUGS = ["none", "value", "skip", "store", "branch"]
OP_BNZ = 0x15  # rtl/wf_defs.vh WF_OP_BNZ


class Checker:
    """The shim's entry points (wf_txdpi_*) over ctypes."""

    def __init__(self, so, program, base, options, timing, window):
        lib = ctypes.CDLL(so)
        vp, c, i, ll, s = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_longlong, ctypes.c_char_p
        lanes = ctypes.POINTER(ctypes.c_uint32)
        sig = {"create": (vp, [c, c, c, c, i]), "destroy": (None, [vp]), "cfg": (i, [vp, c]),
               "prog_len": (i, [vp]), "imem_word": (ll, [vp, i]), "start_pc": (i, [vp, i]),
               "retire": (i, [vp, ll, i, i]), "write": (i, [vp, ll, i, i, i, lanes]),
               "branch": (i, [vp, ll, i, i, i, i]), "store": (i, [vp, ll, i, i, lanes, lanes]),
               "done": (i, [vp, ll]), "status": (i, [vp]), "matched": (ll, [vp]),
               "model_cycles": (ll, [vp]), "field": (s, [vp]), "report": (s, [vp])}
        self.f = {}
        for name, (res, args) in sig.items():
            fn = getattr(lib, "wf_txdpi_" + name)
            fn.restype, fn.argtypes = res, args
            self.f[name] = fn
        self.h = self.f["create"](program.encode(), base.encode(), options.encode(), timing.encode(), window)

    def __getattr__(self, name):
        fn = self.__dict__["f"][name]
        return lambda *a: fn(self.h, *a)

    @staticmethod
    def lanes(values):
        return (ctypes.c_uint32 * 32)(*values)


def bits(handle):
    v = handle.value
    if not v.is_resolvable:
        raise AssertionError("X/Z on %s: %s" % (handle._name, v.binstr))
    return v.integer


def put(status_file, status):
    with open(status_file, "w") as f:
        f.write(status)


@cocotb.test()
async def oneloop(dut):
    env = os.environ
    status, prog, bug = env["OL_STATUS"], env["OL_PROGRAM"], env.get("OL_BUG", "none")
    name = env.get("OL_NAME", prog)  # as the user gave it (run.sh runs in the build directory)
    timing = env.get("OL_TIMING", "order")
    put(status, "usage")
    if bug not in BUGS:
        print("test_oneloop: OL_BUG=%s: allowed %s" % (bug, "|".join(BUGS)))
        return
    W, L = int(dut.WARPS.value), int(dut.LANES.value)
    mem_words = 1 << int(dut.MEM_AW.value)
    # the build's sizes below the program's own options line, as main.cpp
    base = "--warps %d --lanes %d --regs %d --mem-words %d" % (W, L, int(dut.REGS.value), mem_words)
    chk = Checker(env["OL_SHIM"], prog, base, env.get("OL_OPTIONS", ""), timing, int(env.get("OL_WINDOW", "0")))
    if not chk.h:
        return  # the reason is on stderr
    if (chk.cfg(b"warps") > W or chk.cfg(b"lanes") != L or chk.cfg(b"regs") != int(dut.REGS.value)
            or chk.cfg(b"mem_words") != mem_words):
        print("%s: the program needs warps=%d lanes=%d regs=%d mem_words=%d; this build has WARPS=%d (at most) "
              "LANES=%d REGS=%d MEM_AW=%d (rebuild: run.sh's OL_* variables)"
              % (name, chk.cfg(b"warps"), chk.cfg(b"lanes"), chk.cfg(b"regs"), chk.cfg(b"mem_words"), W, L,
                 int(dut.REGS.value), int(dut.MEM_AW.value)))
        return
    imem = [chk.imem_word(a) & (2**64 - 1) for a in range(chk.prog_len())]
    mem = [0] * mem_words
    pcs = 0
    for w in range(W):
        pcs |= chk.start_pc(w) << (16 * w)
    dut.start_pc_i.value = pcs
    dut.warp_en_i.value = (1 << chk.cfg(b"warps")) - 1
    dut.bug_i.value = BUGS.index(bug)
    dut.rst_ni.value = 0
    dut.start_i.value = 0
    dut.imem_rvalid_i.value = 0
    dut.imem_rdata_i.value = 0
    dut.dmem_rdata_i.value = 0
    cocotb.start_soon(Clock(dut.clk_i, 10, units="ns").start())
    for _ in range(2):
        await FallingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await FallingEdge(dut.clk_i)
    dut.start_i.value = 1
    await FallingEdge(dut.clk_i)
    dut.start_i.value = 0
    cycle, wait, rd_addr, st = 0, 0, None, 0
    max_cycles = int(env.get("OL_MAX_CYCLES", "2000000"))
    mask = (1 << L) - 1
    while not bits(dut.done_o) and cycle < max_cycles and st == 0:
        # the memories answer: a read's data in the cycle after its request
        if rd_addr is not None:
            dut.dmem_rdata_i.value = mem[rd_addr]
            rd_addr = None
        rvalid = 0
        if bits(dut.imem_req_o):
            if wait >= 2:  # the C++ route's default --imem-lat 2
                rvalid, wait = 1, 0
                a = bits(dut.imem_addr_o)
                dut.imem_rdata_i.value = imem[a] if a < len(imem) else 0
            else:
                wait += 1
        dut.imem_rvalid_i.value = rvalid
        # the monitor
        if bits(dut.dmem_req_o):
            a, lane = bits(dut.dmem_addr_o), bits(dut.dmem_lane_o)
            if bits(dut.dmem_we_o):
                d = bits(dut.dmem_wdata_o)
                addr, data = [0] * 32, [0] * 32
                addr[lane], data[lane] = a, d
                st = chk.store(cycle, bits(dut.dmem_warp_o), 1 << lane, Checker.lanes(addr),
                               Checker.lanes(data))
                mem[a] = d
            else:
                rd_addr = a
        if bits(dut.ret_valid_o) and st == 0:
            w, pc, insn = bits(dut.ret_warp_o), bits(dut.ret_pc_o), bits(dut.ret_insn_o)
            st = chk.retire(cycle, w, pc)
            if st == 0 and bits(dut.ret_rd_we_o):
                v = bits(dut.ret_rd_data_o)
                data = [(v >> (32 * lane)) & 0xFFFFFFFF for lane in range(L)] + [0] * (32 - L)
                st = chk.write(cycle, w, bits(dut.ret_rd_o), mask, Checker.lanes(data))
            if st == 0 and insn >> 56 == OP_BNZ:
                st = chk.branch(cycle, w, pc, bits(dut.ret_taken_o), insn & 0xFFFF)
        await FallingEdge(dut.clk_i)
        cycle += 1
    if st == 0 and not bits(dut.done_o):
        print("TIMEOUT %s: not done after %d cycles" % (prog, cycle))
        put(status, "timeout")
        return
    if st == 0:
        st = chk.done(cycle)
    if st == 0:
        print("PASS %s +bug=%s timing %s: %d events matched, %d cycles (model %d)"
              % (name, bug, timing, chk.matched(), cycle, chk.model_cycles()))
        put(status, "pass")
    else:
        print("DIVERGENCE %s +bug=%s timing %s: %s\n%s"
              % (name, bug, timing, chk.field().decode(), chk.report().decode()))
        put(status, "fail" if st == 1 else "usage")
    chk.destroy()
