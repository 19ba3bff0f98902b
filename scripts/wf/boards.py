"""The boards of the UART host-bridge top (docs/fpga.md "Board bring-up"):
each board's top file, its parameters, part, clock and programmer, written
once for scripts/bitstream.py (which builds them) and tests/tools/test_host.py
(which runs a board's own core on the simulated board)."""
import os
import re

from .paths import ROOT

# the UART top and what it instantiates, besides rtl/
FPGA_SRC = ["fpga/wf_fpga_uart_top.v", "fpga/wf_host_bridge.v", "fpga/wf_uart.v",
            "fpga/wf_host_core.v", "fpga/wf_fpga_top.v"]
HX8K = dict(family="ice40", nextpnr=["--hx8k", "--package", "ct256"], cons="hx8k.pcf", mhz=12,
            prog=["-b", "ice40_generic"], part="iCE40HX8K-CT256")
ECP5_85F = dict(family="ecp5", nextpnr=["--85k", "--package", "CABGA381"], cons="ulx3s.lpf",
                mhz=25, prog=["-b", "ulx3s"], part="LFE5U-85F-CABGA381")
# name: the top module in fpga/boards/<src or name>.v, params set on it (chparam),
# pnr_args added to nextpnr's command
BOARDS = {
    "hx8k": dict(HX8K, top="wf_board_hx8k"),
    # the same board with 2 warps (the largest shape the HX8K holds: ice-2w1l)
    "hx8k-2w1l": dict(HX8K, top="wf_board_hx8k", src="hx8k",
                      params=dict(WARPS=2, REGS=16, BANKS=2, COLLECTORS=2, SB_ENTRIES=2, IBUF=2,
                                  ICACHE_LINES=4, MEM_LINE=2)),
    "icebreaker": dict(family="ice40", top="wf_board_icebreaker", dsp=True,
                       nextpnr=["--up5k", "--package", "sg48"], cons="icebreaker.pcf", mhz=12,
                       prog=["-b", "ice40_generic"], part="iCE40UP5K-SG48"),
    "ulx3s": dict(ECP5_85F, top="wf_board_ulx3s"),
    # the same board with the cores of ecp5-4w4l-rdy and ecp5-default-rdy
    "ulx3s-4w4l": dict(ECP5_85F, top="wf_board_ulx3s_rdy", src="ulx3s-rdy",
                       params=dict(WARPS=4, LANES=4)),
    # pnr_args: extra nextpnr options; at 8 x 8 nextpnr's default placement
    # density left router1 with 137,000 overused arcs after 24 minutes
    "ulx3s-8w8l": dict(ECP5_85F, top="wf_board_ulx3s_rdy", src="ulx3s-rdy",
                       params=dict(WARPS=8, LANES=8), pnr_args=["--placer-heap-beta", "0.6"]),
}


def board_file(name):
    """fpga/boards/<file>.v of a board, root-relative"""
    return "fpga/boards/%s.v" % BOARDS[name].get("src", name)


def _value(text, defaults, where):
    text = text.strip()
    if text.startswith('"'):
        return text.strip('"')
    try:
        return int(defaults.get(text, text))
    except ValueError:
        raise ValueError("%s: u_top parameter value '%s' is neither a number nor a parameter of the "
                         "top with a numeric default or a board param" % (where, text))


def board_shape(name):
    """The wf_fpga_uart_top parameters of a board's build: the instance's
    values in its top file, a parameter of the top resolved to the board's
    params or the top's default. The clock-dependent BAUD_DIV and TIMEOUT
    and the image are left out (the simulated board has its own)."""
    with open(os.path.join(ROOT, board_file(name))) as f:
        src = f.read()
    defaults = dict(re.findall(r"parameter\s+(?:integer\s+)?(\w+)\s*=\s*(\d+)", src))
    defaults.update({k: str(v) for k, v in BOARDS[name].get("params", {}).items()})
    block = re.search(r"wf_fpga_uart_top\s*#\((.*?)\)\s*u_top", src, re.S).group(1)
    return {k: _value(v, defaults, board_file(name)) for k, v in re.findall(r"\.(\w+)\(([^()]*)\)", block)
            if k not in ("BAUD_DIV", "TIMEOUT", "IMEM_HEX")}
