"""Replay vs stall on a structural hazard (seed §3.3.2), over collector
units, latencies and warps."""
from .common import LONG_LAT, Text, change, geomean, kname, md_table, pct
from .plot import bar_chart

NAME = "replay"
T = Text(NAME)


def run(c, plan):
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
    text = [T("intro"), ""]
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
             T("summary-note"), ""]
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
    text += [T("result", speedups="; ".join("%s %s" % (n, pct(g)) for n, g in summ),
               wins=("none of the %d configurations" % len(summ) if not wins else
                     "; ".join("%s (%s)" % (n, pct(g)) for n, g in wins)),
               lsu_replay=tot["replay"]["lsu"], lsu_stall=tot["stall"]["lsu"],
               cu_replay=tot["replay"]["cu"], cu_stall=tot["stall"]["cu"],
               cu_change=change(tot["replay"]["cu"], tot["stall"]["cu"]),
               not_reproduced=("in cycles the claim is not reproduced on this machine; "
                               if not wins else ""),
               per4="%.2f" % per["4 CUs"], per2w="%.2f" % per["2 warps"],
               per2c="%.2f" % per["2 CUs"]), ""]
    c.sections.append("\n".join(text))
