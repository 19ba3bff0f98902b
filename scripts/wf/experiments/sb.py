"""Scoreboard entries per warp (seed §3.2: 3-4 suffice), at the default and
the long latencies and with 2 warps."""
from .common import LONG_LAT, Text, change, f3, first_at, kname, md_table, mean
from .plot import line_chart

NAME = "sb"
T = Text(NAME)


def run(c, plan):
    K, r = c.r.kernels, c.r
    ents = [1, 2, 4] if c.a.quick else list(range(1, 9))
    cfgs = [("default latencies", [], []), ("long latencies", [], LONG_LAT),
            ("2 warps, long latencies", ["--warps", "2"], LONG_LAT)]
    keys = {(ci, e, k): r.want(k, pre + ["--sb-entries", str(e)] + lat)
            for ci, (_, pre, lat) in enumerate(cfgs) for e in ents for k in K}
    if plan:
        return
    text = [T("intro", emax=ents[-1]), ""]
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
    text += [T("measured", emax=ents[-1], per_config="; ".join(
                 "%s %s -> %s, E=%d" % (n, f3(means[ci][0]), f3(means[ci][-1]), sat[ci])
                 for ci, (n, _, _) in enumerate(cfgs)),
               at34=" and ".join("%d entries reach %s" % (
                   e, "the best" if v >= 1 - 1e-12 else "at least %.2f%% of the best" % (100 * v))
                   for e, v in sorted(at.items()))), "",
             "Verdict: " + T("consistent" if worst <= 4 else "more", worst=worst), "",
             T("reading"), ""]
    odd = [k for k in K if r.st(keys[0, 1, k])["ipc"] > r.st(keys[0, 2, k])["ipc"]]
    for k in odd:
        a, b = r.st(keys[0, 1, k]), r.st(keys[0, 2, k])
        ia, ib = a["issue_slots"], b["issue_slots"]
        text += [T("oddity", kernel=kname(k), cyc1=a["cycles"], cyc2=b["cycles"],
                   dcyc=change(a["cycles"], b["cycles"]), full1=a["scoreboard_full_stalls"],
                   same=("the same" if (ia["issued"], ia["replayed"]) ==
                         (ib["issued"], ib["replayed"]) else "not the same"),
                   iss1=ia["issued"], rep1=ia["replayed"], iss2=ib["issued"],
                   rep2=ib["replayed"], nr1=ia["no_ready"], nr2=ib["no_ready"]), ""]
    c.sections.append("\n".join(text))
