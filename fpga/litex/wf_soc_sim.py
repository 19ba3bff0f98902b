#!/usr/bin/env python3
"""The LiteX simulation SoC (docs/soc.md "LiteX"): LiteX's Verilator
simulation (litex_sim's SimSoC) with a VexRiscv CPU, integrated main RAM,
its UART on the console and warpfront (scripts/wf/litex.py: the Wishbone top's
slave, its DMA master on the SoC bus, its interrupt). The CPU runs the C
firmware fpga/litex/firmware (the C driver drivers/wf_soc.c) from the ROM:
it copies each program's image and data into main RAM, DMAs them into the
core, configures, launches, waits for the interrupt, DMAs the results back
and prints them as JSON lines, one per program; then it ends the simulation.

  fpga/litex/wf_soc_sim.py [--out DIR] [--timeout S] PROGS.json
    PROGS.json: [{"name", "words", "starts", "mem", "cfg"}] (scripts/wf/socfw.py
    writes it from programs and wfsim); prints the firmware's lines (RESULT {...}).
Exit status: 0 ok, 1 a step failed (named), 2 usage."""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from litex.build.sim.config import SimConfig  # noqa: E402
from litex.soc.integration.builder import Builder  # noqa: E402
from litex.soc.integration.soc import SoCRegion  # noqa: E402
from litex.soc.cores import uart  # noqa: E402
from litex.tools.litex_sim import SimSoC  # noqa: E402

from wf.litex import Warpfront  # noqa: E402

WF_BASE = 0x90000000          # in LiteX's IO region (uncached)
MAIN_RAM = 0x40000000
MAIN_RAM_SIZE = 0x20000
ROM_SIZE = 0x10000
SHAPE = dict(WARPS=2, LANES=2, REGS=16, BANKS=2, COLLECTORS=2)


def soc(rom_init=None, host=False):
    """the SoC; host: no CPU, LiteX's UART bridge (UARTBone) as a bus master instead,
    its bytes on a TCP port (serial2tcp) for litex_server"""
    if host:
        s = SimSoC(cpu_type=None, uart_name="stub", integrated_main_ram_size=MAIN_RAM_SIZE)
        s.uartbone_phy = uart.RS232PHYModel(s.platform.request("serial"))
        s.uartbone = uart.UARTBone(phy=s.uartbone_phy, clk_freq=int(1e6))
        s.bus.add_master(name="uartbone", master=s.uartbone.wishbone)
    else:
        s = SimSoC(cpu_type="vexriscv", cpu_variant="standard", uart_name="sim",
                   integrated_rom_size=ROM_SIZE, integrated_rom_init=rom_init or [],
                   integrated_sram_size=0x4000, integrated_main_ram_size=MAIN_RAM_SIZE,
                   sim_debug=True)
    s.warpfront = wf = Warpfront(s.platform, ROOT, sys_base=MAIN_RAM, sys_size=MAIN_RAM_SIZE,
                                 **SHAPE)
    s.bus.add_slave("warpfront", wf.bus, SoCRegion(origin=WF_BASE, size=wf.span, cached=False))
    s.bus.add_master(name="warpfront_dma", master=wf.dma)
    if not host:
        s.irq.add("warpfront", use_loc_if_exists=True)
    return s


def build_gateware(s, out, cfg, timeout, times):
    """LiteX's Verilator build of SoC s under out/, skipped when its stamp (sim.v
    without its comments, and the Verilog sources) is current; the gateware dir"""
    t0 = time.time()
    b = Builder(s, output_dir=out, compile_software=False)
    # LiteX's sim Makefile runs `make -j` without a number unless JOBS is
    # given: as many compilers as files, which stalls a 2-core machine
    b.build(sim_config=cfg, run=False, opt_level="O1", jobs=int(os.environ.get("JOBS", "2")))
    gw = os.path.join(out, "gateware")
    stamp = gateware_stamp(gw, s.platform)
    sfile = os.path.join(gw, "stamp")
    exe = os.path.join(gw, "obj_dir", "Vsim")
    if os.path.exists(exe) and os.path.exists(sfile) and open(sfile).read() == stamp:
        times["verilator"] = 0.0
        print("wf_soc_sim: the simulation is current (%s)" % os.path.relpath(sfile, ROOT))
    else:
        step("the Verilator build", ["bash", "build_sim.sh"], gw, timeout,
             os.path.join(out, "verilator.log"))
        times["verilator"] = time.time() - t0
        with open(sfile, "w") as f:
            f.write(stamp)
    return gw


def host_sim(out, port, timeout=1800):
    """builds the CPU-less SoC (once) and returns the Vsim command serving its UART
    bridge on TCP port (run it in the gateware directory, the second value)"""
    cfg = SimConfig()
    cfg.add_clocker("sys_clk", freq_hz=int(1e6))
    cfg.add_module("serial2tcp", "serial", args={"port": port})
    times = {}
    gw = build_gateware(soc(host=True), out, cfg, timeout, times)
    return [os.path.join(gw, "obj_dir", "Vsim")], gw, times


def step(what, cmd, cwd, timeout, log):
    t0 = time.time()
    with open(log, "w") as f:
        r = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT, timeout=timeout)
    if r.returncode:
        with open(log) as f:
            tail = f.read()[-1500:]
        raise SystemExit("wf_soc_sim: %s failed (log %s):\n%s" % (what, log, tail))
    return time.time() - t0


