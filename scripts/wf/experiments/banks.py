"""Naive vs swizzled register-file layout over the number of banks, loop modes
2 and 3 (seed §3.3): bank conflicts and the stall each mode pays for them."""
from .common import Text, change, conflicts, f3, idle_slots, kname, md_table, mean, share
from .plot import line_chart

NAME = "banks"
T = Text(NAME)
LAYOUTS = ("naive", "swizzle")


def run(c, plan):
    K, r = c.r.kernels, c.r
    banks = [1, 2, 4] if c.a.quick else [1, 2, 4, 8, 16]
    keys = {}
    for mode in (2, 3):
        for lay in LAYOUTS:
            for b in banks:
                for k in K:
                    keys[mode, lay, b, k] = r.want(k, ["--banks", str(b), "--layout", lay,
                                                       "--loops", str(mode)])
    if plan:
        return
    text = [T("intro"), ""]
    S = {(m, lay, b): [r.st(keys[m, lay, b, k]) for k in K]
         for m in (2, 3) for lay in LAYOUTS for b in banks}

    def tot(m, lay, b, f):
        return sum(f(st) for st in S[m, lay, b])

    def stall(m):
        return ((lambda st: st["hazard_warp_cycles"]["staging_busy"]) if m == 2 else
                (lambda st: st["replays"]["collector"]))
    stall_name = {2: "staging-busy warp-cycles", 3: "collector replays"}
    for mode in (3, 2):
        series_c, series_i = [], []
        for lay in LAYOUTS:
            series_c.append((lay, [tot(mode, lay, b, conflicts) for b in banks]))
            series_i.append((lay, [mean([st["ipc"] for st in S[mode, lay, b]]) for b in banks]))
        fc, rc = c.svg("bank_conflicts_mode%d.svg" % mode)
        fi, ri = c.svg("bank_ipc_mode%d.svg" % mode)
        line_chart(fc, "Bank-conflict cycles, all kernels, loop mode %d" % mode, "banks",
                   "conflict cycles (sum over kernels)", banks, series_c, log2=True)
        line_chart(fi, "Mean IPC, loop mode %d" % mode, "banks", "IPC", banks, series_i,
                   log2=True)
        text += ["### Loop mode %d (%s)" % (mode, "operand collector" if mode == 3 else
                                            "staging register"), "",
                 "![conflicts](%s) ![IPC](%s)" % (rc, ri), ""]
        rows = []
        for k in K:
            for lay in LAYOUTS:
                rows.append([kname(k), lay] + ["%d / %d / %s" % (
                    conflicts(r.st(keys[mode, lay, b, k])),
                    stall(mode)(r.st(keys[mode, lay, b, k])),
                    f3(r.st(keys[mode, lay, b, k])["ipc"])) for b in banks])
        text += ["Per kernel: conflict cycles / %s / IPC." % stall_name[mode], "",
                 md_table(["kernel", "layout"] + ["B=%d" % b for b in banks], rows), ""]
        i4 = banks.index(4)
        cn, cs = dict(series_c)["naive"][i4], dict(series_c)["swizzle"][i4]
        inn, isw = dict(series_i)["naive"][i4], dict(series_i)["swizzle"][i4]
        text += [T("measured", mode=mode, cn=cn, cs=cs, dc=change(cs, cn), inn=f3(inn),
                   isw=f3(isw), di=change(isw, inn)), ""]
    # summary over kernels: conflicts, the stall they cause, idle issue slots
    rows = []
    for mode in (3, 2):
        for lay in LAYOUTS:
            rows.append(["mode %d" % mode, lay, "conflict cycles"] +
                        [tot(mode, lay, b, conflicts) for b in banks])
            rows.append(["mode %d" % mode, lay, stall_name[mode]] +
                        [tot(mode, lay, b, stall(mode)) for b in banks])
            rows.append(["mode %d" % mode, lay, "idle issue slots"] +
                        [tot(mode, lay, b, idle_slots) for b in banks])
    fs, rs = c.svg("bank_idle_slots.svg")
    line_chart(fs, "Idle issue slots, all kernels", "banks", "cycles without an issue (sum)",
               banks, [("mode %d %s" % (m, lay), [tot(m, lay, b, idle_slots) for b in banks])
                       for m in (2, 3) for lay in LAYOUTS], log2=True)
    text += [T("summary", plot=rs), "",
             md_table(["mode", "layout", "metric"] + ["B=%d" % b for b in banks], rows), ""]
    b4 = 4
    st3 = {lay: tot(3, lay, b4, stall(3)) for lay in LAYOUTS}
    st2 = {lay: tot(2, lay, b4, stall(2)) for lay in LAYOUTS}
    id3 = {lay: tot(3, lay, b4, idle_slots) for lay in LAYOUTS}
    id2 = {lay: tot(2, lay, b4, idle_slots) for lay in LAYOUTS}
    cf3 = {lay: tot(3, lay, b4, conflicts) for lay in LAYOUTS}
    cf2 = {lay: tot(2, lay, b4, conflicts) for lay in LAYOUTS}
    ip = {(m, lay): mean([st["ipc"] for st in S[m, lay, b4]]) for m in (2, 3)
          for lay in LAYOUTS}
    gone3 = {lay: next((b for b in banks if tot(3, lay, b, stall(3)) == 0), None)
             for lay in LAYOUTS}
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
    text += [T("verdict", st3n=st3["naive"], st3s=st3["swizzle"],
               dst3=change(st3["swizzle"], st3["naive"]), id3n=id3["naive"],
               id3s=id3["swizzle"], did3=change(id3["swizzle"], id3["naive"]),
               st2n=st2["naive"], st2s=st2["swizzle"], dst2=change(st2["swizzle"], st2["naive"]),
               id2n=id2["naive"], id2s=id2["swizzle"], did2=change(id2["swizzle"], id2["naive"]),
               did32=change(id3["swizzle"], id2["swizzle"]), ip3=f3(ip[3, "swizzle"]),
               ip2=f3(ip[2, "swizzle"]), dip=change(ip[3, "swizzle"], ip[2, "swizzle"]),
               gone3s=gone(gone3["swizzle"], "swizzle", 3),
               gone3n=gone(gone3["naive"], "naive", 3), gone2=gone(gone2, "swizzle", 2),
               both=both, cf3=cf3["swizzle"], cf2=cf2["swizzle"],
               dcf=change(cf3["swizzle"], cf2["swizzle"])), ""]
    bc = [k for k in K if kname(k) == "bankconflict"]
    if bc:
        k = bc[0]
        n, s = r.st(keys[3, "naive", 4, k]), r.st(keys[3, "swizzle", 4, k])
        text += [T("bankconflict", cn=conflicts(n), cs=conflicts(s), rn=n["replays"]["collector"],
                   rs=s["replays"]["collector"], ipn=f3(n["ipc"]), ips=f3(s["ipc"])), ""]
    text += [T("reading"), ""]
    c.sections.append("\n".join(text))
