"""The UART host protocol's one table (docs/fpga.md "Host protocol"): its
version, sync bytes, commands, error codes and the layouts of IDENTIFY's and
STATUS's replies and SET_CFG's payload.
scripts/gen-layout.py writes fpga/wf_host_proto.vh from it (the bridge's
localparams and the function that packs IDENTIFY; `make lint` fails when it
is stale); scripts/wf/host.py reads the same table."""

VERSION = 2        # 2: IDENTIFY reports the pipeline options (its `stages` byte)
SYNC_REQ, SYNC_REP = 0xA5, 0x5A
MAGIC = b"WF"      # IDENTIFY's first bytes
COMMANDS = [  # code, name
    (0x01, "IDENTIFY"), (0x02, "STATUS"), (0x03, "SET_CFG"), (0x04, "SET_PC"), (0x05, "LAUNCH"),
    (0x06, "WRITE_IMEM"), (0x07, "READ_IMEM"), (0x08, "WRITE_MEM"), (0x09, "READ_MEM"),
    (0x0A, "READ_REG"),
]
ERRORS = [  # status, name (0: OK)
    (0, "OK"), (1, "ERR_CRC"), (2, "ERR_CMD"), (3, "ERR_LEN"), (4, "ERR_RANGE"), (5, "ERR_BUSY"),
    (6, "ERR_TIMEOUT"),
]
# the build's pipeline options (pinned at synthesis): bit i of IDENTIFY's `stages`
# is the wf_fpga_uart_top parameter STAGE_OPTS[i].upper()
STAGE_OPTS = ["decode_stage", "alloc_stage", "handoff_stage", "fill_stage", "ready_stage"]
# IDENTIFY's reply after MAGIC, in order, little endian: (name, bytes, kind);
# kind "param": the wf_fpga_uart_top parameter name.upper(); "pin": the same,
# 0xFF when the knob is selectable (the parameter < 0); "version": VERSION;
# "stages": one bit per STAGE_OPTS
ID_LAYOUT = [
    ("version", 1, "version"), ("warps", 1, "param"), ("lanes", 1, "param"),
    ("regs", 1, "param"), ("banks", 1, "param"), ("collectors", 1, "param"),
    ("sb_entries", 1, "param"), ("ibuf", 1, "param"), ("icache_lines", 2, "param"),
    ("icache_line", 1, "param"), ("imshrs", 1, "param"), ("imem_words", 4, "param"),
    ("mem_words", 4, "param"), ("mem_line", 1, "param"), ("bloom_bits", 1, "param"),
    ("alu_lat_max", 1, "param"), ("mul_lat_max", 1, "param"), ("lsu_lat_max", 1, "param"),
    ("imiss_lat", 2, "param"), ("pin_layout", 1, "pin"), ("pin_war", 1, "pin"),
    ("pin_sched", 1, "pin"), ("pin_loops", 1, "pin"), ("pin_hazard", 1, "pin"),
    ("baud_div", 2, "param"), ("stages", 1, "stages"),
]


# SET_CFG's payload: one byte each, in this order; `modes` packs the
# two-valued knobs, bit i = MODE_BITS[i] (0 naive / lrr / replay,
# 1 swizzle / gto / stall)
CFG_LAYOUT = ["modes", "war", "loops", "alu_lat", "mul_lat", "lsu_lat", "active_warps"]
MODE_BITS = ["layout", "sched", "hazard"]
# STATUS's reply: (name, bytes), in order, little endian; bit i of `flags` is
# STATUS_FLAGS[i]
STATUS_LAYOUT = [("flags", 1), ("last_error", 1), ("errors", 1), ("cycle", 8)]
STATUS_FLAGS = ["busy", "done", "running"]
STATUS_BYTES = sum(size for _, size in STATUS_LAYOUT)


def _placed(layout, start):
    """a layout's entries (name, bytes, ...) as (name, offset, bytes, ...), packed from start"""
    out, off = [], start
    for name, size, *rest in layout:
        out.append((name, off, size, *rest))
        off += size
    return out


def status_fields():
    """[(name, offset, bytes)] of STATUS's reply"""
    return _placed(STATUS_LAYOUT, 0)


def id_fields():
    """[(name, offset, bytes, kind)] of IDENTIFY's reply"""
    return _placed(ID_LAYOUT, len(MAGIC))


ID_BYTES = len(MAGIC) + sum(size for _, size, _ in ID_LAYOUT)
# the bridge indexes IDENTIFY's bytes with 6 bits and keeps SET_CFG's payload in flops
assert ID_BYTES <= 64 and len(CFG_LAYOUT) <= 16
