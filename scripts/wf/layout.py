"""The trace contract's one field table (docs/microarch.md §11, docs/isa.md).

Everything that knows a bit position of the instruction word or of the RTL
observation record is generated from this module by scripts/gen-layout.py
(`make gen`; `make lint` fails when a generated file is stale):

  rtl/wf_defs.vh            Verilog macros: version, instruction fields, opcodes,
                            the offset and width of every trace field
  rtl/wf_isa.vh             the opcode decode functions of the RTL blocks
  cmodel/include/wf_opcodes.h  the C opcode enum and instruction-field shifts
  cmodel/wf_optable.inc     the C model's opcode table (cmodel/isa.c)
  verif/include/wf_layout.h    C macros: version, widths, offsets, compare groups
  verif/rtlobs_layout.h     the trace decoder's field readers (verif/rtlobs.c)
  rtl/wf_enums.vh           the enumerations (ENUMS) as localparams
  rtl/wf_core_sizes.vh, rtl/wf_core_knobs.vh  wf_core's parameter declarations
                            (CORE_PARAMS: the sizes; the latency maxima, RAM and pins)
  rtl/wf_core_params_fpga.vh  the shape with the FPGA tops' defaults
  rtl/wf_core_ports.vh      wf_core's port declarations (PORTS), and in
                            wf_defs.vh the connection macros `WF_CORE_CONN_<GROUP>
  rtl/wf_core_nets.vh       one net a port, named as the port (a testbench's)
  fpga/wf_host_ports.vh, wf_host_core_ports.vh, wf_host_nets.vh  the host side
                            of the hosted FPGA tops (host_ports)
  cmodel/include/wf_enums.h the same enumerations as C enums
  docs/trace-layout.json    all of it for external tools

VERSION policy: any change of a trace port's bit layout (a field added,
removed, moved or resized) increments VERSION; the RTL reports it on
wf_core's obs_version_o and the decoder refuses a trace of another version.
Changes of groups or of the instruction set alone do not change the trace
layout (the opcode table has its own ISA_VERSION).

Widths are linear in the size parameters: a count is an integer or the name of
a wf_core parameter (SB_ENTRIES, IBUF, LANES, BANKS, WARPS, COLLECTORS)."""
import re

VERSION = 2        # trace layout (obs_* ports of wf_core)
VERSION_BITS = 16  # width of wf_core's obs_version_o
ISA_VERSION = 1    # instruction word and opcode table (docs/isa.md)

# ---- instruction word (docs/isa.md "Instruction word") --------------------------
INSN_BITS = 64
REG_BITS = 7    # bits of a register number used by the hardware (regs <= 128)
PC_BITS = 16    # bits of a pc (and of a branch target in imm)
INSN_FIELDS = [  # name, msb, lsb, meaning
    ("op", 63, 56, "opcode"),
    ("rd", 55, 48, "destination register"),
    ("ra", 47, 40, "source register a (operand slot 0)"),
    ("rb", 39, 32, "source register b (operand slot 1)"),
    ("rc", 31, 24, "source register c (operand slot 2)"),
    ("imm", 23, 0, "24-bit immediate, or the branch target pc"),
]
UNITS = ["none", "alu", "mul", "lsu"]  # wf_unit: 0 none (completes at issue), 1 ALU, 2 MUL, 3 LSU
# the units with a pipeline; per-unit vectors and records are indexed by
# x = wf_unit - 1 (RTL U_ALU, U_MUL, U_LSU, NUNITS in wf_isa.vh; C wf_unit, WF_NUNITS in wf_opcodes.h)
NUNITS = len(UNITS) - 1
# operand shape letters: d writes rd, a/b/c read ra/rb/rc, i signed imm, t branch target
OPCODES = [  # value, mnemonic, unit, operands
    (0x00, "nop", "none", ""),
    (0x01, "add", "alu", "dab"),
    (0x02, "sub", "alu", "dab"),
    (0x03, "and", "alu", "dab"),
    (0x04, "or", "alu", "dab"),
    (0x05, "xor", "alu", "dab"),
    (0x06, "shl", "alu", "dab"),
    (0x07, "shr", "alu", "dab"),
    (0x08, "min", "alu", "dab"),
    (0x09, "max", "alu", "dab"),
    (0x0A, "mov", "alu", "da"),
    (0x0B, "movi", "alu", "di"),
    (0x0C, "addi", "alu", "dai"),
    (0x0D, "mul", "mul", "dab"),
    (0x0E, "mad", "mul", "dabc"),
    (0x0F, "ld", "lsu", "dai"),
    (0x10, "st", "lsu", "abi"),
    (0x11, "tid", "alu", "d"),
    (0x12, "wid", "alu", "d"),
    (0x13, "lane", "alu", "d"),
    (0x14, "bra", "none", "t"),
    (0x15, "bnz", "alu", "at"),
    (0x16, "exit", "none", ""),
]

