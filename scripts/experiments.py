#!/usr/bin/env python3
"""`make experiments`: the seed's performance claims measured on the cycle
model over the kernel suite (issue 7 item 3).

Runs build/wfsim (env WFSIM) over sim/kernels/*.s for each experiment, then
writes OUT/results.md (default docs/results.md), the SVG plots under
OUT/results/ (drawn here, no plotting library) and OUT/results/data.json (every
point: kernel, options, the exact commands, the statistics used).

  scripts/experiments.py [--quick] [--only NAME ...] [--out DIR] [--jobs N]

--quick runs a reduced sweep (two kernels, fewer points) for the test
(scripts/test-experiments.sh). Every number in the markdown comes from a
wfsim run listed in data.json; nothing is typed in. The output does not
depend on WFSIM's path, --jobs or the run time, so rerunning on an unchanged
model gives no diff.
"""
import argparse
import concurrent.futures as cf
import glob
import json
import math
import os
import re
import shlex
import subprocess
import sys
import time
from xml.sax.saxutils import escape

WFSIM = os.environ.get("WFSIM", "build/wfsim")
SIM = "build/wfsim"  # the simulator as the recorded commands name it (`make experiments`)
LONG_LAT = ["--alu-lat", "4", "--mul-lat", "16", "--lsu-lat", "16"]
LONG_TXT = "`--alu-lat 4 --mul-lat 16 --lsu-lat 16`"
POLICIES = ["none", "inorder", "warpboard-commit", "warpboard-read", "bloom"]


# ---- running wfsim ------------------------------------------------------------

def kernel_options(path):
    with open(path) as f:
        for line in f:
            m = re.match(r"#\s*wfsim-options:\s*(.*)", line)
            if m:
                return m.group(1).split()
    return []


def shell(argv):
    return " ".join(shlex.quote(c) for c in argv)


class Runner:
    """One point per (kernel, options): the `--json` run, plus on request the
    `--cov -` run (coverage bins) and the `--dump-state -` runs of the cycle
    model and of `--functional` (final-state check). Each run's command is
    recorded with the simulator named `build/wfsim`."""

    def __init__(self, kernels, jobs):
        self.kernels = kernels
        self.jobs = jobs
        self.points = {}  # (kernel, tuple(opts)) -> result
        self.extras = {}  # (kernel, tuple(opts)) -> {"cov", "state"} subset
        self.invocations = 0

    def want(self, kernel, opts, cov=False, state=False):
        key = (kernel, tuple(opts))
        ex = self.extras.setdefault(key, set())
        if cov:
            ex.add("cov")
        if state:
            ex.add("state")
        return key

    def _run(self, argv):
        p = subprocess.run([WFSIM] + argv, capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit("experiments: failed (%d): %s\n%s" % (
                p.returncode, shell([WFSIM] + argv), p.stderr))
        return json.loads(p.stdout)

    def _one(self, key):
        kernel, opts = key
        base = kernel_options(kernel) + list(opts)
        argv = base + ["--quiet", "--json", kernel]
        res = {"kernel": kname(kernel), "opts": list(opts), "command": shell([SIM] + argv),
               "stats": self._run(argv)}
        n = 1
        ex = self.extras[key]
        if "cov" in ex:
            cargv = base + ["--quiet", "--cov", "-", kernel]
            cov = self._run(cargv)
            res["cov_command"] = shell([SIM] + cargv)
            res["cov"] = {b: v[0] for b, v in cov["bins"].items()
                          if v[0] and b.startswith("war.block.")}
            n += 1
        if "state" in ex:
            a = base + ["--quiet", "--dump-state", "-", kernel]
            b = base + ["--functional", "--quiet", "--dump-state", "-", kernel]
            sa, sb = self._run(a), self._run(b)
            res["state_commands"] = [shell([SIM] + a), shell([SIM] + b)]
            res["state_matches_functional"] = sa["regs"] == sb["regs"] and sa["mem"] == sb["mem"]
            n += 2
        return key, res, n

    def run_pending(self):
        keys = sorted(k for k in self.extras if k not in self.points)
        with cf.ThreadPoolExecutor(max_workers=self.jobs) as ex:
            for key, res, n in ex.map(self._one, keys):
                self.points[key] = res
                self.invocations += n

    def get(self, key):
        return self.points[key]

    def st(self, key):
        return self.points[key]["stats"]


# ---- SVG charts -----------------------------------------------------------------

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
          "#7f7f7f", "#17becf", "#bcbd22"]
W, H = 700, 400
ML, MR, MT, MB = 70, 200, 40, 60  # margins: legend on the right


def nice_axis(lo, hi, n=5):
    """(low, high, step): about n round-numbered intervals covering [lo, hi], 0 included."""
    lo, hi = min(lo, 0.0), max(hi, 0.0)
    if hi - lo <= 0:
        hi = lo + 1.0
    raw = (hi - lo) / n
    e = 10 ** math.floor(math.log10(raw))
    step = next(m * e for m in (1, 2, 2.5, 5, 10) if m * e >= raw * 0.9999999)
    return math.floor(lo / step + 1e-9) * step, math.ceil(hi / step - 1e-9) * step, step


def fmt_tick(v):
    if v == 0:
        return "0"
    if abs(v) >= 100:
        return "%d" % round(v)
    return ("%.3f" % v).rstrip("0").rstrip(".")


def svg_frame(title, xlabel, ylabel, ymin, ymax, step):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">' % (W, H, W, H),
           '<rect x="0" y="0" width="%d" height="%d" fill="white"/>' % (W, H),
           '<text x="%d" y="22" font-size="15" text-anchor="middle">%s</text>' % (
               (ML + W - MR) // 2, escape(title)),
           '<text x="%d" y="%d" text-anchor="middle">%s</text>' % (
               (ML + W - MR) // 2, H - 15, escape(xlabel)),
           '<text x="18" y="%d" text-anchor="middle" transform="rotate(-90 18 %d)">%s</text>' % (
               (MT + H - MB) // 2, (MT + H - MB) // 2, escape(ylabel))]
    ph = H - MT - MB
    nt = int(round((ymax - ymin) / step))
    for i in range(nt + 1):
        v = ymin + step * i
        y = H - MB - ph * i / nt
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (
            ML, y, W - MR, y))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (
            ML - 6, y + 4, fmt_tick(v)))
    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (
        ML, H - MB, W - MR, H - MB))
    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (
        ML, MT, ML, H - MB))
    return out


def svg_legend(out, names, shape="line"):
    for i, name in enumerate(names):
        y = MT + 10 + 18 * i
        c = COLORS[i % len(COLORS)]
        if shape == "line":
            out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>' % (
                W - MR + 12, y, W - MR + 32, y, c))
        else:
            out.append('<rect x="%d" y="%d" width="14" height="10" fill="%s"/>' % (
                W - MR + 12, y - 5, c))
        out.append('<text x="%d" y="%d">%s</text>' % (W - MR + 38, y + 4, escape(name)))


def line_chart(path, title, xlabel, ylabel, xs, series):
    """series: [(name, [y per x])]; x positions evenly spaced (categorical)."""
    ymin, top, step = nice_axis(min(min(ys) for _, ys in series),
                                max(max(ys) for _, ys in series))
    out = svg_frame(title, xlabel, ylabel, ymin, top, step)
    pw, ph = W - ML - MR, H - MT - MB
    n = len(xs)
    xpos = [ML + (pw * (i + 0.5) / n) for i in range(n)]
    for i, x in enumerate(xs):
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (
            xpos[i], H - MB + 18, escape(str(x))))
    for k, (name, ys) in enumerate(series):
        c = COLORS[k % len(COLORS)]
        pts = ["%.1f,%.1f" % (xpos[i], H - MB - ph * (y - ymin) / (top - ymin))
               for i, y in enumerate(ys)]
        out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>' % (
            c, " ".join(pts)))
        for i, p in enumerate(pts):
            px, py = p.split(",")
            out.append('<circle cx="%s" cy="%s" r="3" fill="%s"><title>%s %s: %s</title>'
                       '</circle>' % (px, py, c, escape(name), escape(str(xs[i])),
                                      fmt_tick(ys[i])))
    svg_legend(out, [s[0] for s in series])
    out.append("</svg>")
    write_svg(path, out)


