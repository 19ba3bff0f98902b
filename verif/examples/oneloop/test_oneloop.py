"""cocotb route of the one-loop example (Icarus): oneloop_core with its two
memories in Python, and a Python monitor of its ports reporting retire,
register write, bnz outcome, store lane and done to the transaction-level
checker through the Python package (warpfront.Checker over wf_txcheck.h).

Run by verif/examples/oneloop/run.sh cocotb, which installs the libraries
(WARPFRONT_PREFIX) and passes:
  OL_PROGRAM   the program (.s), OL_NAME its name in the report
  OL_OPTIONS   wfsim machine parameters "--warps 4" (after the program's own
               "# wfsim-options:" line, which comes after the build's sizes)
  OL_TIMING, OL_WINDOW   the checker's tolerance (order, window, exact, drift)
  OL_BUG       none|value|skip|store|branch (the core's bug_i)
  OL_STATUS    file receiving pass/fail/usage/timeout (run.sh's exit 0/1/2/3)
Sequence as main.cpp's: reset, start_i for one cycle, then every cycle
(inputs driven and outputs sampled at the falling edge) the memories answer
and the monitor reports; cycle 0 is the first after start."""
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge

import warpfront as wf

BUGS = ["none", "value", "skip", "store", "branch"]
OP_BNZ = 0x15  # rtl/wf_defs.vh WF_OP_BNZ


def configure(cfg, words):
    """--name value pairs onto cfg (wfsim's names and messages: ValueError)"""
    if len(words) % 2 or any(not n.startswith("--") for n in words[::2]):
        raise ValueError("options %r: expected --name value pairs" % " ".join(words))
    for name, value in zip(words[::2], words[1::2]):
        cfg[name[2:]] = value


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
    W, L, R = int(dut.WARPS.value), int(dut.LANES.value), int(dut.REGS.value)
    mem_words = 1 << int(dut.MEM_AW.value)
    # the build's sizes, the program's own options line, the user's options (main.cpp's order)
    try:
        with open(prog) as f:
            text = f.read()
        cfg = wf.Config(warps=W, lanes=L, regs=R, mem_words=mem_words)
        at = text.find("# wfsim-options:")  # as wf_config_apply_options: the first one
        configure(cfg, text[at + 16:].split("\n")[0].split() if at >= 0 else [])
        configure(cfg, env.get("OL_OPTIONS", "").split())
        cfg.check()
        if cfg["warps"] > W or cfg["lanes"] != L or cfg["regs"] != R or cfg["mem_words"] != mem_words:
            print("%s: the program needs warps=%d lanes=%d regs=%d mem_words=%d; this build has WARPS=%d "
                  "(at most) LANES=%d REGS=%d MEM_AW=%d (rebuild: run.sh's OL_* variables)"
                  % (name, cfg["warps"], cfg["lanes"], cfg["regs"], cfg["mem_words"], W, L, R,
                     int(dut.MEM_AW.value)))
            return
        program = wf.assemble(text, cfg["regs"], name)
        chk = wf.Checker(cfg, program, timing=timing, window=int(env.get("OL_WINDOW", "0")))
    except (OSError, ValueError, wf.WarpfrontError) as e:
        print("%s: %s" % (name, e))
        return
    imem = program.words
    mem = [0] * mem_words
    pcs = 0
    for w in range(W):  # (the Program class has no public start pcs: its wf_program's)
        pcs |= program._p.start_pc[w] << (16 * w)
    dut.start_pc_i.value = pcs
    dut.warp_en_i.value = (1 << cfg["warps"]) - 1
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
    cycle, wait, rd_addr, st = 0, 0, None, "pass"
    max_cycles = int(env.get("OL_MAX_CYCLES", "2000000"))
    while not bits(dut.done_o) and cycle < max_cycles and st == "pass":
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
                st = chk.store(cycle, bits(dut.dmem_warp_o), {lane: (a, d)})
                mem[a] = d
            else:
                rd_addr = a
        if bits(dut.ret_valid_o) and st == "pass":
            w, pc, insn = bits(dut.ret_warp_o), bits(dut.ret_pc_o), bits(dut.ret_insn_o)
            st = chk.retire(cycle, w, pc)
            if st == "pass" and bits(dut.ret_rd_we_o):
                v = bits(dut.ret_rd_data_o)
                st = chk.write(cycle, w, bits(dut.ret_rd_o), {lane: (v >> (32 * lane)) & 0xFFFFFFFF
                                                              for lane in range(L)})
            if st == "pass" and insn >> 56 == OP_BNZ:
                st = chk.branch(cycle, w, pc, bits(dut.ret_taken_o), insn & 0xFFFF)
        await FallingEdge(dut.clk_i)
        cycle += 1
    if st == "pass" and not bits(dut.done_o):
        print("TIMEOUT %s: not done after %d cycles" % (prog, cycle))
        put(status, "timeout")
        return
    if st == "pass":
        st = chk.done(cycle)
    if st == "pass":
        print("PASS %s +bug=%s timing %s: %d events matched, %d cycles"
              % (name, bug, timing, chk.matched, cycle))
        put(status, "pass")
    else:
        print("DIVERGENCE %s +bug=%s timing %s: %s\n%s"
              % (name, bug, timing, chk.result().get("field", ""), chk.text()))
        put(status, "fail" if st == "fail" else "usage")