# ---- enumerations shared by the C model and the RTL -----------------------------
# C: typedef enum C_TYPE { WF_<PREFIX>_<NAME> = value } in cmodel/include/wf_enums.h;
# RTL: localparam [BITS-1:0] <PREFIX>_<NAME> in rtl/wf_enums.vh (included in the
# body of every module that names one). Values count up from `first`.
ENUMS = [  # C type, prefix, bits, first value, [(name, meaning)], contract section
    ("wf_fetch_state", "FETCH", 2, 0, [("RUN", ""), ("WAIT_MISS", ""), ("WAIT_BRANCH", ""), ("DONE", "")],
     "§3.1 per-warp fetch state"),
    ("wf_fetch_kind", "FEV", 2, 0, [("HIT", ""), ("MISS", "allocated an MSHR"), ("MERGE", ""),
                                    ("MSHR_FULL", "")], "§3.2 fetch event kind"),
    ("wf_stall_kind", "STALL", 2, 0, [("NONE", ""), ("COLLECTOR", ""), ("LSU", "")], "§9 stall kind"),
    ("wf_bank_kind", "BANK", 2, 0, [("IDLE", ""), ("READ", ""), ("WRITE", "")], "§6 bank grant kind"),
    ("wf_hazard", "HZ", 4, 0, [
        ("READY", "ready (it may still lose the scheduler choice)"),
        ("NO_HEAD", "item 1: inactive, exited, or I-buffer empty"),
        ("WAIT_LSU", "item 1: head is `issued`, waiting for the LSU verdict (§9.2)"),
        ("DEPENDENCY", "item 2: dep != 0"),
        ("SB_FULL", "item 3: all scoreboard entries valid"),
        ("INFLIGHT", "item 4, loop mode 1: inflight[w] != 0"),
        ("STAGING", "item 4, loop modes 1, 2: the staging register will not be free"),
        ("WAR", "item 5: the WAR policy (§8) blocks"),
        ("MEM_ORDER", "item 6: ld/st while mem_inflight[w]"),
        ("LSU_STALL", "item 7: lsu_stall"),
        ("COUNT", "number of codes (the width of hazard_mask)")],
     "§5.1, §11 `hazard`: the first readiness item that fails, in the order of §5.1"),
    ("wf_iss_kind", "ISS", 3, 0, [("NONE", "no ready warp"), ("ISSUE", "successful issue"),
                                  ("REPLAY", "§9.1 replay issue"), ("STALL_COLLECTOR", "§9.1 stall"),
                                  ("STALL_LSU", "§9.3")], "§12 the issue stage's decision"),
    ("wf_layout", "LAYOUT", 1, 0, [("NAIVE", ""), ("SWIZZLE", "")], "§6.1 parameter `layout`"),
    ("wf_war_policy", "WAR", 3, 0, [("NONE", ""), ("INORDER", ""), ("WB_COMMIT", ""), ("WB_READ", ""),
                                    ("BLOOM", "")], "§8 parameter `war`"),
    ("wf_sched", "SCHED", 1, 0, [("LRR", ""), ("GTO", "")], "§5.2 parameter `sched`"),
    ("wf_hazard_mode", "HAZARD", 1, 0, [("REPLAY", ""), ("STALL", "")], "§9 parameter `hazard`"),
    ("wf_loop_mode", "LOOPS", 2, 1, [("ONE", "mode 1: one loop (§7.3)"),
                                     ("STAGING", "mode 2: one staging register (§7.2)"),
                                     ("COLLECTOR", "mode 3: operand collector (§7.1)")],
     "§7 parameter `loops`"),
]


def enum_values(prefix):
    """{NAME: value} of the enumeration with that prefix."""
    for _, p, _, first, names, _ in ENUMS:
        if p == prefix:
            return {n: first + i for i, (n, _) in enumerate(names)}
    raise KeyError(prefix)


