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
  docs/trace-layout.json    all of it for external tools

VERSION policy: any change of a trace port's bit layout (a field added,
removed, moved or resized) increments VERSION; the RTL reports it on
wf_core's obs_version_o and the decoder refuses a trace of another version.
Changes of groups or of the instruction set alone do not change the trace
layout (the opcode table has its own ISA_VERSION).

Widths are linear in the size parameters: a count is an integer or the name of
a wf_core parameter (SB_ENTRIES, IBUF, LANES, BANKS, WARPS, COLLECTORS)."""

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
