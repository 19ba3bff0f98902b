"""IPC vs number of warps in loop modes 1, 2, 3 (seed §3.2): the two-loop
design against the one-loop design, at the default and the long latencies."""
from .common import LONG_LAT, Text, change, conflicts, f3, fmt_w, kname, md_table, mean, pct, \
    share, warps_needed
from .plot import line_chart

NAME = "warps"
T = Text(NAME)


def run(c, plan):
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
    text = [T("intro"), ""]
    verdict_rows, verdicts, notes = [], [], []
    for li, (lname, lat) in enumerate(lats):
        ipc = {(m, w, k): r.st(keys[li, m, w, k])["ipc"] for m in (1, 2, 3) for w in warps
               for k in K}
        series = [("mode %d" % m, [mean([ipc[m, w, k] for k in K]) for w in warps])
                  for m in (1, 2, 3)]
        means = {m: series[m - 1][1] for m in (1, 2, 3)}
        fn, rel = c.svg("ipc_vs_warps_%s.svg" % ("long" if lat else "default"))
        line_chart(fn, "Mean IPC over %d kernels, %s" % (len(K), lname), "warps", "IPC",
                   warps, series, log2=True)
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
        v += ". " + T("best", best1=f3(best1), best2=f3(max(means[2])),
                      change2=change(max(means[2]), best1), best3=f3(max(means[3])),
                      change3=change(max(means[3]), best1), wl=wl,
                      idle1=share(idle[1], cyc[1]), idle2=share(idle[2], cyc[2]),
                      idle3=share(idle[3], cyc[3]), stg1=share(stg[1], hz[1]),
                      stg2=share(stg[2], hz[2]))
        verdicts.append(v)
        # oddity: mode 3 below mode 2 with few warps
        if means[3][0] < means[2][0]:
            ahead = next((w for w, a, b in zip(warps, means[3], means[2]) if a >= b), None)
            tot = {m: {h: sum(r.st(keys[li, m, warps[0], k])["hazard_warp_cycles"][h] for k in K)
                       for h in ("dependency", "wait_lsu", "war")} for m in (2, 3)}
            notes.append(T("mode3-below", lat=lname.capitalize(), w=warps[0],
                           ipc3=f3(means[3][0]), ipc2=f3(means[2][0]),
                           ahead="W=%d" % ahead if ahead else "nowhere on the grid",
                           wait3=tot[3]["dependency"] + tot[3]["wait_lsu"],
                           wait2=tot[2]["dependency"] + tot[2]["wait_lsu"], war3=tot[3]["war"]))
        # oddity: a kernel whose mode-3 IPC falls at the top of the warp grid
        for k in K:
            ys = [ipc[3, w, k] for w in warps]
            wp = warps[ys.index(max(ys))]
            if ys[-1] < 0.99 * max(ys):
                a, b = r.st(keys[li, 3, wp, k]), r.st(keys[li, 3, wl, k])
                notes.append(T(
                    "falls", lat=lname.capitalize(), kernel=kname(k),
                    ipc_peak=f3(ys[warps.index(wp)]), wp=wp, ipc_last=f3(ys[-1]), wl=wl,
                    conf_peak="%.2f" % (conflicts(a) / a["instructions"]),
                    conf_last="%.2f" % (conflicts(b) / b["instructions"]),
                    repl_peak="%.2f" % (a["replays"]["collector"] / a["instructions"]),
                    repl_last="%.2f" % (b["replays"]["collector"] / b["instructions"]),
                    war_peak="%.2f" % (a["war_blocks"] / a["instructions"]),
                    war_last="%.2f" % (b["war_blocks"] / b["instructions"]),
                    share_last=max(1, wl // 4), share_peak=max(1, wp // 4)))
    text += [T("verdict"), "",
             md_table(["latencies", "target IPC (of mode 1's best)", "mode 1", "mode 2",
                       "mode 3"], verdict_rows), ""]
    for v in verdicts:
        text += [v, ""]
    text += [T("reading"), ""]
    if notes:
        text += [T("oddities"), ""]
        text += ["* " + n for n in notes] + [""]
    c.sections.append("\n".join(text))