# ---- wf_core's parameters (docs/rtl.md "Parameters") -----------------------------
# Generated into rtl/wf_core_sizes.vh and rtl/wf_core_knobs.vh (the declarations
# with wf_core's defaults, included in the parameter list of wf_core and of the
# wrappers that re-export them), rtl/wf_core_params_fpga.vh (the shape with the small FPGA tops'
# defaults) and the pass-through macros `WF_CORE_PASS_<GROUP> of rtl/wf_defs.vh.
# Ranges are checked by wf_core's g_chk_* blocks.
CORE_PARAMS = [  # name, group, wf_core default, FPGA tops' default (None: not a top parameter), meaning
    ("WARPS", "SIZES", 8, 2, "1..64"),
    ("LANES", "SIZES", 8, 2, "1..32"),
    ("REGS", "SIZES", 32, 16, "1..128"),
    ("BANKS", "SIZES", 4, 2, "1..32"),
    ("COLLECTORS", "SIZES", 4, 2, "1..16"),
    ("SB_ENTRIES", "SIZES", 4, 2, "1..8"),
    ("IBUF", "SIZES", 2, 2, "1..8"),
    ("ICACHE_LINES", "SIZES", 16, 4, "power of two 1..256"),
    ("ICACHE_LINE", "SIZES", 4, 1, "power of two 1..16"),
    ("IMSHRS", "SIZES", 2, 1, "1..8"),
    ("IMEM_WORDS", "SIZES", 1024, 256, "power of two 1..65536"),
    ("MEM_WORDS", "SIZES", 1024, 256, "power of two 16..65536"),
    ("MEM_LINE", "SIZES", 4, 2, "power of two 1..32, <= MEM_WORDS"),
    ("BLOOM_BITS", "SIZES", 16, 4, "power of two 4..64"),
    ("ALU_LAT_MAX", "LAT", 16, 1, "1..16, the maximum of the run-time alu_lat"),
    ("MUL_LAT_MAX", "LAT", 32, 2, "1..32, the maximum of mul_lat"),
    ("LSU_LAT_MAX", "LAT", 32, 2, "2..32, the maximum of lsu_lat"),
    # no effect on behaviour: "auto" (the flow chooses; on ECP5 small banks become
    # LUT RAM), "block", or "distributed" (LUT RAM with the read address registered
    # instead of the data, wf_spram; docs/critpath.md 4i)
    ("BANK_RAM_STYLE", "LAT", '"auto"', '"auto"', "the register banks' RAM: auto, block, distributed"),
    # pinned run-time knobs (docs/rtl.md "Pinned knobs"): -1 = selectable at run
    # time through cfg_*_i (latched at launch); a legal value = that knob is this
    # constant, its cfg input is ignored and the logic of the other values is removed
    ("PIN_LAYOUT", "PINS", -1, None, "0 naive, 1 swizzle (cfg_swizzle_i)"),
    ("PIN_WAR", "PINS", -1, None, "0..4 wf_war_policy (cfg_war_i)"),
    ("PIN_SCHED", "PINS", -1, None, "0 lrr, 1 gto (cfg_gto_i)"),
    ("PIN_LOOPS", "PINS", -1, None, "1, 2, 3 (cfg_loops_i)"),
    ("PIN_HAZARD", "PINS", -1, None, "0 replay, 1 stall (cfg_stall_i)"),
    ("PIN_DECODE_STAGE", "PINS", -1, None, "0, 1 decode_stage §3.4 (cfg_decode_stage_i)"),
    ("PIN_ALLOC_STAGE", "PINS", -1, None, "0, 1 alloc_stage §4.4 (cfg_alloc_stage_i)"),
    ("PIN_HANDOFF_STAGE", "PINS", -1, None, "0, 1 handoff_stage §5.6 (cfg_handoff_stage_i)"),
    ("PIN_FILL_STAGE", "PINS", -1, None, "0, 1 fill_stage §6.5 (cfg_fill_stage_i)"),
    ("PIN_READY_STAGE", "PINS", -1, None, "0, 1 ready_stage §5.7 (cfg_ready_stage_i)"),
    ("PIN_ALU_LAT", "PINS", -1, None, "1..ALU_LAT_MAX (cfg_alu_lat_i)"),
    ("PIN_MUL_LAT", "PINS", -1, None, "1..MUL_LAT_MAX (cfg_mul_lat_i)"),
    ("PIN_LSU_LAT", "PINS", -1, None, "2..LSU_LAT_MAX (cfg_lsu_lat_i)"),
]


