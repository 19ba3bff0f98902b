"""The WAR policies' slowdown against `none` (seed §3.3): per kernel at 8
warps, over a warps sweep at the long latencies, and the seed's claims
against all of it; the `war.block.*` coverage counts and `none`'s final state."""
from .common import LONG_LAT, POLICIES, Text, geomean, kname, md_table, pct, ratio
from .plot import bar_chart, line_chart

NAME = "war"
T = Text(NAME)
CLAIMS = {"warpboard-commit": "up to ~2x", "warpboard-read": "<= ~10%",
          "bloom": "a few %", "inorder": "(no claim)"}


def verdict(p, cfgs, K):
    """the claim for policy p against every configuration: cfgs is
    [(name, {policy: [ratio per kernel]})]."""
    m, k, n = max((max(d[p]), kname(K[d[p].index(max(d[p]))]), n) for n, d in cfgs)
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


def run(c, plan):
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
    text = [T("intro"), ""]
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
                                          for w in sweep])], log2=True)
    text += [T("warps", wmax=sweep[-1], plot=rel), ""]
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
    rows = []
    for p in pols:
        rows.append([p, CLAIMS[p]] + ["%s / %s" % (pct(geomean(d[p]) - 1), pct(max(d[p]) - 1))
                                      for _, d in cfgs] + [verdict(p, cfgs, K)])
    text += [T("claims"), "",
             md_table(["policy", "claim"] + [n for n, _ in cfgs] + ["verdict"], rows), ""]
    blocks = {p: [sum(r.get(keys[li, p, k])["cov"].get("war.block." + p, 0) for k in K)
                  for li in range(len(lats))] for p in pols}
    text += [T("blocks", counts="; ".join("%s %d / %d" % (p, blocks[p][0], blocks[p][1])
                                          for p in pols)), ""]
    wrong = [kname(k) for k in K if not r.get(keys[0, "none", k])["state_matches_functional"]]
    text += [T("none-state", wrong=len(wrong), total=len(K),
               which=(" (" + ", ".join(wrong) + ")") if wrong else ""), ""]
    g_lo, g_8 = geomean(sw[sweep[0], "warpboard-commit"]), geomean(long8["warpboard-commit"])
    text += [T("reading", g8=ratio(g_8), glo=ratio(g_lo), wlo=sweep[0]), ""]
    c.sections.append("\n".join(text))
