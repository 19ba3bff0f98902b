"""Logic levels of a synthesized ECP5 or iCE40 netlist (Yosys write_json,
flattened, e.g. build/synth/ecp5/<config>/top.json of scripts/synth.py):
the deepest combinational chains from a register (or RAM output, input port)
to a register input, counted in logic cells, with the named nets they pass.

A place-and-route run takes 20 minutes and more; on ECP5 about 80 % of a
path's delay is routing, one hop per logic level (docs/critpath.md 4f), so
the levels of the synthesized netlist rank the chains in seconds. A carry
chain's CIN -> COUT hop is dedicated routing and counts CARRY_WEIGHT.

usage: logic-depth.py TOP.json [--top N] [--min LEVELS] [--cells]
Prints the N deepest endpoints (one per register name), each with its
chain of named nets (--cells: and every cell between them, with its
RTL source line). Exit 0, 1 when the netlist has a combinational loop,
2 usage or unreadable input."""
import json
import re
import sys

# cells whose outputs are state (a path starts there) and whose inputs end one
SEQUENTIAL = {"TRELLIS_FF", "DP16KD", "SB_DFF", "SB_DFFE", "SB_DFFR", "SB_DFFS", "SB_DFFER",
              "SB_DFFES", "SB_DFFSR", "SB_DFFESR", "SB_DFFSS", "SB_DFFESS", "SB_DFFN", "SB_DFFNE",
              "SB_RAM40_4K", "SB_RAM40_4KNR", "SB_RAM40_4KNW", "SB_RAM40_4KNRNW", "SB_SPRAM256KA"}
# LUT RAM: the read address -> data out is combinational, the write side is state
LUTRAM_READ = {"TRELLIS_DPR16X4": ({"RAD[0]", "RAD[1]", "RAD[2]", "RAD[3]"}, {"DO"})}
CARRY_IN = {"CCU2C": "CIN", "SB_CARRY": "CI"}
CARRY_WEIGHT = 0.1


def port_bits(cell, want_dir):
    for port, bits in cell["connections"].items():
        if cell["port_directions"].get(port) == want_dir:
            for i, b in enumerate(bits):
                yield port, i, b


def analyse(netlist):
    """{bit: (level, previous bit)} and the endpoints [(level, bit, cell, port)]"""
    mods = netlist["modules"]
    top = next((n for n, m in mods.items() if m.get("attributes", {}).get("top")), None) or next(iter(mods))
    m = mods[top]
    names = {}
    for name, nn in m.get("netnames", {}).items():
        for i, b in enumerate(nn["bits"]):
            if isinstance(b, int):
                old = names.get(b)
                nice = (name.startswith("$"), name.count("$"), len(name))
                if old is None or nice < old[0]:
                    names[b] = (nice, "%s[%d]" % (name, i) if len(nn["bits"]) > 1 else name)
    driver = {}
    for cname, c in m["cells"].items():
        for port, i, b in port_bits(c, "output"):
            if isinstance(b, int):
                driver[b] = (cname, port)
    level, prev, state = {}, {}, {}

    def comb_inputs(c, port):
        """the inputs of cell c on which output port depends, with weights"""
        t = c["type"]
        if t in LUTRAM_READ:
            ins, outs = LUTRAM_READ[t]
            if re.sub(r"\[\d+\]$", "", port) not in outs:
                return []
            return [(b, 1.0) for p, i, b in port_bits(c, "input")
                    if "%s[%d]" % (p, i) in ins or p in ins]
        return [(b, CARRY_WEIGHT if p == CARRY_IN.get(t) else 1.0)
                for p, i, b in port_bits(c, "input")]

    def bit_level(b0):
        # iterative DFS: a deep netlist overflows Python's recursion
        stack = [b0]
        while stack:
            b = stack[-1]
            if b in level:
                stack.pop()
                continue
            if not isinstance(b, int) or b not in driver:
                level[b] = 0.0
                stack.pop()
                continue
            cname, port = driver[b]
            c = m["cells"][cname]
            if c["type"] in SEQUENTIAL:
                level[b] = 0.0
                stack.pop()
                continue
            ins = comb_inputs(c, port)
            unvisited = [x for x, w in ins if x not in level and isinstance(x, int)]
            if unvisited:
                if state.get(b) == 1:
                    raise ValueError("combinational loop through %s" % names.get(b, (0, b))[1])
                state[b] = 1
                stack.extend(unvisited)
                continue
            best, arg = 0.0, None
            for x, w in ins:
                # ties go to a driven bit (a register beats a constant)
                lv = level.get(x, 0.0) + w + (1e-6 if x in driver else 0.0)
                if lv > best:
                    best, arg = lv, x
            level[b] = round(best, 3)
            prev[b] = arg
            stack.pop()
    ends = []
    for cname, c in m["cells"].items():
        t = c["type"]
        if t in SEQUENTIAL or t in LUTRAM_READ:
            rd_ins = LUTRAM_READ.get(t, (set(), set()))[0]
            for p, i, b in port_bits(c, "input"):
                if "%s[%d]" % (p, i) in rd_ins or p in ("CLK", "CLKA", "CLKB", "WCK", "RCLK", "WCLK", "C"):
                    continue
                bit_level(b)
                ends.append((level.get(b, 0.0), b, cname, p, state_name(c, names)))
    for name, port in m.get("ports", {}).items():
        if port["direction"] == "output":
            for b in port["bits"]:
                bit_level(b)
                ends.append((level.get(b, 0.0), b, name, "output", name))
    return level, prev, ends, names