# ---- observation record (docs/microarch.md §11) ---------------------------------
# Compare groups (verif/compare.c, docs/verification.md "Compare levels"): each
# trace field belongs to one; a level compares a set of groups every cycle.
# *_index groups are the microarchitecture's own resource numbering (which
# collector unit, scoreboard entry, bank), left out of the events level.
GROUPS = [
    ("cycle", "the cycle number"),
    ("fetch", "fetch and I-cache fill events (§3)"),
    ("warp", "per-warp fetch pc and state, exited, inflight, mem_inflight (§3.1, §5.5)"),
    ("scoreboard", "per-warp scoreboard entries (§4.1)"),
    ("ibuf", "per-warp I-buffer slots (§4.1)"),
    ("hazard", "per-warp hazard code and mask of every failing item (§5.1)"),
    ("war", "WAR-policy state: older, collecting, filter (§8)"),
    ("issue", "issue event: valid, warp, pc, replay (§5.4)"),
    ("issue_index", "issue event: the CU/SR and scoreboard entry it took"),
    ("stall", "stall kind and lsu_stall (§9)"),
    ("bank", "per-bank read/write grants (§6)"),
    ("collector", "per-CU / staging-register state (§6.3, §7)"),
    ("dispatch", "dispatch events: valid, warp, pc (§7)"),
    ("dispatch_index", "dispatch events: the CU/SR dispatched from"),
    ("piece", "LSU piece event (§10.2)"),
    ("writeback", "writeback events: valid, warp, reg, lanes, data (§10.3)"),
    ("writeback_index", "writeback events: bank, released scoreboard entry"),
    ("branch", "branch event (§10.4)"),
    ("done", "the done flag (§5.5)"),
]
LEVELS = [  # name, groups compared every cycle ("*": all), meaning
    ("full", "*", "every field, every cycle (cycle-exact, the default)"),
    ("events", "issue dispatch piece writeback branch",
     "the issue, dispatch, LSU-piece, writeback and branch events, every cycle, "
     "without the resource numbering (*_index groups) and without state"),
    ("window", "",
     "no per-cycle field: the arch level's per-warp event streams, each event "
     "within WF_CMP_WINDOW cycles (wf_compare.h) of the model's cycle moved by "
     "its warp's offset so far (WF_TX_DRIFT, wf_txcheck.h), done_o likewise; "
     "plus the final state"),
    ("arch", "",
     "no per-cycle field: per warp, the order of retired instructions (issue "
     "events, replays excluded), the values written to each register lane in "
     "order, and branch outcomes, however many cycles apart; plus the final "
     "state (registers, scratchpad)"),
]


def F(name, width, group, c=None):
    """A field: name (its wf_obs member), width in bits, compare group."""
    return {"name": name, "width": width, "group": group, "c": c or name}


def S(name, fields, count=None):
    """A struct of fields, once (count None) or count times (int or parameter)."""
    return {"name": name, "fields": fields, "count": count}



