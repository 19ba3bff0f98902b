"""IPC vs number of operand-collector units, at the default and the long
latencies."""
from .common import LONG_LAT, Text, f3, kname, md_table, mean
from .plot import line_chart

NAME = "collectors"
T = Text(NAME)


def run(c, plan):
    K, r = c.r.kernels, c.r
    cus = [1, 2, 4] if c.a.quick else [1, 2, 3, 4, 6, 8, 12, 16]
    keys = {(u, k): r.want(k, ["--collectors", str(u)]) for u in cus for k in K}
    keys.update({("long", u, k): r.want(k, ["--collectors", str(u)] + LONG_LAT)
                 for u in cus for k in K})
    if plan:
        return
    text = [T("intro"), ""]
    sd = [mean([r.st(keys[u, k])["ipc"] for k in K]) for u in cus]
    sl = [mean([r.st(keys["long", u, k])["ipc"] for k in K]) for u in cus]
    fn, rel = c.svg("ipc_vs_collectors.svg")
    line_chart(fn, "Mean IPC over %d kernels vs collector units" % len(K), "collector units",
               "IPC", cus, [("default latencies", sd), ("long latencies", sl)], log2=True)
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
    text += [T("measured", ipc_first=f3(sd[0]), ipc_last=f3(sd[-1]), cu_last=cus[-1], sat=sat,
               long_first=f3(sl[0]), long_last=f3(sl[-1])), ""]
    c.sections.append("\n".join(text))
