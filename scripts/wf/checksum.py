"""The checksum fpga/wf_fpga_top.v shows on its LEDs, computed from a
`wfsim --dump-state` JSON: c <- rotl(c, 5) + w (mod 2^32) over every scratchpad
word mem[0..M-1], then for each warp, each register, each lane.
Usage: fpga/checksum.py STATE.json  (prints 0x%08x), this module's main."""
import json
import sys

MASK = 0xFFFFFFFF


def fold(c, w):
    return ((((c << 5) | (c >> 27)) & MASK) + (w & MASK)) & MASK


def checksum(state):
    c = 0
    for w in state["mem"]:
        c = fold(c, w)
    for warp in state["regs"]:
        for reg in warp:
            for lane in reg:
                c = fold(c, lane)
    return c


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: fpga/checksum.py STATE.json\n")
        return 2
    with open(argv[1]) as f:
        print("0x%08x" % checksum(json.load(f)))
    return 0