# Each record is a port of wf_core, an LSB-first sequence of fields; "count"
# records per port (record k at bit k * width). c_type: the C struct it decodes to.
RECORDS = [
    {"name": "obs", "port": "obs_o", "count": 1, "c_type": "wf_obs", "fields": [
        F("cycle", 64, "cycle"),
        S("fetch", [F("valid", 1, "fetch"), F("warp", 6, "fetch"), F("pc", 16, "fetch"),
                    F("kind", 2, "fetch")]),
        S("fill", [F("valid", 1, "fetch"), F("mshr", 3, "fetch"), F("line", 16, "fetch")]),
        S("issue", [F("valid", 1, "issue"), F("warp", 6, "issue"), F("pc", 16, "issue"),
                    F("replay", 1, "issue"), F("unit", 8, "issue_index"),
                    F("sb_entry", 8, "issue_index")]),
        F("stall", 2, "stall"),
        S("dispatch", [F("valid", 1, "dispatch"), F("warp", 6, "dispatch"), F("pc", 16, "dispatch"),
                       F("cu", 8, "dispatch_index")], count=NUNITS),
        S("piece", [F("valid", 1, "piece"), F("warp", 6, "piece"), F("pc", 16, "piece"),
                    F("line", 16, "piece"), F("lanes", 32, "piece"), F("last", 1, "piece")]),
        S("branch", [F("valid", 1, "branch"), F("warp", 6, "branch"), F("taken", 1, "branch"),
                     F("target", 16, "branch")]),
        F("lsu_stall", 1, "stall"),
        F("done", 1, "done"),
    ]},
    {"name": "wb", "port": "obs_wb_o", "count": NUNITS, "c_type": "wf_obs_wb", "fields": [
        F("valid", 1, "writeback"), F("warp", 6, "writeback"), F("reg", 8, "writeback"),
        F("bank", 8, "writeback_index"), F("lanes", 32, "writeback"),
        F("release", 8, "writeback_index"),
    ]},
    # per unit LANES words; data[l] of wb[unit] (written lanes, others 0)
    {"name": "wb_data", "port": "obs_wb_data_o", "count": NUNITS, "c_type": "wf_obs_wb", "fields": [
        F("data", 32, "writeback", c="data[]"),
    ], "repeat": "LANES"},
    {"name": "bank", "port": "obs_bank_o", "count": "BANKS", "c_type": "wf_obs_bank", "fields": [
        F("kind", 2, "bank"), F("warp", 6, "bank"), F("reg", 8, "bank"), F("cu", 8, "bank"),
        F("slot", 8, "bank"), F("unit", 8, "bank"),
    ]},
    {"name": "warp", "port": "obs_warp_o", "count": "WARPS", "c_type": "wf_obs_warp", "fields": [
        F("fetch_pc", 16, "warp"), F("fetch_state", 2, "warp"), F("exited", 1, "warp"),
        F("inflight", 16, "warp"), F("mem_inflight", 1, "warp"), F("collecting", 1, "war"),
        F("filter", 64, "war"),
        S("sb", [F("valid", 1, "scoreboard"), F("reg", 8, "scoreboard")], count="SB_ENTRIES"),
        S("ibuf", [F("valid", 1, "ibuf"), F("issued", 1, "ibuf"), F("pc", 16, "ibuf"),
                   F("dep", 8, "ibuf"), F("lanes_left", 32, "ibuf")], count="IBUF"),
        F("hazard", 4, "hazard"), F("hazard_mask", 10, "hazard"),
    ]},
    # the CUs u = 0..COLLECTORS-1, then the staging register
    {"name": "cu", "port": "obs_cu_o", "count": "COLLECTORS+1", "c_type": "wf_obs_cu", "fields": [
        F("valid", 1, "collector"), F("warp", 6, "collector"), F("pc", 16, "collector"),
        F("pending", 3, "collector"), F("ready", 1, "collector"), F("older", 16, "war"),
    ]},
]
# parameters a record width may depend on, in the argument order of the macros
PARAMS = ["LANES", "SB_ENTRIES", "IBUF"]


# ---- derived: linear widths {"": const, PARAM: coefficient} ---------------------
def lin_add(a, b, k=1):
    r = dict(a)
    for p, v in b.items():
        r[p] = r.get(p, 0) + k * v
    return {p: v for p, v in r.items() if v or p == ""}


def lin_scale(a, count):
    if isinstance(count, int):
        return {p: v * count for p, v in a.items()}
    if set(a) - {""}:
        raise ValueError("a parameter count of a parameter-sized struct")
    return {"": 0, count: a.get("", 0)}


def lin_str(a, lang="v"):
    """'101 + 9*SB_ENTRIES' (C: parameters in parentheses, unsigned constants)."""
    u = "u" if lang == "c" else ""
    terms = []
    if a.get("", 0) or len(a) == 1:
        terms.append("%d%s" % (a.get("", 0), u))
    for p in PARAMS:
        if a.get(p):
            terms.append("%d%s * (%s)" % (a[p], u, p))
    return " + ".join(terms)


def width(fields):
    w = {"": 0}
    for f in fields:
        if "fields" in f:
            inner = width(f["fields"])
            w = lin_add(w, lin_scale(inner, f["count"]) if f["count"] is not None else inner)
        else:
            w = lin_add(w, {"": f["width"]})
    return w


def walk(fields, prefix=(), base=None):
    """Yields (path tuple, kind, offset linear, width or stride, item): kind 'field'
    (offset from the start of the enclosing struct's element) or 'struct'."""
    off = base or {"": 0}
    for f in fields:
        if "fields" in f:
            inner = width(f["fields"])
            yield prefix + (f["name"],), "struct", off, inner, f
            yield from walk(f["fields"], prefix + (f["name"],), {"": 0} if f["count"] is not None else off)
            off = lin_add(off, lin_scale(inner, f["count"]) if f["count"] is not None else inner)
        else:
            yield prefix + (f["name"],), "field", off, f["width"], f
            off = lin_add(off, {"": f["width"]})