def state_name(c, names):
    """a register's name: its Q net's (a D net is often ABC's), without the bit"""
    for p, i, b in port_bits(c, "output"):
        n = names.get(b, (None, None))[1]
        if n:
            return re.sub(r"\[\d+\]$", "", n)
    return None


def chain(b, prev, names, level, source_of, cells=False):
    """the named nets of the deepest chain into bit b, source first (with
    cells: every cell on it, as its type and RTL source line)"""
    out, last = [], b
    while b is not None:
        n = names.get(b, (None, None))[1]
        if n and not n.startswith("$") and (not out or out[-1][1] != n):
            out.append((level.get(b, 0.0), n))
        elif cells and prev.get(b) is not None:
            out.append((level.get(b, 0.0), "  " + source_of(b)))
        last, b = b, prev.get(b)
    if not out or out[-1][0] > 0.0:
        # the source: a register or port without a public name
        out.append((0.0, names.get(last, (None, source_of(last)))[1]))
    return list(reversed(out))


def report(path, top=10, min_levels=0.0, cells=False):
    net = json.load(open(path))
    level, prev, ends, names = analyse(net)
    mod = next((m for m in net["modules"].values() if m.get("attributes", {}).get("top")),
               next(iter(net["modules"].values())))
    drv = {}
    for cname, c in mod["cells"].items():
        for p, i, b in port_bits(c, "output"):
            drv[b] = c

    def source_of(b):
        """an unnamed source: its cell's type and RTL source line"""
        c = drv.get(b)
        if c is None:
            return "(constant or input)"
        # the innermost source line of the design (a flattened cell lists its
        # instance lines outermost first, then Yosys' own techmap files)
        srcs = [x for x in c.get("attributes", {}).get("src", "").split("|") if x and "share/yosys" not in x]
        src = re.sub(r"^.*?/(rtl|fpga)/", r"\1/", srcs[-1]) if srcs else "(no source line)"
        return "%s at %s" % (c["type"], src)

    ends.sort(key=lambda e: -e[0])
    seen, rows = set(), []
    for lv, b, cname, port, reg in ends:
        # one row per destination register
        key = "%s (%s)" % (reg or cname, port)
        if key in seen or lv < min_levels:
            continue
        seen.add(key)
        rows.append((lv, key, chain(b, prev, names, level, source_of, cells)))
        if len(rows) >= top:
            break
    return rows, (ends[0][0] if ends else 0.0)


def main(argv):
    top, mn, files, cells = 10, 0.0, [], False
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--top", "--min") and i + 1 < len(argv):
            try:
                v = float(argv[i + 1])
            except ValueError:
                print("logic-depth: %s needs a number, got %r" % (a, argv[i + 1]), file=sys.stderr)
                return 2
            if a == "--top":
                top = int(v)
            else:
                mn = v
            i += 2
        elif a == "--cells":
            cells = True
            i += 1
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        elif a.startswith("-"):
            print("logic-depth: unknown option %s\n%s" % (a, __doc__.split("\n\n")[2]), file=sys.stderr)
            return 2
        else:
            files.append(a)
            i += 1
    if len(files) != 1:
        print("usage: logic-depth.py TOP.json [--top N] [--min LEVELS] [--cells]", file=sys.stderr)
        return 2
    try:
        rows, worst = report(files[0], top, mn, cells)
    except (OSError, ValueError, KeyError) as e:
        print("logic-depth: %s: %s" % (files[0], e), file=sys.stderr)
        return 1 if "loop" in str(e) else 2
    print("%s: deepest %.1f levels" % (files[0], worst))
    for lv, key, ch in rows:
        print("%5.1f  %s" % (lv, key))
        for l2, n in ch:
            print("         %5.1f %s" % (l2, n))
    return 0

