"""cocotb testbench of wf_core (or a design of your own with its ports,
WF_TOP): an adapter of the C harnesses' lockstep core (verif/lockstep.c,
through the Python package python/warpfront: cffi over libwarpfront.so /
libwfverif.so, warpfront.LockstepCore), which steps the golden C model every
clock, compares each cycle's decoded trace field by field, reports the first
divergence as the C++ harness does (LOCKSTEP MISMATCH at cycle N, field,
expected = model, actual = RTL, the last cycles) and checks the final state.

Run by verif/cocotb/run.sh (Icarus), which passes:
  WF_COCOTB_PROGRAM  the program (.s)
  WF_COCOTB_OPTIONS  wfsim options "--name value ..." (the size parameters
                     are the build's: run.sh compiled the RTL with them)
  WF_COCOTB_MAX_CYCLES, WF_COCOTB_REPRO (the reproduce line),
  WF_COCOTB_CMP      the compare level: full, events, arch (run.sh --cmp)
  WF_COCOTB_PINS     the build's pins, "PIN_HAZARD=0 ..." (run.sh, from
                     WF_RTL_PARAMS): options that contradict one are a usage error
  WF_COCOTB_STATUS   file that receives the outcome: pass, mismatch, usage,
                     timeout (run.sh's exit status 0, 1, 2, 3)
Sequence (verif/cosim/main.cpp's): the cycle model runs the program to done
first (the oracle; its §14 watchdog and max-cycles end a hanging program);
reset, the scratchpad cleared through the host port, launch with the
configuration's cfg_*_i and start_pc_i, the register clear; then every cycle:
the instruction memory (§3.3, the C harness's wf_imem) answers, the core
steps its model and compares; at done the registers and the scratchpad are
read back through the host ports and checked by the core against the
interpreter and the cycle model, with the cycle count (wf_ls_final). Inputs
change at the falling edge, outputs are sampled (ReadOnly) before the rising
edge."""
import os
import shlex

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge

import warpfront as wf


class Outcome(Exception):
    def __init__(self, status, text):
        super().__init__(text)
        self.status = status


def config_from(options):
    words = shlex.split(options)
    if len(words) % 2:
        raise Outcome("usage", "WF_COCOTB_OPTIONS=%r: expected --name value pairs" % options)
    cfg = wf.Config()
    for name, value in zip(words[::2], words[1::2]):
        if not name.startswith("--"):
            raise Outcome("usage", "WF_COCOTB_OPTIONS: %r is not an option" % name)
        try:
            cfg[name[2:]] = value
        except ValueError as e:
            raise Outcome("usage", str(e)) from None
    try:
        cfg.check()
    except ValueError as e:
        raise Outcome("usage", str(e)) from None
    return cfg


def value(handle, cycle=None):
    """A port's value as an int; X or Z bits are a failure of their own."""
    v = handle.value
    if not v.is_resolvable:
        raise Outcome("mismatch", "X/Z on %s%s: %s" % (handle._name, "" if cycle is None else
                                                       " at cycle %d" % cycle, v.binstr))
    return v.integer


async def clear_scratchpad(dut, words):
    dut.mem_en_i.value = 1
    dut.mem_we_i.value = 1
    dut.mem_wdata_i.value = 0
    for a in range(words):
        dut.mem_addr_i.value = a
        await FallingEdge(dut.clk_i)
    dut.mem_en_i.value = 0
    dut.mem_we_i.value = 0


async def read_scratchpad(dut, words):
    """The scratchpad through the host port (the word after the clock edge)."""
    out = []
    dut.mem_en_i.value = 1
    dut.mem_we_i.value = 0
    for a in range(words):
        dut.mem_addr_i.value = a
        await FallingEdge(dut.clk_i)
        out.append(value(dut.mem_rdata_o))
    dut.mem_en_i.value = 0
    return out


async def read_registers(dut, cfg):
    """Every warp's registers through the host port: [warp][reg][lane]."""
    lanes, out = cfg["lanes"], []
    dut.reg_en_i.value = 1
    for w in range(cfg["warps"]):
        out.append([])
        for r in range(cfg["regs"]):
            dut.reg_warp_i.value, dut.reg_idx_i.value = w, r
            await FallingEdge(dut.clk_i)
            v = value(dut.reg_rdata_o)
            out[w].append([(v >> (32 * lane)) & 0xFFFFFFFF for lane in range(lanes)])
    dut.reg_en_i.value = 0
    return out