def bar_chart(path, title, ylabel, groups, series):
    """groups: x categories; series: [(name, [value per group])]; grouped bars."""
    vals = [v for _, ys in series for v in ys]
    low, top, step = nice_axis(min(vals), max(vals))
    out = svg_frame(title, "", ylabel, low, top, step)
    pw, ph = W - ML - MR, H - MT - MB
    ng, ns = len(groups), len(series)
    gw = pw / ng
    bw = gw * 0.8 / ns
    y0 = H - MB - ph * (0 - low) / (top - low)
    for g, name in enumerate(groups):
        cx = ML + gw * (g + 0.5)
        out.append('<text x="%.1f" y="%d" text-anchor="end" transform="rotate(-30 %.1f %d)">'
                   '%s</text>' % (cx, H - MB + 14, cx, H - MB + 14, escape(name)))
        for s, (sname, ys) in enumerate(series):
            v = ys[g]
            x = ML + gw * g + gw * 0.1 + bw * s
            y = H - MB - ph * (v - low) / (top - low)
            out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s">'
                       '<title>%s %s: %s</title></rect>' % (
                           x, min(y, y0), bw, abs(y0 - y), COLORS[s % len(COLORS)],
                           escape(name), escape(sname), fmt_tick(v)))
    if low < 0:
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="black"/>' % (
            ML, y0, W - MR, y0))
    svg_legend(out, [s[0] for s in series], shape="box")
    out.append("</svg>")
    write_svg(path, out)


def write_svg(path, lines):
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


# ---- helpers ----------------------------------------------------------------------

def mean(xs):
    return sum(xs) / len(xs)


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def f3(x):
    return "%.3f" % x


def pct(x):
    return "%+.1f%%" % (100 * x)


def ratio(x):
    return "%.2fx" % x


def change(new, old):
    """relative change new/old - 1 as a percentage, or n/a when old is 0."""
    return pct(new / old - 1) if old else "n/a"


def share(part, whole):
    return "%.0f%%" % (100.0 * part / whole) if whole else "n/a"


def md_table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def kname(k):
    return os.path.basename(k)[:-2]


def conflicts(st):
    return sum(st["banks"]["read_conflict_cycles"])


def idle_slots(st):
    """issue slots (cycles) in which no instruction issued: replays, stalls, no ready head."""
    return st["cycles"] - st["issue_slots"]["issued"]


def warps_needed(ws, ys, target):
    """fewest warps at which ys reaches target, linear between grid points; None if never."""
    prev = None
    for w, y in zip(ws, ys):
        if y >= target:
            if prev is None or y <= prev[1]:
                return float(w)
            return prev[0] + (w - prev[0]) * (target - prev[1]) / (y - prev[1])
        prev = (w, y)
    return None


def fmt_w(v, ws):
    return "not reached (W <= %d)" % ws[-1] if v is None else "%.1f" % v


def first_at(xs, ys, target):
    """first x of the grid whose y reaches target."""
    return next((x for x, y in zip(xs, ys) if y >= target), None)


# ---- the experiments --------------------------------------------------------------

class Ctx:
    def __init__(self, args, runner, svgdir, reldir):
        self.a, self.r, self.svgdir, self.reldir = args, runner, svgdir, reldir
        self.sections = []

    def svg(self, name):
        return os.path.join(self.svgdir, name), "%s/%s" % (self.reldir, name)


def sweep_cmd(section):
    return ("`python3 scripts/experiments.py --only %s` (writes out/experiments/results.md; "
            "all sections into docs/: `make experiments`)" % section)


