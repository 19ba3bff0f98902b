"""warpfront in a LiteX SoC (docs/soc.md): the Wishbone top fpga/wf_wb_top.v as
a LiteX module with its slave (the control registers, windows onto the
scratchpad and the register file), its DMA master and its interrupt.

    from wf.litex import Warpfront
    soc.warpfront = wf = Warpfront(soc.platform, root, sys_base=soc.mem_map["main_ram"],
                                   sys_size=main_ram_size, WARPS=2, LANES=2)
    soc.bus.add_slave("warpfront", wf.bus, SoCRegion(origin=0x90000000, size=wf.span,
                                                     cached=False))
    soc.bus.add_master(name="warpfront_dma", master=wf.dma)
    soc.irq.add("warpfront", use_loc_if_exists=True)

root: a warpfront checkout (its rtl/ and fpga/ are added to the platform's
sources). Parameters are wf_wb_top's (WARPS=..., IMISS_LAT=...). The
register map is drivers/wf_soc_regs.h (C) and scripts/wf/socmap.py (Python)."""
import os

from migen import ClockSignal, Instance, Module, ResetSignal, Signal
from litex.soc.interconnect import wishbone

SPAN = 4 << 19          # the slave's window in bytes (ADDR_BITS = 19 word-address bits)


class _Ev:
    """what LiteX's IRQ wiring looks for (module.ev.irq): the top's irq_o"""
    def __init__(self, irq):
        self.irq = irq


class Warpfront(Module):
    def __init__(self, platform, root, sys_base, sys_size, **params):
        self.bus = wishbone.Interface(data_width=32, adr_width=30)   # slave (word address)
        self.dma = wishbone.Interface(data_width=32, adr_width=30)   # master
        self.span = SPAN
        irq = Signal()
        self.ev = _Ev(irq)
        self.specials += Instance(
            "wf_wb_top",
            p_SYS_BASE=sys_base, p_SYS_SIZE=sys_size,
            p_IMEM_HEX=os.path.join(root, "fpga", "demo.hex"),
            **{"p_" + k: v for k, v in params.items()},
            i_clk_i=ClockSignal(), i_rst_ni=~ResetSignal(),
            i_wbs_cyc_i=self.bus.cyc, i_wbs_stb_i=self.bus.stb, i_wbs_we_i=self.bus.we,
            i_wbs_adr_i=self.bus.adr[:19], i_wbs_dat_i=self.bus.dat_w, i_wbs_sel_i=self.bus.sel,
            o_wbs_dat_o=self.bus.dat_r, o_wbs_ack_o=self.bus.ack,
            o_wbm_cyc_o=self.dma.cyc, o_wbm_stb_o=self.dma.stb, o_wbm_we_o=self.dma.we,
            o_wbm_adr_o=self.dma.adr, o_wbm_dat_o=self.dma.dat_w, o_wbm_sel_o=self.dma.sel,
            i_wbm_dat_i=self.dma.dat_r, i_wbm_ack_i=self.dma.ack, i_wbm_err_i=self.dma.err,
            o_irq_o=irq)
        for d in ("rtl", "fpga"):
            platform.add_verilog_include_path(os.path.join(root, d))
        for f in sorted(os.listdir(os.path.join(root, "rtl"))):
            if f.endswith(".v"):
                platform.add_source(os.path.join(root, "rtl", f))
        for f in ("wf_wb_top.v", "wf_wb_ctrl.v", "wf_host_core.v", "wf_fpga_top.v"):
            platform.add_source(os.path.join(root, "fpga", f))