async def lockstep(dut, cfg, prog, name, max_cycles, repro, cmp="full"):
    # the lockstep core of the C harnesses (verif/lockstep.c): the oracles first
    # (the cycle model run to done: its §14 watchdog and max-cycles end a hanging program)
    try:
        ls = wf.LockstepCore(cfg, prog, name, cmp=cmp, seed=0, repro=repro, max_cycles=max_cycles)
    except wf.WarpfrontError as e:
        raise Outcome("timeout", "TIMEOUT: oracle: %s" % e) from None
    host = wf.Host(cfg, prog)
    ports = [(name, getattr(dut, name)) for name, _ in wf.trace_ports(cfg)] + [("obs_version_o", dut.obs_version_o)]
    # reset (asynchronous, held over two clock edges), inputs idle
    for pin in ("launch_i", "imem_req_ready_i", "imem_resp_valid_i", "imem_resp_mshr_i", "imem_resp_data_i",
                "mem_en_i", "mem_we_i", "mem_addr_i", "mem_wdata_i", "reg_en_i", "reg_warp_i", "reg_idx_i"):
        getattr(dut, pin).value = 0
    dut.rst_ni.value = 0
    await RisingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)
    await FallingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await FallingEdge(dut.clk_i)
    await clear_scratchpad(dut, cfg["mem_words"])
    for input_name, v in host.launch_inputs().items():
        getattr(dut, "cfg_%s_i" % input_name).value = v
    dut.start_pc_i.value = host.start_pcs()
    dut.imem_req_ready_i.value = 1
    dut.launch_i.value = 1
    await FallingEdge(dut.clk_i)
    dut.launch_i.value = 0
    for _ in range(100000):  # the register clear (outputs settle between the edges)
        if value(dut.running_o):
            break
        await FallingEdge(dut.clk_i)
    else:
        raise Outcome("timeout", "running_o never rose after launch_i")

    cyc = 0
    while True:
        resp = host.imem_response(cyc)
        dut.imem_resp_valid_i.value = resp is not None
        if resp is not None:
            dut.imem_resp_mshr_i.value, dut.imem_resp_data_i.value = resp
        dut.imem_req_ready_i.value = ready = host.imem_ready(cyc)
        await ReadOnly()
        if resp is not None and not value(dut.imem_resp_ready_o, cyc):
            raise Outcome("mismatch", "RTL PROTOCOL ERROR at cycle %d: imem_resp_ready_o low with a response" % cyc)
        if ready and value(dut.imem_req_valid_o, cyc) and not host.imem_request(
                cyc, value(dut.imem_req_mshr_o, cyc), value(dut.imem_req_line_o, cyc)):
            raise Outcome("mismatch", "RTL PROTOCOL ERROR at cycle %d: too many imem requests pending" % cyc)
        done = value(dut.done_o, cyc)
        # (wf_ls_cycle's rule: at arch the RTL's done alone ends the run; the
        # model may finish first, its records are then compared at the RTL's done)
        mdone = ls.model_step()
        if done or (mdone and cmp != "arch"):
            if not ls.check_done(done):
                raise Outcome("mismatch", ls.report().rstrip("\n"))
            rtl_cycles = value(dut.cycle_o, cyc)
            break
        try:
            same = ls.compare({name: value(h, cyc) for name, h in ports})
        except wf.WarpfrontError as e:
            raise Outcome("mismatch", "TRACE VERSION: %s" % e) from None
        if not same:
            raise Outcome("mismatch", ls.report().rstrip("\n"))
        if cyc >= max_cycles:  # (the oracle ran to done: the model does not hang)
            raise Outcome("timeout", "TIMEOUT at cycle %d: not done after max-cycles %d" % (cyc, max_cycles))
        await FallingEdge(dut.clk_i)
        cyc += 1
    await FallingEdge(dut.clk_i)  # leave the done cycle: the host ports open
    regs = await read_registers(dut, cfg)
    mem = await read_scratchpad(dut, cfg["mem_words"])
    # registers and scratchpad against the interpreter and the cycle model, and the cycle count
    if not ls.final(regs, mem, rtl_cycles):
        raise Outcome("mismatch", ls.report().rstrip("\n"))
    return cyc


@cocotb.test()
async def wf_core_lockstep(dut):
    """The program of WF_COCOTB_PROGRAM in lockstep with the cycle model."""
    status_file = os.environ.get("WF_COCOTB_STATUS")
    prog_path = os.environ.get("WF_COCOTB_PROGRAM", "")
    repro = os.environ.get("WF_COCOTB_REPRO", "")
    status, text = "pass", ""
    cocotb.start_soon(Clock(dut.clk_i, 10, units="ns").start())
    try:
        cfg = config_from(os.environ.get("WF_COCOTB_OPTIONS", ""))
        # a pinned build (run.sh: the PIN_* words of WF_RTL_PARAMS) ignores its pinned inputs
        try:
            wf.check_pins(cfg, dict(w[len("PIN_"):].split("=", 1) for w in os.environ.get("WF_COCOTB_PINS", "").split()))
        except wf.WarpfrontError as e:
            raise Outcome("usage", str(e)) from None
        try:
            with open(prog_path) as f:
                prog = wf.assemble(f.read(), regs=cfg["regs"], name=prog_path)
        except (OSError, wf.WarpfrontError) as e:
            raise Outcome("usage", str(e)) from None
        cmp = os.environ.get("WF_COCOTB_CMP", "full")
        cycles = await lockstep(dut, cfg, prog, prog_path, int(os.environ.get("WF_COCOTB_MAX_CYCLES", "2000000")),
                                repro, cmp)
        text = "PASS %s: %d cycles in lockstep with the C model (cocotb%s), final state equal" % (
            prog_path, cycles, "" if cmp == "full" else ", compare level " + cmp)
    except Outcome as e:
        status, text = e.status, str(e)
    if status_file:
        with open(status_file, "w") as f:
            f.write(status + "\n")
    print(text, flush=True)
    assert status == "pass", text.splitlines()[0]
