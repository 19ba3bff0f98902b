"""The Wishbone top's one register map (docs/soc.md): its regions, the
control registers and their fields, the DMA descriptor's spaces and the
error codes. scripts/gen-layout.py writes fpga/wf_wb_regs.vh (the Verilog
localparams), drivers/wf_soc_regs.h (the C driver's header) and
docs/soc-regs.md (the table) from it (`make lint` fails when one is stale);
scripts/wf/soc.py (the Python driver) reads it directly.

Addresses are byte offsets from the top's base; every register is 32 bits.
The configuration, the status layout of IDENTIFY and the error codes are
the UART protocol's (scripts/wf/hostproto.py), so both routes share them."""
from . import hostproto as P

VERSION = 1
ID_MAGIC = 0x5746           # "WF", ID's low half; its high half is VERSION
# the slave's word address has ADDR_BITS bits; the top REGION_BITS select a region
ADDR_BITS, REGION_BITS = 19, 2
REGION_WORDS = 1 << (ADDR_BITS - REGION_BITS)
# (index, name, meaning)
REGIONS = [
    (0, "ctrl", "the control and status registers below"),
    (1, "mem", "the scratchpad, word i at 4*i (read and write; not while busy)"),
    (2, "regs", "the register file, read only (not while busy): register r of warp w, lane l "
                "at 4*((w << (RB + LB)) | (r << LB) | l), RB = clog2(REGS), LB = clog2(LANES)"),
]
# the control registers: (name, access, meaning, [(field, lsb, width, meaning)])
# access: r read only, rw read/write, w write only (reads 0), w1c write 1 to clear
REGS = [
    ("id", "r", "VERSION << 16 | 0x5746 (\"WF\")", []),
    ("ctrl", "w", "commands (refused with ERROR = BUSY while a run or a transfer is on)", [
        ("launch", 0, 1, "start a run with CFG0/CFG1 and the start pcs (RANGE: a configuration "
                         "the build cannot take)"),
        ("dma", 1, 1, "start the transfer DMA_SYS/DMA_LOCAL/DMA_LEN/DMA_CTRL (RANGE: outside "
                      "the space or the system memory window)")]),
    ("status", "r", "the state", [
        ("busy", 0, 1, "a run is launched and not done"),
        ("done", 1, 1, "the last run is done"),
        ("running", 2, 1, "the core runs (wf_core running_o)"),
        ("dma_busy", 3, 1, "a transfer is on")]),
    ("error", "rw", "the last refused command's code (ERRORS; any write clears it) and, "
                    "in bits 15:8, how many were refused (saturating)", [
        ("code", 0, 8, "the error code"), ("count", 8, 8, "refused commands")]),
    ("irq_enable", "rw", "which events raise irq_o", [
        ("done", 0, 1, "a run finished"), ("dma", 1, 1, "a transfer finished")]),
    ("irq_pending", "w1c", "events seen (irq_o = |(IRQ_PENDING & IRQ_ENABLE))", [
        ("done", 0, 1, "a run finished"), ("dma", 1, 1, "a transfer finished")]),
    ("cycle_lo", "r", "the run's cycle count (wf_core cycle_o; at done: the count wfsim "
                      "reports), bits 31:0; reading it latches CYCLE_HI", []),
    ("cycle_hi", "r", "bits 63:32 of the cycle count as latched by the last CYCLE_LO read", []),
    ("cfg0", "rw", "the run-time configuration, bytes 0..3 of hostproto.CFG_LAYOUT", [
        (n, 8 * i, 8, "") for i, n in enumerate(P.CFG_LAYOUT[:4])]),
    ("cfg1", "rw", "bytes 4..6 of hostproto.CFG_LAYOUT", [
        (n, 8 * i, 8, "") for i, n in enumerate(P.CFG_LAYOUT[4:])]),
    ("pc_sel", "rw", "the warp START_PC reads and writes", []),
    ("start_pc", "rw", "the start pc of warp PC_SEL", []),
    ("dma_sys", "rw", "the descriptor: byte address in system memory (a multiple of 4)", []),
    ("dma_local", "rw", "the descriptor: first item in the space (imem, mem: a word index; "
                        "regs: (w << (RB + LB)) | (r << LB) | l)", []),
    ("dma_len", "rw", "the descriptor: items (imem: 8 bytes each, low word first; mem, regs: "
                      "4 bytes; regs in lane, register, warp order, wfsim --dump-state's)", []),
    ("dma_ctrl", "rw", "the descriptor: space and direction", [
        ("space", 0, 2, "SPACES"), ("to_sys", 2, 1, "0: system memory to the core, 1: back")]),
]
ID_WORDS = 16               # the IDENTIFY bytes (hostproto.ID_LAYOUT) from ID_BASE on
ID_BASE = 0x40              # byte offset of the IDENTIFY window in region ctrl
SPACES = [(0, "imem", 8), (1, "mem", 4), (2, "regs", 4)]   # (code, name, bytes per item)
# the codes of ERROR: the UART protocol's, and a bus error on a transfer
ERRORS = [(v, n) for v, n in P.ERRORS if n in ("OK", "ERR_CMD", "ERR_RANGE", "ERR_BUSY")] + \
    [(7, "ERR_BUS")]
IRQS = ["done", "dma"]
assert P.ID_BYTES <= 4 * ID_WORDS and len(REGS) * 4 <= ID_BASE
assert len(P.CFG_LAYOUT) == 7


def reg_offset(name):
    """a control register's byte offset"""
    return 4 * [r[0] for r in REGS].index(name)


def region_base(name):
    return 4 * REGION_WORDS * [r[1] for r in REGIONS].index(name)


def fields(name):
    return {f: (lsb, w) for f, lsb, w, _ in dict((r[0], r[3]) for r in REGS)[name]}

# the Wishbone top's bus ports (fpga/wf_wb_ports.vh, in wf_wb_top and wf_wb_ctrl)
WB_PORTS = [  # name, direction, width, comment
    ("wbs_cyc_i", "input", 1, "Wishbone B4 classic slave (the control registers and windows)"),
    ("wbs_stb_i", "input", 1, ""), ("wbs_we_i", "input", 1, ""),
    ("wbs_adr_i", "input", ADDR_BITS, "word address"), ("wbs_dat_i", "input", 32, ""),
    ("wbs_sel_i", "input", 4, ""), ("wbs_dat_o", "output", 32, ""), ("wbs_ack_o", "output", 1, ""),
    ("wbm_cyc_o", "output", 1, "Wishbone B4 classic master (the DMA)"),
    ("wbm_stb_o", "output", 1, ""), ("wbm_we_o", "output", 1, ""),
    ("wbm_adr_o", "output", 30, "word address"), ("wbm_dat_o", "output", 32, ""),
    ("wbm_sel_o", "output", 4, ""), ("wbm_dat_i", "input", 32, ""), ("wbm_ack_i", "input", 1, ""),
    ("wbm_err_i", "input", 1, ""),
    ("irq_o", "output", 1, "IRQ_PENDING & IRQ_ENABLE"),
]
