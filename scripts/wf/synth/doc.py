"""The docs/fpga.md tables of scripts/synth.py: each flow's results as a table,
merged into the doc between its markers (a run never deletes a measured row)."""
import os
import re
import subprocess

from wf.paths import ROOT
from wf.synth.configs import CONFIGS, SWEEP, SWEEP_BASE
from wf.synth.flows import OUT, module_counts, results

DOC = os.path.join(ROOT, "docs", "fpga.md")

def fmax_cell(r):
    """a table row's Fmax: the figure, and with several seeds every seed's"""
    if not r.get("fmax"):
        return "-"
    seeds = r.get("fmax_seeds") or {}
    if len(seeds) < 2:
        return "%.1f MHz" % r["fmax"]
    keys = sorted(seeds, key=int)
    return "%.1f MHz (median; seeds %s: %s)" % (r["fmax"], "/".join(keys),
                                                "/".join("%.1f" % seeds[k] for k in keys))


def levels_cell(r):
    return "%.1f (%s)" % (r["levels"], r.get("deepest", "-")) if r.get("levels") is not None else "-"


def describe(params):
    """warps x lanes x regs x banks x CUs (wf_core's defaults where not given)"""
    dflt = dict(WARPS=8, LANES=8, REGS=32, BANKS=4, COLLECTORS=4)
    return "x".join(str(params.get(k, v)) for k, v in dflt.items())