def main():
    # migen's output order follows Python's string hashing: a fixed seed keeps sim.v
    # the same from run to run, so the gateware stamp below holds
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable] + sys.argv, dict(os.environ, PYTHONHASHSEED="0"))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("progs")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "litex-sim"))
    ap.add_argument("--timeout", type=float, default=900)
    a = ap.parse_args()
    with open(a.progs) as f:
        progs = json.load(f)
    out = os.path.abspath(a.out)
    fw = os.path.join(ROOT, "fpga", "litex", "firmware")
    times = {}
    # 1. the SoC's headers (csr.h, soc.h, mem.h) for the firmware
    t0 = time.time()
    cfg = SimConfig()
    cfg.add_clocker("sys_clk", freq_hz=int(1e6))
    cfg.add_module("serial2console", "serial")
    b = Builder(soc(), output_dir=out, compile_software=False, compile_gateware=False)
    b.build(run=False, sim_config=cfg)
    times["litex"] = time.time() - t0
    with open(os.path.join(out, "soc_addrs.h"), "w") as f:
        f.write(soc_addrs(os.path.join(out, "software", "include", "generated"),
                          b.soc.irq.locs["warpfront"]))
    # 2. the firmware, with the programs
    with open(os.path.join(out, "progs.h"), "w") as f:
        f.write(firmware_data(progs))
    times["firmware"] = step("the firmware build", ["make", "-s", "-C", fw, "OUT=" + out, "ROOT=" + ROOT],
                             ROOT, 300, os.path.join(out, "firmware.log"))
    with open(os.path.join(out, "firmware.bin"), "rb") as f:
        data = f.read()
    data += b"\0" * (-len(data) % 4)
    rom = [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)]
    # 3. the SoC, Verilated once: the ROM is read from sim_rom.init when the
    # simulation starts, so another firmware needs no new build
    rom += [0] * (ROM_SIZE // 4 - len(rom))
    gw = build_gateware(soc(rom), out, cfg, a.timeout, times)
    with open(os.path.join(gw, "sim_rom.init"), "w") as f:
        f.write("".join("%08x\n" % w for w in rom))
    t0 = time.time()
    r = subprocess.run([os.path.join(gw, "obj_dir", "Vsim")], cwd=gw, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=a.timeout)
    times["run"] = time.time() - t0
    text = r.stdout.decode(errors="replace")
    for line in text.splitlines():
        if line.startswith(("RESULT ", "ERROR ", "CHECK ", "DONE")):
            print(line)
    print("TIMES " + json.dumps({k: round(v, 1) for k, v in times.items()}))
    return 0 if "DONE" in text else 1


def gateware_stamp(gw, platform):
    h = hashlib.sha1()
    with open(os.path.join(gw, "sim.v")) as f:
        h.update("".join(ln for ln in f if not ln.startswith("//")).encode())
    for src in platform.sources:
        if os.path.basename(src[0]) == "sim.v":
            continue
        p = src[0] if os.path.isabs(src[0]) else os.path.join(gw, src[0])
        with open(p, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def soc_addrs(gen, irq):
    """the addresses the firmware needs, from LiteX's generated csr.h"""
    with open(os.path.join(gen, "csr.h")) as f:
        text = f.read()
    base = int(re.search(r"#define CSR_BASE (0x[0-9a-fA-F]+)L", text).group(1), 16)
    addr = {m.group(1): base + int(m.group(2), 16) for m in
            re.finditer(r"#define CSR_(\w+)_ADDR \(CSR_BASE \+ (0x[0-9a-fA-F]+)L\)", text)}
    o = ["/* generated by fpga/litex/wf_soc_sim.py from LiteX's csr.h */"]
    for name, key in (("UART_RXTX", "UART_RXTX"), ("UART_TXFULL", "UART_TXFULL"),
                      ("SIM_FINISH", "SIM_FINISH_FINISH")):
        o.append("#define SOC_%s 0x%08xu" % (name, addr[key]))
    o += ["#define SOC_WF_BASE 0x%08xu" % WF_BASE, "#define SOC_WF_IRQ %d" % irq,
          "#define SOC_MAIN_RAM_BASE 0x%08xu" % MAIN_RAM, "#define SOC_MAIN_RAM_SIZE 0x%xu" % MAIN_RAM_SIZE]
    return "\n".join(o) + "\n"


def firmware_data(progs):
    """the programs as C arrays for the firmware (fpga/litex/firmware/main.c)"""
    o = ["/* generated by fpga/litex/wf_soc_sim.py: the programs the firmware runs */",
         "#define NPROGS %d" % len(progs)]
    for i, p in enumerate(progs):
        o.append("static const uint64_t img%d[] = {%s};" % (i, ", ".join("0x%xull" % w for w in p["words"])))
        o.append("static const uint32_t mem%d[] = {%s};" % (i, ", ".join("0x%xu" % w for w in p["mem"])))
        o.append("static const uint16_t pc%d[] = {%s};" % (i, ", ".join(
            "%d" % p["starts"].get(str(w), 0) for w in range(SHAPE["WARPS"]))))
    o.append("static const struct prog progs[NPROGS] = {")
    for i, p in enumerate(progs):
        o.append('  {"%s", img%d, %d, mem%d, %d, pc%d, {%s}},' % (
            p["name"], i, len(p["words"]), i, len(p["mem"]), i, ", ".join(str(c) for c in p["cfg"])))
    o.append("};")
    return "\n".join(o) + "\n"


if __name__ == "__main__":
    sys.exit(main())