def exp_warps(c, plan):
    K, r = c.r.kernels, c.r
    warps = [1, 2, 4, 8] if c.a.quick else [1, 2, 3, 4, 6, 8, 12, 16]
    lats = [("default latencies", []), ("long latencies", LONG_LAT)]
    keys = {}
    for li, (_, lat) in enumerate(lats):
        for mode in (1, 2, 3):
            for w in warps:
                for k in K:
                    keys[li, mode, w, k] = r.want(k, ["--lanes", "4", "--warps", str(w),
                                                      "--loops", str(mode)] + lat)
    if plan:
        return
    fracs = (0.5, 0.75, 0.9, 1.0)
    text = ["## IPC vs number of warps, loop modes 1, 2, 3", "",
            "Claim (seed §3.2): the two-loop design (an I-buffer and a scoreboard feeding a "
            "second scheduling loop; here loop mode 2, whose operands are read through one "
            "staging register as in the seed's Fig 3.12) hides latency with fewer warps than "
            "the one-loop design (mode 1: a warp issues again only after its previous "
            "instruction completed). Mode 3 adds the operand collector (§3.3).", "",
            "Configuration: wfsim defaults except `--lanes 4 --warps W --loops M` (lanes 4 "
            "so that 16 warps x 4 lanes fit every kernel's data layout), once with the "
            "default latencies (ALU 1, MUL 4, LSU 2) and once with " + LONG_TXT + ". "
            "IPC = warp instructions per cycle (at most 1: one issue per cycle). Each point "
            "is `build/wfsim --lanes 4 --warps W --loops M [latencies] --quiet --json "
            "sim/kernels/K.s`; reproduce with " + sweep_cmd("warps") + ".", ""]
    verdict_rows, verdicts, notes = [], [], []
    for li, (lname, lat) in enumerate(lats):
        ipc = {(m, w, k): r.st(keys[li, m, w, k])["ipc"] for m in (1, 2, 3) for w in warps
               for k in K}
        series = [("mode %d" % m, [mean([ipc[m, w, k] for k in K]) for w in warps])
                  for m in (1, 2, 3)]
        means = {m: series[m - 1][1] for m in (1, 2, 3)}
        fn, rel = c.svg("ipc_vs_warps_%s.svg" % ("long" if lat else "default"))
        line_chart(fn, "Mean IPC over %d kernels, %s" % (len(K), lname), "warps", "IPC",
                   warps, series)
        text += ["### %s" % lname.capitalize(), "", "![IPC vs warps, %s](%s)" % (lname, rel), ""]
        rows = []
        for m in (1, 2, 3):
            for k in K:
                rows.append(["mode %d" % m, kname(k)] + [f3(ipc[m, w, k]) for w in warps])
            rows.append(["mode %d" % m, "**mean**"] + ["**%s**" % f3(v) for v in means[m]])
        text += [md_table(["mode", "kernel"] + ["W=%d" % w for w in warps], rows), ""]
        # warps each mode needs for the same IPC: fractions of mode 1's best mean IPC
        best1 = max(means[1])
        need = {}
        for f in fracs:
            need[f] = {m: warps_needed(warps, means[m], f * best1) for m in (1, 2, 3)}
            verdict_rows.append([lname, "%d%% = %s" % (round(100 * f), f3(f * best1))] +
                                [fmt_w(need[f][m], warps) for m in (1, 2, 3)])
        fewer = [f for f in fracs if need[f][2] is not None and need[f][1] is not None
                 and need[f][2] < need[f][1] - 0.05]
        f90 = 0.9
        n1, n2, n3 = (need[f90][m] for m in (1, 2, 3))
        if len(fewer) == len(fracs):
            how = "for every target"
        elif fewer:
            how = "for the targets %s of mode 1's best, not for %s" % (
                ", ".join("%d%%" % round(100 * f) for f in fewer),
                ", ".join("%d%%" % round(100 * f) for f in fracs if f not in fewer))
        else:
            how = "for no target"
        v = ("Measured (%s): mode 2 (the seed's two-loop design) needs fewer warps than "
             "mode 1 %s" % (lname, how))
        if n1 is not None and n2 is not None:
            v += ("; to reach 90%% of mode 1's best mean IPC it needs W=%.1f against W=%.1f "
                  "(%s warps)" % (n2, n1, pct(n2 / n1 - 1)))
        if n3 is not None:
            v += ", mode 3 W=%.1f" % n3
        wl = warps[-1]
        idle = {m: sum(r.st(keys[li, m, wl, k])["issue_slots"]["no_ready"] for k in K)
                for m in (1, 2, 3)}
        cyc = {m: sum(r.st(keys[li, m, wl, k])["cycles"] for k in K) for m in (1, 2, 3)}
        stg = {m: sum(r.st(keys[li, m, wl, k])["hazard_warp_cycles"]["staging_busy"] for k in K)
               for m in (1, 2)}
        hz = {m: sum(sum(r.st(keys[li, m, wl, k])["hazard_warp_cycles"].values()) for k in K)
              for m in (1, 2)}
        v += (". Best mean IPC on the grid: mode 1 %s, mode 2 %s (%s), mode 3 %s (%s). At "
              "W=%d no warp had a ready instruction in %s (mode 1), %s (mode 2) and %s "
              "(mode 3) of the cycles; in modes 1 and 2 the staging register was the reason "
              "a warp's head could not issue in %s and %s of the not-ready warp-cycles "
              "(`hazard_warp_cycles.staging_busy` over their sum)." % (
                  f3(best1), f3(max(means[2])), change(max(means[2]), best1), f3(max(means[3])),
                  change(max(means[3]), best1), wl, share(idle[1], cyc[1]),
                  share(idle[2], cyc[2]), share(idle[3], cyc[3]), share(stg[1], hz[1]),
                  share(stg[2], hz[2])))
        verdicts.append(v)
        # oddity: mode 3 below mode 2 with few warps
        if means[3][0] < means[2][0]:
            ahead = next((w for w, a, b in zip(warps, means[3], means[2]) if a >= b), None)
            tot = {m: {h: sum(r.st(keys[li, m, warps[0], k])["hazard_warp_cycles"][h] for k in K)
                       for h in ("dependency", "wait_lsu", "war")} for m in (2, 3)}
            notes.append(
                "%s, W=%d: mode 3 is below mode 2 (mean IPC %s vs %s; ahead from %s). "
                "Summed over kernels the warp's head waited on a dependency or an LSU verdict "
                "for %d warp-cycles in mode 3 against %d in mode 2, and was held by the "
                "`bloom` WAR filter for %d (mode 2 needs no WAR policy). A collector unit whose "
                "operands are complete requests dispatch in the next cycle "
                "(docs/microarch.md §7.1), while the staging register dispatches in the cycle "
                "of its last read (§7.2): one more cycle on every dependence, which a single "
                "warp cannot hide." % (
                    lname.capitalize(), warps[0], f3(means[3][0]), f3(means[2][0]),
                    "W=%d" % ahead if ahead else "nowhere on the grid",
                    tot[3]["dependency"] + tot[3]["wait_lsu"],
                    tot[2]["dependency"] + tot[2]["wait_lsu"], tot[3]["war"]))
        # oddity: a kernel whose mode-3 IPC falls at the top of the warp grid
        for k in K:
            ys = [ipc[3, w, k] for w in warps]
            wp = warps[ys.index(max(ys))]
            if ys[-1] < 0.99 * max(ys):
                a, b = r.st(keys[li, 3, wp, k]), r.st(keys[li, 3, wl, k])
                notes.append(
                    "%s: `%s` in mode 3 falls from IPC %s at W=%d to %s at W=%d. Per "
                    "instruction, bank-conflict cycles rise from %.2f to %.2f, collector "
                    "replays from %.2f to %.2f and `bloom` WAR blocks (warp-cycles) from "
                    "%.2f to %.2f: the swizzle has only 4 bank rotations (4 banks), so %d "
                    "warps share each rotation at W=%d against %d at W=%d, and more "
                    "instructions compete for the same banks and the 4 collector units." % (
                        lname.capitalize(), kname(k), f3(ys[warps.index(wp)]), wp, f3(ys[-1]),
                        wl, conflicts(a) / a["instructions"], conflicts(b) / b["instructions"],
                        a["replays"]["collector"] / a["instructions"],
                        b["replays"]["collector"] / b["instructions"],
                        a["war_blocks"] / a["instructions"], b["war_blocks"] / b["instructions"],
                        max(1, wl // 4), wl, max(1, wp // 4), wp))
    text += ["### Verdict: warps needed for the same IPC", "",
             "The fewest warps at which each mode's mean IPC reaches a fraction of the best mean "
             "IPC mode 1 reaches on the grid (linear interpolation between grid points).", "",
             md_table(["latencies", "target IPC (of mode 1's best)", "mode 1", "mode 2",
                       "mode 3"], verdict_rows), ""]
    for v in verdicts:
        text += [v, ""]
    text += ["Reading: in mode 1 a warp has at most one instruction in flight, so a warp's "
             "IPC is bounded by 1 / (latency of its instructions) and only more warps raise "
             "it; modes 2 and 3 keep issuing independent instructions of the same warp from "
             "the I-buffer, so they reach a given IPC with fewer warps, and the saving grows "
             "with the latency. Modes 1 and 2 share the same read stage, one staging register "
             "that reads the operands of one instruction at a time: with many warps both run "
             "into it (the idle-cycle and staging-register shares above), so mode 2's best "
             "IPC ends close to mode 1's and its advantage is in how few warps it needs, not "
             "in the ceiling. The operand collector of mode 3 removes that limit and is what "
             "keeps the two-loop advantage at high warp counts.", ""]
    if notes:
        text += ["Oddities in the tables, from the same runs:", ""]
        text += ["* " + n for n in notes] + [""]
    c.sections.append("\n".join(text))


def exp_banks(c, plan):
    K, r = c.r.kernels, c.r
    banks = [1, 2, 4] if c.a.quick else [1, 2, 4, 8, 16]
    keys = {}
    for mode in (2, 3):
        for lay in ("naive", "swizzle"):
            for b in banks:
                for k in K:
                    keys[mode, lay, b, k] = r.want(k, ["--banks", str(b), "--layout", lay,
                                                       "--loops", str(mode)])
    if plan:
        return
    text = ["## Naive vs swizzled layout vs number of banks", "",
            "Claim (seed §3.3): the swizzled layout (`bank = (r + w) mod B`) and the operand "
            "collector remove bank-conflict stalls that the naive layout (`bank = r mod B`) "
            "causes.", "",
            "Configuration: wfsim defaults (8 warps x 8 lanes, 4 CUs) except `--banks B "
            "--layout L --loops M`. Each point is `build/wfsim --banks B --layout L --loops M "
            "--quiet --json sim/kernels/K.s`; reproduce with " + sweep_cmd("banks") + ".", "",
            "Metrics, all from `--json`:", "",
            "* *conflict cycles*: the sum over banks of `banks.read_conflict_cycles`, cycles in "
            "which a bank had a read request that got no data (another read or a write won; "
            "the same count as the `bank[b].conflict` coverage bin). It counts lost read "
            "arbitrations, not issue stalls: a read that waits inside a collector unit while "
            "other units keep reading and the issue stage keeps issuing costs a conflict cycle "
            "but no issue slot.",
            "* *the stall it causes*: in mode 2 the staging register holds the reading "
            "instruction until its last operand is read, and the warps behind it are not ready: "
            "`hazard_warp_cycles.staging_busy` (warp-cycles in which that was the first reason "
            "a warp's head could not issue). In mode 3 a collector unit is held until its "
            "operands are read, and an issue that finds no free unit is a collector replay: "
            "`replays.collector`.",
            "* *idle issue slots*: cycles minus `issue_slots.issued`, the cycles in which no "
            "instruction issued (whatever the cause), comparable across modes.", ""]
    S = {(m, lay, b): [r.st(keys[m, lay, b, k]) for k in K]
         for m in (2, 3) for lay in ("naive", "swizzle") for b in banks}

    def tot(m, lay, b, f):
        return sum(f(st) for st in S[m, lay, b])

    def stall(m):
        return ((lambda st: st["hazard_warp_cycles"]["staging_busy"]) if m == 2 else
                (lambda st: st["replays"]["collector"]))
    stall_name = {2: "staging-busy warp-cycles", 3: "collector replays"}
    for mode in (3, 2):
        series_c, series_i = [], []
        for lay in ("naive", "swizzle"):
            series_c.append((lay, [tot(mode, lay, b, conflicts) for b in banks]))
            series_i.append((lay, [mean([st["ipc"] for st in S[mode, lay, b]]) for b in banks]))
        fc, rc = c.svg("bank_conflicts_mode%d.svg" % mode)
        fi, ri = c.svg("bank_ipc_mode%d.svg" % mode)
        line_chart(fc, "Bank-conflict cycles, all kernels, loop mode %d" % mode, "banks",
                   "conflict cycles (sum over kernels)", banks, series_c)
        line_chart(fi, "Mean IPC, loop mode %d" % mode, "banks", "IPC", banks, series_i)
        text += ["### Loop mode %d (%s)" % (mode, "operand collector" if mode == 3 else
                                            "staging register"), "",
                 "![conflicts](%s) ![IPC](%s)" % (rc, ri), ""]
        rows = []
        for k in K:
            for lay in ("naive", "swizzle"):
                rows.append([kname(k), lay] + ["%d / %d / %s" % (
                    conflicts(r.st(keys[mode, lay, b, k])),
                    stall(mode)(r.st(keys[mode, lay, b, k])),
                    f3(r.st(keys[mode, lay, b, k])["ipc"])) for b in banks])
        text += ["Per kernel: conflict cycles / %s / IPC." % stall_name[mode], "",
                 md_table(["kernel", "layout"] + ["B=%d" % b for b in banks], rows), ""]
        i4 = banks.index(4)
        cn, cs = dict(series_c)["naive"][i4], dict(series_c)["swizzle"][i4]
        inn, isw = dict(series_i)["naive"][i4], dict(series_i)["swizzle"][i4]
        text += ["Measured (mode %d, 4 banks): %d conflict cycles naive vs %d swizzled (%s), "
                 "mean IPC %s vs %s (%s)." % (mode, cn, cs, change(cs, cn),
                                               f3(inn), f3(isw), change(isw, inn)), ""]
    # summary over kernels: conflicts, the stall they cause, idle issue slots
    rows = []
    for mode in (3, 2):
        for lay in ("naive", "swizzle"):
            rows.append(["mode %d" % mode, lay, "conflict cycles"] +
                        [tot(mode, lay, b, conflicts) for b in banks])
            rows.append(["mode %d" % mode, lay, stall_name[mode]] +
                        [tot(mode, lay, b, stall(mode)) for b in banks])
            rows.append(["mode %d" % mode, lay, "idle issue slots"] +
                        [tot(mode, lay, b, idle_slots) for b in banks])
    fs, rs = c.svg("bank_idle_slots.svg")
    line_chart(fs, "Idle issue slots, all kernels", "banks", "cycles without an issue (sum)",
               banks, [("mode %d %s" % (m, lay), [tot(m, lay, b, idle_slots) for b in banks])
                       for m in (2, 3) for lay in ("naive", "swizzle")])
    text += ["### Conflicts against stalls", "", "![idle issue slots](%s)" % rs, "",
             "Summed over kernels.", "",
             md_table(["mode", "layout", "metric"] + ["B=%d" % b for b in banks], rows), ""]
    b4 = 4
    st3 = {lay: tot(3, lay, b4, stall(3)) for lay in ("naive", "swizzle")}
    st2 = {lay: tot(2, lay, b4, stall(2)) for lay in ("naive", "swizzle")}
    id3 = {lay: tot(3, lay, b4, idle_slots) for lay in ("naive", "swizzle")}
    id2 = {lay: tot(2, lay, b4, idle_slots) for lay in ("naive", "swizzle")}
    cf3 = {lay: tot(3, lay, b4, conflicts) for lay in ("naive", "swizzle")}
    cf2 = {lay: tot(2, lay, b4, conflicts) for lay in ("naive", "swizzle")}
    ip = {(m, lay): mean([st["ipc"] for st in S[m, lay, b4]]) for m in (2, 3)
          for lay in ("naive", "swizzle")}
    gone3 = {lay: next((b for b in banks if tot(3, lay, b, stall(3)) == 0), None)
             for lay in ("naive", "swizzle")}
    gone2 = next((b for b in banks if tot(2, "swizzle", b, stall(2)) == 0), None)

    def gone(b, lay, m):
        return ("0 from B=%d on" % b if b is not None else
                "never 0 on this grid (%d at B=%d)" % (tot(m, lay, banks[-1], stall(m)),
                                                       banks[-1]))
    if gone3["swizzle"] is None:
        both = ("the swizzle plus the collector reduce the stall (%s at 4 banks) but do not "
                "remove it on this grid" % change(st3["swizzle"], st3["naive"]))
    else:
        both = "the swizzle plus the collector remove the stall from B=%d on" % gone3["swizzle"]
        if gone3["swizzle"] > 4:
            both += " and reduce it by %s at the default 4 banks" % share(
                st3["naive"] - st3["swizzle"], st3["naive"])
    text += [
        "Verdict (4 banks, the default, unless stated). The swizzle: in mode 3 collector "
        "replays %d -> %d (%s) and idle issue slots %d -> %d (%s); in mode 2 staging-busy "
        "warp-cycles %d -> %d (%s) and idle issue slots %d -> %d (%s). The operand collector "
        "(mode 3 vs mode 2, swizzle): idle issue slots %d vs %d (%s), mean IPC %s vs %s (%s). "
        "Removed? In mode 3 with the swizzle, collector replays are %s; with the naive layout "
        "%s. In mode 2 with the swizzle, staging-busy warp-cycles are %s. So, in the model's "
        "terms: %s; the swizzle alone (mode 2) reduces the stall but does not remove it." % (
            st3["naive"], st3["swizzle"], change(st3["swizzle"], st3["naive"]),
            id3["naive"], id3["swizzle"], change(id3["swizzle"], id3["naive"]),
            st2["naive"], st2["swizzle"], change(st2["swizzle"], st2["naive"]),
            id2["naive"], id2["swizzle"], change(id2["swizzle"], id2["naive"]),
            id3["swizzle"], id2["swizzle"], change(id3["swizzle"], id2["swizzle"]),
            f3(ip[3, "swizzle"]), f3(ip[2, "swizzle"]), change(ip[3, "swizzle"], ip[2, "swizzle"]),
            gone(gone3["swizzle"], "swizzle", 3), gone(gone3["naive"], "naive", 3),
            gone(gone2, "swizzle", 2), both),
        "",
        "Why mode 3 counts more conflict cycles than mode 2 while its IPC is higher (swizzle, "
        "4 banks: %d vs %d conflict cycles, %s): in mode 2 only the staging register reads, "
        "one instruction at a time, so there are few competing requests and each lost "
        "arbitration delays the next issue (the staging-busy stall). In mode 3 up to 4 "
        "collector units hold read requests at once; more requests meet in the banks and lose "
        "arbitration, but a unit that waits does not stop the others from reading or the issue "
        "stage from issuing into a free unit, so most conflict cycles overlap with useful work "
        "and only the collector replays cost issue slots." % (
            cf3["swizzle"], cf2["swizzle"], change(cf3["swizzle"], cf2["swizzle"])), ""]
    bc = [k for k in K if kname(k) == "bankconflict"]
    if bc:
        k = bc[0]
        n, s = r.st(keys[3, "naive", 4, k]), r.st(keys[3, "swizzle", 4, k])
        text += ["The `bankconflict` kernel (every register of its loop in bank 0 under the "
                 "naive layout) at 4 banks, mode 3: %d vs %d conflict cycles, %d vs %d "
                 "collector replays, IPC %s vs %s." % (
                     conflicts(n), conflicts(s), n["replays"]["collector"],
                     s["replays"]["collector"], f3(n["ipc"]), f3(s["ipc"])), ""]
    text += ["Reading: with one bank both layouts are the same machine. The swizzle moves the "
             "same register of different warps into different banks, so it removes "
             "inter-warp conflicts (many warps reading the same register number at once, as "
             "in SIMT code), not the conflicts between two source registers of one "
             "instruction that share a bank in every warp. In loop mode 2 only one "
             "instruction reads at a time, so inter-warp read conflicts cannot occur and the "
             "layout matters only through writebacks colliding with reads (two sources of one "
             "instruction share a bank under both layouts alike).", ""]
    c.sections.append("\n".join(text))


def exp_collectors(c, plan):
    K, r = c.r.kernels, c.r
    cus = [1, 2, 4] if c.a.quick else [1, 2, 3, 4, 6, 8, 12, 16]
    keys = {(u, k): r.want(k, ["--collectors", str(u)]) for u in cus for k in K}
    keys.update({("long", u, k): r.want(k, ["--collectors", str(u)] + LONG_LAT)
                 for u in cus for k in K})
    if plan:
        return
    text = ["## IPC vs number of collector units", "",
            "Configuration: wfsim defaults (8 warps x 8 lanes, 4 banks, swizzle, bloom, "
            "replay, loop mode 3) except `--collectors C`, and the same with " + LONG_TXT + ". "
            "Each point is `build/wfsim --collectors C [latencies] --quiet --json "
            "sim/kernels/K.s`; "
            "reproduce with " + sweep_cmd("collectors") + ".", ""]
    sd = [mean([r.st(keys[u, k])["ipc"] for k in K]) for u in cus]
    sl = [mean([r.st(keys["long", u, k])["ipc"] for k in K]) for u in cus]
    fn, rel = c.svg("ipc_vs_collectors.svg")
    line_chart(fn, "Mean IPC over %d kernels vs collector units" % len(K), "collector units",
               "IPC", cus, [("default latencies", sd), ("long latencies", sl)])
    text += ["![IPC vs collectors](%s)" % rel, ""]
    rows = []
    for k in K:
        rows.append([kname(k)] + ["%s (%d)" % (f3(r.st(keys[u, k])["ipc"]),
                                               r.st(keys[u, k])["replays"]["collector"])
                                  for u in cus])
    rows.append(["**mean**"] + ["**%s**" % f3(v) for v in sd])
    text += ["Default latencies, per kernel: IPC (collector replays).", "",
             md_table(["kernel"] + ["C=%d" % u for u in cus], rows), ""]
    sat = next(u for u, v in zip(cus, sd) if v >= 0.98 * max(sd))
    text += ["Measured: mean IPC %s with 1 CU, %s with %d; 98%% of the best is reached at "
             "%d CUs (default latencies). With long latencies: %s -> %s." % (
                 f3(sd[0]), f3(sd[-1]), cus[-1], sat, f3(sl[0]), f3(sl[-1])), "",
             "Reading: with one CU only one instruction collects operands at a time and "
             "nearly every other issue attempt is a collector replay (the counts in "
             "brackets); IPC rises until the CUs cover the banks' read bandwidth and the "
             "instruction latencies, and is flat beyond that: the extra CUs are never all "
             "busy.", ""]
    c.sections.append("\n".join(text))


def exp_war(c, plan):
    K, r = c.r.kernels, c.r
    lats = [("default latencies", []), ("long latencies", LONG_LAT)]
    sweep = [1, 2] if c.a.quick else [1, 2, 4, 8]
    keys = {}
    for li, (_, lat) in enumerate(lats):
        for p in POLICIES:
            for k in K:
                keys[li, p, k] = r.want(k, ["--war", p] + lat, cov=True,
                                        state=(p == "none" and li == 0))
    for w in sweep:
        for p in POLICIES:
            for k in K:
                keys["W", w, p, k] = r.want(k, ["--warps", str(w), "--war", p] + LONG_LAT)
    if plan:
        return
    pols = POLICIES[1:]
    text = ["## WAR policies: slowdown relative to `none`", "",
            "Claims (seed §3.3, after Mishkin et al.): a release-on-commit warpboard "
            "(`warpboard-commit`, one instruction in flight per warp) costs up to about 2x, a "
            "release-on-read warpboard (`warpboard-read`, one collecting instruction per warp) "
            "at most about 10%, a Bloom filter (`bloom`) a few percent.", "",
            "Configuration: wfsim defaults (8 warps x 8 lanes, 4 banks, 4 CUs, swizzle, "
            "replay, loop mode 3) except `--war P`, and the same with " + LONG_TXT + "; then "
            "a sweep over `--warps W` at the long latencies. Slowdown = cycles(P) / "
            "cycles(none) - 1 (or the ratio, `2.00x` = twice the cycles). `war=none` is the "
            "timing baseline only: it is allowed to compute wrong results "
            "(docs/microarch.md §8.1). Each point is `build/wfsim [--warps W] --war P "
            "[latencies] --quiet --json sim/kernels/K.s`; reproduce with " +
            sweep_cmd("war") + ".", ""]
    # configurations for the claims: (name, {policy: [ratio per kernel]})
    cfgs = []
    for li, (lname, lat) in enumerate(lats):
        slow = {p: [r.st(keys[li, p, k])["cycles"] / r.st(keys[li, "none", k])["cycles"] - 1
                    for k in K] for p in pols}
        cfgs.append(("%s, W=8" % lname.split()[0], {p: [1 + v for v in slow[p]] for p in pols}))
        fn, rel = c.svg("war_slowdown_%s.svg" % ("long" if lat else "default"))
        bar_chart(fn, "Slowdown vs war=none, %s" % lname, "slowdown (%)",
                  [kname(k) for k in K], [(p, [100 * v for v in slow[p]]) for p in pols])
        text += ["### %s, 8 warps" % lname.capitalize(), "", "![WAR slowdown](%s)" % rel, ""]
        rows = []
        for k in K:
            rows.append([kname(k), str(r.st(keys[li, "none", k])["cycles"])] +
                        ["%d (%s)" % (r.st(keys[li, p, k])["cycles"],
                                      pct(slow[p][K.index(k)])) for p in pols])
        gm = {p: geomean([1 + v for v in slow[p]]) - 1 for p in pols}
        mx = {p: max(slow[p]) for p in pols}
        rows.append(["**geomean**", ""] + ["**%s**" % pct(gm[p]) for p in pols])
        rows.append(["**max**", ""] + ["**%s**" % pct(mx[p]) for p in pols])
        text += ["Cycles (slowdown).", "",
                 md_table(["kernel", "none"] + pols, rows), ""]
    # the warps sweep at long latencies
    sw = {(w, p): [r.st(keys["W", w, p, k])["cycles"] / r.st(keys["W", w, "none", k])["cycles"]
                   for k in K] for w in sweep for p in pols}
    # long, W=8 is the 8-warp long-latency run above (8 warps is the default)
    long8 = cfgs[1][1]
    cfgs = cfgs[:1] + [("long, W=%d" % w, {p: sw[w, p] for p in pols})
                       for w in sweep if w != 8] + cfgs[1:]
    fn, rel = c.svg("war_slowdown_warps.svg")
    line_chart(fn, "Geomean slowdown vs war=none, long latencies", "warps",
               "slowdown (%)", sweep,
               [(p, [100 * (geomean(sw[w, p]) - 1) for w in sweep]) for p in pols] +
               [("commit, worst kernel", [100 * (max(sw[w, "warpboard-commit"]) - 1)
                                          for w in sweep])])
    text += ["### Long latencies, 1 to %d warps" % sweep[-1], "",
             "With fewer warps there is less other work to hide a serialised warp's latency. "
             "Configuration: `--warps W --war P` with " + LONG_TXT + ".", "",
             "![WAR slowdown vs warps](%s)" % rel, ""]
    rows = []
    for k in K:
        i = K.index(k)
        rows.append([kname(k)] + ["%d / %d (%s)" % (
            r.st(keys["W", w, "warpboard-commit", k])["cycles"],
            r.st(keys["W", w, "none", k])["cycles"], ratio(sw[w, "warpboard-commit"][i]))
            for w in sweep])
    rows.append(["**geomean**"] + ["**%s**" % ratio(geomean(sw[w, "warpboard-commit"]))
                                   for w in sweep])
    rows.append(["**max**"] + ["**%s**" % ratio(max(sw[w, "warpboard-commit"])) for w in sweep])
    text += ["`warpboard-commit`, per kernel: cycles with the policy / cycles with `none` "
             "(ratio).", "", md_table(["kernel"] + ["W=%d" % w for w in sweep], rows), ""]
    rows = [[p] + ["%s / %s" % (pct(geomean(sw[w, p]) - 1), pct(max(sw[w, p]) - 1))
                   for w in sweep] for p in pols]
    text += ["Every policy: geomean / max slowdown over the kernels.", "",
             md_table(["policy"] + ["W=%d" % w for w in sweep], rows), ""]
    # the claims against all the measurements
    claims = {"warpboard-commit": "up to ~2x", "warpboard-read": "<= ~10%",
              "bloom": "a few %", "inorder": "(no claim)"}

    def worst(p):
        """(max ratio, kernel, configuration) over every configuration."""
        return max((max(d[p]), kname(K[d[p].index(max(d[p]))]), n) for n, d in cfgs)

    def verdict(p):
        m, k, n = worst(p)
        gms = [(geomean(d[p]), n) for n, d in cfgs]
        if p == "warpboard-commit":
            g, gn = max(gms)
            near = [n for (x, n) in gms if x >= 1.8]
            parts = []
            if near:
                parts.append("about 2x reached: geomean up to %s (%s), at least 1.8x in %d "
                             "of %d configurations (%s)" % (ratio(g), gn, len(near), len(gms),
                                                            "; ".join(near)))
            elif m >= 1.8:
                parts.append("about 2x reached by single kernels only: max %s (%s, %s), "
                             "geomean at most %s (%s)" % (ratio(m), k, n, ratio(g), gn))
            else:
                parts.append("below about 2x: at most %s (%s, %s)" % (ratio(m), k, n))
            if m > 2.2:
                parts.append("the worst kernel, %s (%s, %s), is above 2.2x" % (ratio(m), k, n))
            g8 = [(x, n) for (x, n) in gms if n.endswith("W=8")]
            parts.append("with 8 warps the geomean is only " +
                         " and ".join("%s (%s)" % (ratio(x), n.split(",")[0]) for x, n in g8))
            return "; ".join(parts)
        if p == "warpboard-read":
            return ("consistent: at most %s (%s, %s)" if m - 1 <= 0.10 else
                    "exceeds 10%%: %s (%s, %s)") % (pct(m - 1), k, n)
        if p == "bloom":
            return ("consistent: at most %s (%s, %s)" if m - 1 <= 0.05 else
                    "exceeds a few %%: %s (%s, %s)") % (pct(m - 1), k, n)
        return "at most %s (%s, %s)" % (pct(m - 1), k, n)
    rows = []
    for p in pols:
        rows.append([p, claims[p]] + ["%s / %s" % (pct(geomean(d[p]) - 1), pct(max(d[p]) - 1))
                                      for _, d in cfgs] + [verdict(p)])
    text += ["### The claims against the measurement", "",
             "Geomean / max slowdown over the kernels per configuration; the verdict is "
             "computed from all of them (\"about 2x\" read as 1.8x to 2.2x, \"a few %\" as at "
             "most 5%).", "",
             md_table(["policy", "claim"] + [n for n, _ in cfgs] + ["verdict"], rows), ""]
    blocks = {p: [sum(r.get(keys[li, p, k])["cov"].get("war.block." + p, 0) for k in K)
                  for li in range(len(lats))] for p in pols}
    text += ["How often each policy actually held something back (the `war.block.P` "
             "functional-coverage bins, from `build/wfsim --war P [latencies] --quiet --cov - "
             "sim/kernels/K.s` with the options of the 8-warp runs above, summed over kernels; "
             "default / long latencies): " +
             "; ".join("%s %d / %d" % (p, blocks[p][0], blocks[p][1]) for p in pols) +
             " (warp-cycles an issue was blocked; for inorder, CU-cycles a ready CU waited "
             "for an older one).", ""]
    wrong = [kname(k) for k in K if not r.get(keys[0, "none", k])["state_matches_functional"]]
    text += ["`war=none`, default latencies: the final state differs from the functional "
             "interpreter in %d of %d kernels%s (registers and memory of `build/wfsim --war "
             "none --quiet --dump-state - sim/kernels/K.s` against the same with "
             "`--functional`). The kernels were written to be correct, not to contain the "
             "younger-writer-of-an-older-reader's-source pattern; generated programs with a "
             "WAR bias (`build/wfgen`, the random sweep of verif/unit/test_cycle.c) are where "
             "`none` computes wrong values." % (
                 len(wrong), len(K), (" (" + ", ".join(wrong) + ")") if wrong else ""), ""]
    g_lo, g_8 = geomean(sw[sweep[0], "warpboard-commit"]), geomean(long8["warpboard-commit"])
    text += ["Reading: `warpboard-commit` serialises each warp completely (as loop mode 1 "
             "does, but with the I-buffer filled), so its cost is the latency the other warps "
             "cannot hide: at the default latencies 8 warps hide nearly all of it, at the long "
             "latencies the geomean cost is %s with 8 warps and %s with %d, the regime of the "
             "seed's ~2x. `warpboard-read` only waits while an older instruction of the warp "
             "is still reading operands (a few cycles), and `bloom` only when the writer's "
             "register hashes into the filter of pending reads, so both stay near the "
             "baseline; `inorder` rarely finds a younger instruction of a warp ready before an "
             "older one, because the kernels' instructions mostly depend on each other and "
             "the scoreboard already orders those. A policy that blocks can also come out a "
             "cycle or two faster than `none` (a negative slowdown): holding one warp back "
             "changes which warp issues next, and the schedule after that. The kernels here "
             "are small (at most a few thousand cycles), so a handful of cycles moves a "
             "percentage." % (ratio(g_8), ratio(g_lo), sweep[0]), ""]
    c.sections.append("\n".join(text))


def exp_replay(c, plan):
    K, r = c.r.kernels, c.r
    cfgs = [("4 CUs", [], []), ("2 CUs", ["--collectors", "2"], []),
            ("8 CUs", ["--collectors", "8"], []), ("4 CUs, long lat.", [], LONG_LAT),
            ("2 CUs, long lat.", ["--collectors", "2"], LONG_LAT),
            ("2 warps", ["--warps", "2"], []),
            ("2 warps, long lat.", ["--warps", "2"], LONG_LAT)]
    keys = {(ci, h, k): r.want(k, pre + ["--hazard", h] + lat)
            for ci, (_, pre, lat) in enumerate(cfgs) for h in ("replay", "stall") for k in K}
    if plan:
        return
    text = ["## Replay vs stall", "",
            "Claim (seed §3.3.2): replaying an instruction that hits a structural hazard (no "
            "free collector unit, a memory access split over several lines) from the I-buffer "
            "is a throughput-friendly alternative to stalling the issue stage.", "",
            "Configuration: wfsim defaults (8 warps x 8 lanes, 4 CUs, loop mode 3) except "
            "`--hazard H`, with 2 and 8 collector units (`--collectors C`), with " + LONG_TXT +
            " (\"long lat.\"), and with 2 warps (`--warps 2`). Speedup = cycles(stall) / "
            "cycles(replay) - 1 (positive: replay is faster). Each point is `build/wfsim "
            "[--collectors C | --warps 2] --hazard H [latencies] --quiet --json "
            "sim/kernels/K.s`; reproduce with " + sweep_cmd("replay") + ".", ""]
    sp, rows, summ = {}, [], []
    for ci, (cname, _, _) in enumerate(cfgs):
        a = [r.st(keys[ci, "replay", k]) for k in K]
        b = [r.st(keys[ci, "stall", k]) for k in K]
        sp[ci] = [y["cycles"] / x["cycles"] - 1 for x, y in zip(a, b)]
        g = geomean([1 + v for v in sp[ci]]) - 1
        lo, hi = min(sp[ci]), max(sp[ci])
        summ.append((cname, g))
        mrep = sum(x["replays"]["memory"] for x in a)
        rows.append([cname, "**%s**" % pct(g), "%s (%s)" % (pct(lo), kname(K[sp[ci].index(lo)])),
                     "%s (%s)" % (pct(hi), kname(K[sp[ci].index(hi)])),
                     "%d / %d" % (sum(x["replays"]["collector"] for x in a), mrep),
                     "%d / %d" % (sum(y["issue_slots"]["collector_stall"] for y in b),
                                  sum(y["issue_slots"]["lsu_stall"] for y in b)),
                     "%.2f" % ((sum(x["cycles"] for x in a) - sum(y["cycles"] for y in b)) / mrep)
                     if mrep else "n/a"])
    text += ["### Summary", "",
             md_table(["configuration", "geomean speedup", "min (kernel)", "max (kernel)",
                       "replays collector / memory", "stall slots collector / lsu",
                       "extra cycles per memory replay"], rows), "",
             "Replays and stall slots are summed over kernels (replay runs, stall runs); the "
             "last column is (sum of replay cycles - sum of stall cycles) / memory replays.", ""]
    rows = [[kname(k)] + ["%d / %d (%s)" % (r.st(keys[ci, "replay", k])["cycles"],
                                            r.st(keys[ci, "stall", k])["cycles"],
                                            pct(sp[ci][K.index(k)])) for ci in range(len(cfgs))]
            for k in K]
    text += ["Per kernel: replay cycles / stall cycles (replay speedup).", "",
             md_table(["kernel"] + [c_[0] for c_ in cfgs], rows), ""]
    fn, rel = c.svg("replay_vs_stall.svg")
    bar_chart(fn, "Speedup of replay over stall", "cycles(stall)/cycles(replay) - 1 (%)",
              [kname(k) for k in K], [(n, [100 * v for v in sp[ci]])
                                      for ci, (n, _, _) in enumerate(cfgs)])
    text += ["![replay vs stall](%s)" % rel, ""]
    tot = {h: {"lsu": 0, "cu": 0} for h in ("replay", "stall")}
    for h in tot:
        for k in K:
            st = r.st(keys[1, h, k])
            tot[h]["lsu"] += st["dispatches"]["lsu"]
            tot[h]["cu"] += st["collector_occupancy"]["sum"]
    wins = [(n, g) for n, g in summ if g > 0.005]
    per = {n: (sum(r.st(keys[ci, "replay", k])["cycles"] - r.st(keys[ci, "stall", k])["cycles"]
                   for k in K) / max(1, sum(r.st(keys[ci, "replay", k])["replays"]["memory"]
                                            for k in K)))
           for ci, (n, _, _) in enumerate(cfgs)}
    text += ["### The cycle result", "",
             "Measured: geomean speedup of replay over stall: %s. Replay is ahead (geomean "
             "above +0.5%%) in %s. With 2 CUs, over all kernels, replay dispatches %d LSU "
             "instances against %d under stall and its CUs are occupied %d CU-cycles against "
             "%d (%s)." % (
                 "; ".join("%s %s" % (n, pct(g)) for n, g in summ),
                 ("none of the %d configurations" % len(summ) if not wins else
                  "; ".join("%s (%s)" % (n, pct(g)) for n, g in wins)),
                 tot["replay"]["lsu"], tot["stall"]["lsu"], tot["replay"]["cu"],
                 tot["stall"]["cu"], change(tot["replay"]["cu"], tot["stall"]["cu"])), "",
             "Reading: " + ("in cycles the claim is not reproduced on this machine; "
                            if not wins else "") +
             "replay and stall are within a few percent when CUs are plentiful, and replay loses "
             "when CUs are scarce or warps are few. The core issues one instruction per cycle, and "
             "a k-piece memory access costs k issue slots either way (k issues under replay; one "
             "issue plus k-1 `lsu_stall` cycles under stall, docs/microarch.md §9), so replay "
             "cannot win issue bandwidth there. What replay adds is a round trip per piece: a "
             "piece is re-issued only after the previous one has left LSU stage 1, then takes a "
             "CU, reads its operands again and waits for dispatch (§9.2, §7.1), so the pieces of "
             "one access are several cycles apart instead of one. With 8 warps and 4 or more CUs "
             "other warps fill those cycles (net cost %.2f cycles per memory replay at 4 CUs); "
             "with 2 warps little other work does (%.2f); with 2 CUs the extra CU occupancy "
             "produces more collector replays, each again a spent issue slot (%.2f). Under stall, "
             "a split access occupies one CU once and the LSU serves its pieces back to back; the "
             "stall blocks every warp's issue for k-1 cycles (the model does include that cost of "
             "stalling, §9.3), and that is cheaper here." % (
                 per["4 CUs"], per["2 warps"], per["2 CUs"]), "",
             "### What a cycle model cannot measure", "",
             "The seed's case for replay is also a hardware one: a stall signal has to be "
             "distributed across a huge register file and a deep pipeline, which hurts the "
             "critical path or costs buffering. In this model the stall is one flag that every "
             "stage sees in the same cycle at no cost, so the numbers above compare the two "
             "policies' schedules only; whether the stall signal's wiring and timing cost more "
             "than replay's re-reads is a question for synthesis and timing of a full-size "
             "design, not for cycle counts.", ""]
    c.sections.append("\n".join(text))


def exp_sb(c, plan):
    K, r = c.r.kernels, c.r
    ents = [1, 2, 4] if c.a.quick else list(range(1, 9))
    cfgs = [("default latencies", [], []), ("long latencies", [], LONG_LAT),
            ("2 warps, long latencies", ["--warps", "2"], LONG_LAT)]
    keys = {(ci, e, k): r.want(k, pre + ["--sb-entries", str(e)] + lat)
            for ci, (_, pre, lat) in enumerate(cfgs) for e in ents for k in K}
    if plan:
        return
    text = ["## Scoreboard entries 1..%d" % ents[-1], "",
            "Claim (seed §3.2, after Coon et al.): 3-4 scoreboard entries per warp suffice.", "",
            "Configuration: wfsim defaults (8 warps x 8 lanes, loop mode 3) except "
            "`--sb-entries E`, the same with " + LONG_TXT + ", and with 2 warps and the long "
            "latencies (where a warp's own instructions must cover the latency). Each point "
            "is `build/wfsim [--warps 2] --sb-entries E [latencies] --quiet --json "
            "sim/kernels/K.s`; reproduce with " + sweep_cmd("sb") + ".", ""]
    means = {ci: [mean([r.st(keys[ci, e, k])["ipc"] for k in K]) for e in ents]
             for ci in range(len(cfgs))}
    fn, rel = c.svg("ipc_vs_sb_entries.svg")
    line_chart(fn, "Mean IPC over %d kernels vs scoreboard entries" % len(K),
               "scoreboard entries per warp", "IPC", ents,
               [(n, means[ci]) for ci, (n, _, _) in enumerate(cfgs)])
    text += ["![IPC vs scoreboard entries](%s)" % rel, ""]
    for ci, (n, _, _) in enumerate(cfgs):
        rows = []
        for k in K:
            rows.append([kname(k)] + ["%s (%d)" % (f3(r.st(keys[ci, e, k])["ipc"]),
                                                   r.st(keys[ci, e, k])["scoreboard_full_stalls"])
                                      for e in ents])
        rows.append(["**mean**"] + ["**%s**" % f3(v) for v in means[ci]])
        text += ["%s, per kernel: IPC (warp-cycles blocked by a full scoreboard)." % (
            n[0].upper() + n[1:]), "", md_table(["kernel"] + ["E=%d" % e for e in ents], rows), ""]
    sat = {ci: first_at(ents, means[ci], 0.98 * max(means[ci])) for ci in means}
    worst = max(sat.values())
    at = {e: min(means[ci][ents.index(e)] / max(means[ci]) for ci in means)
          for e in (3, 4) if e in ents}
    text += ["Measured: mean IPC with 1 entry and with %d, and the fewest entries reaching 98%% "
             "of the best mean IPC: %s. In every configuration %s." % (ents[-1], "; ".join(
                 "%s %s -> %s, E=%d" % (n, f3(means[ci][0]), f3(means[ci][-1]), sat[ci])
                 for ci, (n, _, _) in enumerate(cfgs)),
                 " and ".join("%d entries reach %s" % (
                     e, "the best" if v >= 1 - 1e-12 else "at least %.2f%% of the best" % (100 * v))
                     for e, v in sorted(at.items()))), "",
             "Verdict: %s" % (
                 "consistent: no configuration needs more than %d entries for 98%% of its best "
                 "IPC, within the seed's 3-4; with 8 warps fewer suffice, because other warps "
                 "fill the issue slot while one waits on a full scoreboard." % worst
                 if worst <= 4 else
                 "more than 4 entries are needed for 98%% of the best IPC (E=%d)." % worst), "",
             "Reading: E entries allow E register-writing instructions of a warp in flight "
             "at once. The kernels' dependence chains and 8 warps sharing one issue slot leave "
             "little to gain at the default latencies; with long latencies, and most with 2 "
             "warps, more independent instructions per warp are worth having in flight, up to "
             "the few that a kernel's dependence chains allow before the next dependent one.",
             ""]
    odd = [k for k in K if r.st(keys[0, 1, k])["ipc"] > r.st(keys[0, 2, k])["ipc"]]
    for k in odd:
        a, b = r.st(keys[0, 1, k]), r.st(keys[0, 2, k])
        text += ["Oddity: `%s` at the default latencies runs %d cycles with 1 entry against %d "
                 "with 2 (%s), although 1 entry blocks warps for %d warp-cycles. Issued "
                 "instructions and replays are %s (%d / %d with 1 entry, %d / %d with 2); the "
                 "cycles with no ready warp differ (%d vs %d): blocking one warp changes which "
                 "warp issues next and the schedule after it, here slightly for the better." % (
                     kname(k), a["cycles"], b["cycles"], change(a["cycles"], b["cycles"]),
                     a["scoreboard_full_stalls"],
                     "the same" if (a["issue_slots"]["issued"], a["issue_slots"]["replayed"]) ==
                     (b["issue_slots"]["issued"], b["issue_slots"]["replayed"]) else "not the same",
                     a["issue_slots"]["issued"], a["issue_slots"]["replayed"],
                     b["issue_slots"]["issued"], b["issue_slots"]["replayed"],
                     a["issue_slots"]["no_ready"], b["issue_slots"]["no_ready"]), ""]
    c.sections.append("\n".join(text))


EXPERIMENTS = [("warps", exp_warps), ("banks", exp_banks), ("collectors", exp_collectors),
               ("war", exp_war), ("replay", exp_replay), ("sb", exp_sb)]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="reduced sweep (for the test)")
    ap.add_argument("--out", help="directory of results.md (default docs; with --only or "
                    "--quick, out/experiments, so docs/results.md is only written whole)")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", "2")),
                    help="parallel wfsim runs (default 2, env JOBS)")
    ap.add_argument("--only", action="append", choices=[n for n, _ in EXPERIMENTS],
                    help="run only this experiment (repeatable)")
    a = ap.parse_args(argv)
    if a.jobs < 1:
        ap.error("--jobs: must be >= 1")
    if a.out is None:
        a.out = "out/experiments" if a.only or a.quick else "docs"
    if not os.access(WFSIM, os.X_OK):
        print("experiments: %s not found (make build/wfsim, or set WFSIM)" % WFSIM,
              file=sys.stderr)
        return 2
    kernels = sorted(glob.glob("sim/kernels/*.s"))
    if a.quick:
        kernels = [k for k in kernels if kname(k) in ("vecadd", "bankconflict")]
    if not kernels:
        print("experiments: no kernels under sim/kernels", file=sys.stderr)
        return 2
    svgdir = os.path.join(a.out, "results")
    os.makedirs(svgdir, exist_ok=True)
    runner = Runner(kernels, a.jobs)
    ctx = Ctx(a, runner, svgdir, "results")
    chosen = [(n, f) for n, f in EXPERIMENTS if not a.only or n in a.only]
    t0 = time.time()
    for _, f in chosen:
        f(ctx, plan=True)
    runner.run_pending()
    elapsed = time.time() - t0
    for _, f in chosen:
        f(ctx, plan=False)
    bkey = [(k, ("--collectors", "4")) for k in kernels]
    base = [runner.st(b)["cycles"] for b in bkey if b in runner.points]
    base_range = "%d to %d" % (min(base), max(base)) if base else "a few thousand"
    ver = subprocess.run([WFSIM, "--version"], capture_output=True, text=True).stdout.strip()
    head = ["# warpfront: the seed's performance claims, measured", "",
            "Generated by `make experiments` (scripts/experiments.py%s) from %d "
            "configurations of the cycle model (%s; %d wfsim runs) over %d kernels of "
            "`sim/kernels/` (%s). Do not edit by hand: rerun `make experiments`. Every "
            "number below comes from a recorded run: the `build/wfsim ... --quiet --json` "
            "statistics, except the WAR section's block counts (the `war.block.*` bins of "
            "`--cov -`) and its final-state check (`--dump-state -` of the cycle model against "
            "`--functional`). `results/data.json` lists every point with the exact commands "
            "(`command`, `cov_command`, `state_commands`) and the statistics used. Plots are "
            "SVG drawn by the script." % (
                " --quick" if a.quick else "", len(runner.points), ver, runner.invocations,
                len(kernels), ", ".join(kname(k) for k in kernels)), "",
            "Baseline configuration (wfsim defaults, `build/wfsim --help`): 8 warps x 8 lanes, "
            "32 registers, 4 banks, swizzled layout, 4 collector units, 4 scoreboard entries, "
            "2 I-buffer slots, `war=bloom`, `sched=lrr`, loop mode 3, replay, ALU/MUL/LSU "
            "latencies 1/4/2, I-cache 16 lines x 4 instructions, miss latency 8, 2 MSHRs. A "
            "kernel's own `# wfsim-options:` line (matmul: `--mem-words 2048`) is applied "
            "first. The kernels are small (%s cycles at the baseline), so these are "
            "short-run numbers: I-cache warm-up is part of every run." % base_range, ""]
    if a.only:
        head += ["Sections run: %s." % ", ".join(a.only), ""]
    with open(os.path.join(a.out, "results.md"), "w") as f:
        f.write("\n".join(head) + "\n" + "\n".join(ctx.sections))
    with open(os.path.join(svgdir, "data.json"), "w") as f:
        # one point per line: small, and diffs stay readable
        f.write('{"wfsim": %s, "quick": %s, "points": [\n' % (json.dumps(ver),
                                                              json.dumps(a.quick)))
        f.write(",\n".join(json.dumps(runner.points[k], separators=(",", ":"))
                           for k in sorted(runner.points)))
        f.write("\n]}\n")
    print("experiments: %d runs in %.1f s -> %s/results.md, %s/*.svg" % (
        runner.invocations, elapsed, a.out, svgdir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