def record_width(rec):
    w = width(rec["fields"])
    if rec.get("repeat"):
        w = lin_scale(w, rec["repeat"])
    return w


def macro_name(rec, path):
    base = "WF_OBS" if rec["name"] == "obs" else "WF_OBS_" + rec["name"].upper()
    return "_".join([base] + [p.upper() for p in path])


def field_groups():
    """(record, C path like 'issue.unit' / 'warp[].sb[].reg', group) for every field."""
    out = []
    for rec in RECORDS:
        for path, kind, _, _, item in walk(rec["fields"]):
            if kind == "field":
                out.append((rec, path, item["group"]))
    return out


# ---- the boundary: every port of wf_core, which a design under test (WF_TOP)
# has too (docs/rtl.md "Interfaces"; the harnesses drive and read them all).
# name, direction, width: an int, a width expression over wf_core's size
# parameters, or the name of a RECORDS port (its width: the record's times its
# count). The cfg_*_i inputs are the launch inputs (WF_LAUNCH_INPUTS,
# verif/include/wf_host.h). scripts/wf/rtlcheck.py checks a top against it
# before any build.
PORTS = [
    ("clk_i", "input", 1), ("rst_ni", "input", 1), ("launch_i", "input", 1),
    ("cfg_swizzle_i", "input", 1), ("cfg_war_i", "input", 3), ("cfg_gto_i", "input", 1),
    ("cfg_loops_i", "input", 2), ("cfg_stall_i", "input", 1), ("cfg_alu_lat_i", "input", 6),
    ("cfg_mul_lat_i", "input", 6), ("cfg_lsu_lat_i", "input", 6), ("cfg_active_warps_i", "input", 7),
    ("cfg_decode_stage_i", "input", 1), ("cfg_alloc_stage_i", "input", 1),
    ("cfg_handoff_stage_i", "input", 1), ("cfg_fill_stage_i", "input", 1), ("cfg_ready_stage_i", "input", 1),
    ("start_pc_i", "input", "WARPS*%d" % PC_BITS),
    ("running_o", "output", 1), ("done_o", "output", 1), ("cycle_o", "output", 64),
    ("imem_req_valid_o", "output", 1), ("imem_req_ready_i", "input", 1), ("imem_req_mshr_o", "output", 3),
    ("imem_req_line_o", "output", PC_BITS), ("imem_resp_valid_i", "input", 1),
    ("imem_resp_ready_o", "output", 1), ("imem_resp_mshr_i", "input", 3),
    ("imem_resp_data_i", "input", "ICACHE_LINE*%d" % INSN_BITS),
    ("mem_en_i", "input", 1), ("mem_we_i", "input", 1), ("mem_addr_i", "input", 16),
    ("mem_wdata_i", "input", 32), ("mem_rdata_o", "output", 32),
    ("reg_en_i", "input", 1), ("reg_warp_i", "input", 6), ("reg_idx_i", "input", REG_BITS),
    ("reg_rdata_o", "output", "LANES*32"),
] + [(rec["port"], "output", rec["port"]) for rec in RECORDS] + [
    ("obs_version_o", "output", VERSION_BITS),
]