def table_generic(rows):
    order = list(CONFIGS)
    rows = sorted(rows, key=lambda r: order.index(r["name"]) if r["name"] in order else 99)
    lines = ["| config | warps x lanes x regs x banks x CUs | cells (gates) | LUT4 (`abc -lut 4`) "
             "| flip-flops | memories ($mem_v2) | memory bits | yosys time | measured |",
             "|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        if r["ok"]:
            lines.append("| %s | %s | %d | %d | %d | %d | %d | %d s | %s %s |" % (
                r["name"], describe(r["params"]), r["cells"], r["luts"], r["ffs"], r["mems"],
                r["mem_bits"], r["seconds"], r["date"], r["commit"]))
        else:
            lines.append("| %s | %s | - | - | - | - | - | %d s | %s: %s |" % (
                r["name"], describe(r["params"]), r["seconds"], r["date"], r["error"]))
    return "\n".join(lines)


def ice_row(r, label):
    util = r.get("util", {})
    lc = util.get("ICESTORM_LC", ["-", "-"])
    ram = util.get("ICESTORM_RAM", ["-", "-"])
    if not r.get("luts"):
        return "| %s | %s | - | - | - | - | - | - | %s | %s %s | - |" % (
            label, r.get("part", "-"), r["error"], r.get("date", "?"), r.get("commit", "?"))
    fits = "yes" if r.get("fits") else ("no" if "fits" in r else "-")
    return "| %s | %s | %d | %d | %d | %s/%s | %s/%s | %s | %s | %s %s | %s |" % (
        label, r["part"], r["luts"], r["ffs"], r["brams"], lc[0], lc[1], ram[0], ram[1],
        fmax_cell(r),
        fits + ("" if r["ok"] else " (%s)" % r["error"]), r.get("date", "?"), r.get("commit", "?"), levels_cell(r))


def by_config_order(rows):
    order = list(CONFIGS)
    return sorted(rows, key=lambda r: order.index(r["name"]) if r["name"] in order else 99)


def table_ice40(rows):
    lines = ["| config | part | SB_LUT4 | SB_DFF* | SB_RAM40_4K | logic cells used/avail "
             "| BRAM used/avail | Fmax (nextpnr) | fits | measured | deepest chain, levels (logic-depth.py) |",
             "|---|---|---:|---:|---:|---:|---:|---:|---|---|---|"]
    for r in by_config_order(rows):
        lines.append(ice_row(r, "%s (%s)" % (r["name"], describe(r["params"]))))
    return "\n".join(lines)


def table_ecp5(rows):
    lines = ["| config | part | LUT4 + CCU2C (Yosys) | TRELLIS_COMB used/avail | TRELLIS_FF | "
             "DP16KD | MULT18X18D | LUT RAM (DPR16X4) | Fmax (nextpnr) | critical path | fits | measured "
             "| deepest chain, levels (logic-depth.py) |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|---|"]
    for r in by_config_order(rows):
        label = "%s (%s)" % (r["name"], describe(r["params"]))
        if not r.get("luts"):
            lines.append("| %s | %s | - | - | - | - | - | - | - | - | %s | %s %s | - |" % (
                label, r.get("part", "-"), r["error"], r.get("date", "?"), r.get("commit", "?")))
            continue
        util = r.get("util", {})
        comb = util.get("TRELLIS_COMB", ["-", "-"])
        cp = r.get("critical_path")
        cps = ("%.1f ns: %s" % (cp["delay_ns"], " > ".join(cp["blocks"]))) if cp else "-"
        fits = "yes" if r.get("fits") else ("no" if "fits" in r else "not placed")
        lines.append("| %s | %s | %d + %d | %s/%s | %d | %d | %d | %d | %s | %s | %s | %s %s | %s |" % (
            label, r["part"], r["luts"], r.get("ccu2", 0), comb[0], comb[1], r["ffs"], r["brams"],
            r["dsps"], r.get("lutram", 0), fmax_cell(r), cps,
            fits + ("" if r["ok"] else " (%s)" % r["error"]), r.get("date", "?"), r.get("commit", "?"),
            levels_cell(r)))
    return "\n".join(lines)


def same_shape(a, b):
    strip = ("part", "pnr")
    return {k: v for k, v in a.items() if k not in strip} == {k: v for k, v in b.items() if k not in strip}


def sweep_rows():
    """One row per SWEEP point: its own result, or an ice40 config's with the
    same parameters."""
    have = results("sweep") + results("ice40")
    rows = []
    for n, ch in SWEEP:
        want = dict(SWEEP_BASE, **ch)
        r = [h for h in have if same_shape(h["params"], want) and h.get("luts")]
        if r:
            rows.append(dict(r[0], name="sweep:" + n))
    return rows


def table_sweep(rows):
    base = [r for r in rows if r["name"] == "sweep:base"]
    b = base[0] if base and base[0].get("luts") else None
    lines = ["| change from the base | SB_LUT4 | delta LUT4 | SB_DFF* | delta FF | SB_RAM40_4K |",
             "|---|---:|---:|---:|---:|---:|"]
    order = [n for n, _ in SWEEP]
    for r in sorted(rows, key=lambda r: order.index(r["name"][6:]) if r["name"][6:] in order else 99):
        if not r.get("luts"):
            lines.append("| %s | - | - | - | - | - (%s) |" % (r["name"][6:], r["error"]))
            continue
        dl = "%+d" % (r["luts"] - b["luts"]) if b else "-"
        df = "%+d" % (r["ffs"] - b["ffs"]) if b else "-"
        lines.append("| %s | %d | %s | %d | %s | %d |" % (r["name"][6:], r["luts"], dl, r["ffs"], df,
                                                        r["brams"]))
    return "\n".join(lines)


def table_breakdown(rows):
    lines = []
    for r in rows:
        d = os.path.join(OUT, "breakdown", r["name"])
        if r.get("modules") and os.path.exists(os.path.join(d, "stat_lut.txt")):
            # from the run's own stat file (the block naming may have changed since)
            r["modules"] = module_counts(open(os.path.join(d, "stat_lut.txt")).read())
        if not r.get("modules"):
            lines.append("%s: %s" % (r["name"], r["error"] or "no result"))
            continue
        tot = sum(v[1] for v in r["modules"].values())
        lines += ["%s (%s x %s x %s x %s x %s, measured %s %s): %d LUT4 in all" % (
            r["name"], *describe(r["params"]).split("x"), r["date"], r["commit"], tot), "",
            "| block | instances | LUT4 | share | flip-flops |", "|---|---:|---:|---:|---:|"]
        for k, (n, lut, ff) in sorted(r["modules"].items(), key=lambda kv: -kv[1][1]):
            lines.append("| %s | %d | %d | %d%% | %d |" % (k, n, lut, round(100.0 * lut / max(tot, 1)), ff))
        lines.append("")
    return "\n".join(lines).rstrip()


def row_key(line):
    """a table row's config: its first cell up to a ' (' (the shape)"""
    return line.strip().strip("|").split("|")[0].strip().split(" (")[0]


STAMP = re.compile(r"\b(20\d\d-\d\d-\d\d)(?: \d\d:\d\d)?(?: ([0-9a-f]{7,40}))?\b")


def row_stamp(line):
    """(date, commit or None) of a table row's "measured" cell, or None"""
    for cell in line.strip().strip("|").split("|")[1:]:
        m = STAMP.fullmatch(cell.strip())
        if m:
            return m.group(1), m.group(2)
    return None


def git_is_ancestor(a, b):
    """commit a is an ancestor of commit b in this repository (False when either is unknown)"""
    return subprocess.run(["git", "merge-base", "--is-ancestor", a, b], cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def older(new_row, old_row, is_ancestor=git_is_ancestor):
    """new_row was measured before old_row: its commit is an ancestor of the
    old row's (another commit), or, when a commit is missing or unknown, its
    date is earlier"""
    n, o = row_stamp(new_row), row_stamp(old_row)
    if not n or not o:
        return False
    if n[1] and o[1] and n[1] != o[1] and not o[1].startswith(n[1]) and not n[1].startswith(o[1]):
        if is_ancestor(n[1], o[1]):
            return True
        if is_ancestor(o[1], n[1]):
            return False
    return n[0] < o[0]


def merge_table(old, new, order=(), weak=(), is_ancestor=git_is_ancestor):
    """The rows of table text `new` replace the rows of `old` with the same
    config; `old`'s other rows are kept (a run never deletes a measured row).
    A new row whose config is in `weak` (a synthesis-only --no-pnr result)
    only fills a gap: an old row of that config (placed and routed) stays.
    A new row measured before the old one (`older`: a stale result.json left
    in a working tree's build/synth/, e.g. from before a row measured in
    another checkout) does not replace it either.
    Header and separator come from `new`; an old row with fewer columns (a
    column added since) gets '-' cells appended. Rows in `order`'s order,
    then the others as found. A table without rows (the breakdown's
    paragraphs, or no result at all) is kept as it was when `new` has none."""
    def split(t):
        lines = [ln for ln in t.strip().splitlines() if ln.strip()]
        if len(lines) < 2 or not lines[0].startswith("|") or not set(lines[1]) <= set("|-: "):
            return None, None, lines
        return lines[0], lines[1], [ln for ln in lines[2:] if ln.startswith("|")]
    oh, _, orows = split(old)
    nh, nsep, nrows = split(new)
    if nh is None:
        return new.strip() if nrows else old.strip()
    if oh is None:
        return new.strip()
    ncols = nh.count("|") - 1
    placed = {row_key(r) for r in orows} & set(weak)
    newer = {row_key(r) for r in orows if any(row_key(n) == row_key(r) and older(n, r, is_ancestor)
                                              for n in nrows)}
    nrows = [r for r in nrows if row_key(r) not in placed | newer]
    have = {row_key(r) for r in nrows}
    keep = []
    for r in orows:
        if row_key(r) in have:
            continue
        cells = r.strip().strip("|").split("|")
        if len(cells) < ncols:
            cells += [" - "] * (ncols - len(cells))
        keep.append("|" + "|".join(cells) + "|")
    rows = nrows + keep
    order = [o.split(" (")[0] for o in order]
    rows.sort(key=lambda r: order.index(row_key(r)) if row_key(r) in order else len(order))
    return "\n".join([nh, nsep] + rows)


def replace_tables(text, tables, say=print, weak=()):
    """text with each (tag, new table, row order)'s table merged between its
    markers (merge_table; `weak`: the synthesis-only configs); None when a
    marker is missing"""
    for tag, table, order in tables:
        begin, end = "<!-- %s-table begin -->" % tag, "<!-- %s-table end -->" % tag
        if begin not in text or end not in text:
            say("synth: markers %s / %s missing in docs/fpga.md" % (begin, end))
            return None
        pre, rest = text.split(begin, 1)
        old, post = rest.split(end, 1)
        text = pre + begin + "\n" + merge_table(old, table, order, weak) + "\n" + end + post
    return text


def rewrite_doc():
    if not os.path.exists(DOC):
        print("synth: %s missing, tables not written" % DOC)
        return False
    cfg = list(CONFIGS)
    text = replace_tables(open(DOC).read(), (
        ("synth", table_generic(results("generic")), cfg),
        ("fpga", table_ice40(results("ice40")), cfg),
        ("ecp5", table_ecp5(results("ecp5")), cfg),
        ("sweep", table_sweep(sweep_rows()), [n for n, _ in SWEEP]),
        ("breakdown", table_breakdown(results("breakdown")), ())),
        weak={r["name"] for r in results("ice40") + results("ecp5")
              if r.get("params", {}).get("pnr") is False})
    if text is None:
        return False
    with open(DOC, "w") as f:
        f.write(text)
    return True