# The ports in groups (the connection macros `WF_CORE_CONN_<GROUP> of
# rtl/wf_defs.vh; the section comments of rtl/wf_core_ports.vh), in PORTS order.
PORT_GROUPS = [  # name, the ports, the section comment
    ("CLOCK", "clk_i rst_ni", "clock and synchronous reset"),
    ("LAUNCH", "launch_i cfg_swizzle_i cfg_war_i cfg_gto_i cfg_loops_i cfg_stall_i cfg_alu_lat_i "
     "cfg_mul_lat_i cfg_lsu_lat_i cfg_active_warps_i cfg_decode_stage_i cfg_alloc_stage_i "
     "cfg_handoff_stage_i cfg_fill_stage_i cfg_ready_stage_i start_pc_i",
     "launch and the run-time configuration (§2, §14)"),
    ("STATUS", "running_o done_o cycle_o", "status"),
    ("IMEM", "imem_req_valid_o imem_req_ready_i imem_req_mshr_o imem_req_line_o imem_resp_valid_i "
     "imem_resp_ready_o imem_resp_mshr_i imem_resp_data_i", "instruction memory (§3)"),
    ("HOST", "mem_en_i mem_we_i mem_addr_i mem_wdata_i mem_rdata_o reg_en_i reg_warp_i reg_idx_i reg_rdata_o",
     "host scratchpad and register ports"),
    ("OBS", " ".join(r["port"] for r in RECORDS) + " obs_version_o", "observation (§11)"),
]
PORT_NOTES = {  # a port's comment in rtl/wf_core_ports.vh
    "cfg_swizzle_i": "layout: 0 naive, 1 swizzle", "cfg_war_i": "wf_war_policy",
    "cfg_gto_i": "sched: 0 lrr, 1 gto", "cfg_loops_i": "1, 2, 3", "cfg_stall_i": "hazard: 0 replay, 1 stall",
    "cfg_alu_lat_i": "1..ALU_LAT_MAX", "cfg_mul_lat_i": "1..MUL_LAT_MAX", "cfg_lsu_lat_i": "2..LSU_LAT_MAX",
    "cfg_active_warps_i": "0 = all", "cfg_decode_stage_i": "decode_stage (§3.4)",
    "cfg_alloc_stage_i": "alloc_stage (§4.4)", "cfg_handoff_stage_i": "handoff_stage (§5.6)",
    "cfg_fill_stage_i": "fill_stage (§6.5)", "cfg_ready_stage_i": "ready_stage (§5.7)",
}


def port_groups():
    """(group, [(name, dir, width)], comment) of every PORT_GROUPS entry; every
    port in exactly one group, in PORTS order."""
    by = {n: (n, d, w) for n, d, w in PORTS}
    out = [(g, [by[n] for n in names.split()], c) for g, names, c in PORT_GROUPS]
    if [p for _, ps, _ in out for p in ps] != list(PORTS):
        raise ValueError("layout: PORT_GROUPS does not list PORTS once each in order")
    return out


# The host side of the hosted FPGA tops (the UART and the Wishbone top): the
# wf_core ports a host controller (wf_host_bridge, wf_wb_ctrl) drives and reads
# (the LAUNCH, STATUS and HOST groups; the *_stage_i options are build-time
# choices there, pinned), and the instruction memory's host port (wf_imem),
# named as wf_host_core's ports. Generated into fpga/wf_host_ports.vh (the
# controller's side), fpga/wf_host_core_ports.vh and fpga/wf_host_nets.vh.
HOST_IMEM_PORTS = [("imem_en_i", "input", 1), ("imem_we_i", "input", 1), ("imem_addr_i", "input", 16),
                   ("imem_wdata_i", "input", INSN_BITS), ("imem_rdata_o", "output", INSN_BITS)]


def host_ports():
    """(name at wf_host_core, direction there, width) of the host side"""
    out = [p for g, ps, _ in port_groups() if g in ("LAUNCH", "STATUS", "HOST") for p in ps
           if not re.fullmatch(r"cfg_\w+_stage_i", p[0])]
    return out + HOST_IMEM_PORTS


def port_width_v(w):
    """A PORTS width as a Verilog expression with the trace macros of wf_defs.vh."""
    rec = {r["port"]: r for r in RECORDS}.get(w) if isinstance(w, str) else None
    if rec is None:
        return str(w)
    args = [p for p in PARAMS if record_width(rec).get(p)]
    one = "`%s_W%s" % (macro_name(rec, ()), "(%s)" % ", ".join(args) if args else "")
    cnt = rec["count"]
    if cnt == 1:
        return one
    return "%s*%s" % ("(%s)" % cnt if "+" in str(cnt) else cnt, one)


def port_width_expr(w):
    """A PORTS width as an expression over the size parameters (Python and Verilog)."""
    if isinstance(w, int):
        return str(w)
    rec = {r["port"]: r for r in RECORDS}.get(w)
    if rec is None:
        return w
    one = lin_str(record_width(rec))
    return "(%s) * (%s)" % (rec["count"], one) if rec["count"] != 1 else one


def port_width(w, params):
    """A PORTS width for the size parameters params (NAME -> int)."""
    return int(eval(port_width_expr(w), {"__builtins__": {}}, dict(params)))  # noqa: S307 (the table's own text)
