"""The regression's report (scripts/regress.py) from a run's per-item
result.json files: console, junit.xml, rerun.txt, summary.json, STATUS, coverage/."""
import glob
import os
import re
import sys
import time
from xml.sax.saxutils import escape, quoteattr

from wf.paths import rel
from wf.regress.files import read_json, write_atomic, write_json
from wf.regress.proc import run
from wf.regress.settings import COVREPORT


def junit_text(results, missing):
    legs = {}
    for r in results:
        legs.setdefault(r["leg"], []).append(r)
    for m in missing:
        legs.setdefault(m["leg"], []).append(dict(m, status="not-run"))
    t = ['<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n']
    for leg, rs in sorted(legs.items()):
        fails = sum(r["status"] == "fail" for r in rs)
        t.append('<testsuite name="warpfront-regress-%s" tests="%d" failures="%d" skipped="%d">\n'
                 % (leg, len(rs), fails, sum(r["status"] == "not-run" for r in rs)))
        for r in rs:
            t.append('  <testcase classname=%s name=%s time="%.3f">\n'
                     % (quoteattr(r["class"]), quoteattr(r["id"]), r.get("time", 0.0)))
            if r["status"] == "fail":
                msg = r["message"]
                if r.get("reproduced") is False:
                    msg = "%s [%s]" % (msg, r["reproduce_note"])
                    t.append('    <properties><property name="reproduced" value="false"/></properties>\n')
                t.append('    <failure type=%s message=%s>%s</failure>\n'
                         % (quoteattr(r["kind"]), quoteattr(msg),
                            escape("log: %s\nreproduce: %s" % (r["dir"], r.get("reproduce", "")))))
            elif r["status"] == "not-run":
                t.append('    <skipped message="not run: no result (the run was stopped or a shard '
                         'did not finish)"/>\n')
            if r.get("skipped"):
                t.append("    <system-out>%s</system-out>\n" % escape("; ".join(r["skipped"])))
            t.append("  </testcase>\n")
        t.append("</testsuite>\n")
    t.append("</testsuites>\n")
    return "".join(t)


def merge_cov_parts(cdir):
    """coverage/merged.dat = merged.dat + every part-*.dat (one per process)."""
    parts = sorted(glob.glob(os.path.join(cdir, "part-*.dat")))
    merged = os.path.join(cdir, "merged.dat")
    if not parts:
        return None
    inputs = ([merged] if os.path.exists(merged) else []) + parts
    if len(inputs) == 1:
        os.replace(parts[0], merged)
        return None
    tmp = merged + ".tmp"
    rc, out, err, _ = run(["verilator_coverage", "--write", tmp] + inputs, 1200)
    if rc != 0:
        return "verilator_coverage merge failed: " + (err or out).strip()[:200]
    os.replace(tmp, merged)
    for p in parts:
        os.unlink(p)
    return None


def coverage_reports(rdir, results):
    """COV=1: merge the functional coverage JSON files and the Verilator line/
    toggle coverage of the run into OUT/RUN_ID/coverage/."""
    cdir = os.path.join(rdir, "coverage")
    os.makedirs(cdir, exist_ok=True)
    lines = []
    note = merge_cov_parts(cdir)
    if note:
        lines.append(note)
    js = sorted(glob.glob(os.path.join(rdir, "*", "run.cov.json")))
    if not js:
        lines.append("functional coverage: no run.cov.json files (harness --cov produced none)")
    else:
        cjson = os.path.join(cdir, "coverage.json")
        rc, out, err, _ = run([sys.executable, COVREPORT, "--plan", "--json", cjson] + js, 600)
        write_atomic(os.path.join(cdir, "functional.txt"), out + err)
        summary = [l for l in out.splitlines() if l.startswith("covreport:")]
        plan = [l for l in out.splitlines() if l.startswith("plan:")]
        holes = (read_json(cjson) or {}).get("holes", [])
        lines.append("functional coverage (harness --cov): %s%s; report %s, %s (the input of a later CDG=)"
                     % (summary[0][len("covreport:"):].strip() if summary else "%d files" % len(js),
                        "; " + plan[0] if plan else "", rel(os.path.join(cdir, "functional.txt")), rel(cjson)))
        if holes:
            lines.append("functional coverage: never fired: %s%s" % (" ".join(holes[:12]),
                                                                     " ..." if len(holes) > 12 else ""))
    merged = os.path.join(cdir, "merged.dat")
    if not os.path.exists(merged):
        lines.append("line/toggle coverage: no coverage data")
        return lines
    info = os.path.join(cdir, "rtl.info")
    rc, out, err, _ = run(["verilator_coverage", "--write-info", info, merged], 1200)
    if rc != 0:
        lines.append("line/toggle coverage: verilator_coverage failed: " + (err or out).strip()[:200])
        return lines
    rc, out, err, _ = run(["genhtml", "--quiet", "--output-directory", os.path.join(cdir, "html"), info],
                          1200)
    if rc != 0:
        lines.append("line/toggle coverage: genhtml failed: " + (err or out).strip()[:200])
    # totals per kind of point (the 'page' key of each point: v_line, v_toggle, v_branch, v_user)
    kinds = {}
    try:
        with open(merged, encoding="utf-8", errors="replace") as f:
            for l in f:
                m = re.match(r"C '(.*)' (\d+)\s*$", l)
                if not m:
                    continue
                k = re.search(r"\x01page\x02v_([a-z]+)", m.group(1))
                t = kinds.setdefault(k.group(1) if k else "other", [0, 0])
                t[0] += 1
                t[1] += int(m.group(2)) > 0
    except OSError:
        pass
    for k, (n, hit) in sorted(kinds.items()):
        lines.append("line/toggle coverage: %-7s %d of %d points hit (%.1f%%)" % (k, hit, n, 100.0 * hit / n))
    lines.append("line/toggle coverage: %d runs merged (%s); lcov %s, HTML %s"
                 % (sum(1 for r in results if r.get("line_cov")), rel(merged), rel(info),
                    rel(os.path.join(cdir, "html", "index.html"))))
    return lines


def expected_items(man):
    """[(leg, id, result.json path relative to the run, class)] of a run, in report order."""
    out = [("rtl", "seed%d" % s, os.path.join(str(s), "result.json"), "rtl.?") for s in man["rtl_seeds"]]
    out += [("c", cid, os.path.join("c", cid, "result.json"), "c.%s" % cid.split(".")[0])
            for cid in man["c_ids"]]
    return out


def set_status(rdir, text):
    write_atomic(os.path.join(rdir, "STATUS"), text + "\n")


def cmp_note(man, fmt):
    """fmt with the run's compare level, or "" at full (the default prints what it always did)."""
    lv = man.get("cmp", "full")
    return fmt % lv if lv != "full" else ""


def report(rdir, man, state=None):
    """The run's report from its per-item result.json files: console, junit.xml,
    rerun.txt, summary.json, STATUS (coverage/ with COV=1). Exit status 0/1."""
    results, missing = [], []
    for leg, iid, path, klass in expected_items(man):
        r = read_json(os.path.join(rdir, path))
        if r is None:
            missing.append({"leg": leg, "id": iid, "class": klass, "dir": os.path.dirname(path)})
        else:
            results.append(r)
    if state is None:
        state = "complete" if not missing else "incomplete"
    failed = [r for r in results if r["status"] == "fail"]
    absdir = lambda p: os.path.join(rdir, p)
    for r in failed:
        print("FAIL %-4s %-22s %-15s %s" % (r["leg"], r["id"] + ("" if r["leg"] == "c" else
                                                                   " [%s]" % r["class"][4:]),
                                            r["kind"] + (" (not reproduced)" if r.get("reproduced") is False
                                                         else ""), r["message"]))
        print("     log: %s" % rel(absdir(r["dir"])))
        print("     reproduce: %s" % r.get("reproduce", ""))
        if r.get("redraw"):
            print("     redraw (CDG): %s" % r["redraw"])
        if r.get("reproduced") is False:
            print("     %s" % r["reproduce_note"])
        if r.get("waves"):
            print("     waves: %s" % rel(absdir(r["waves"])))
        elif r.get("waves_note"):
            print("     waves: none (%s)" % r["waves_note"])
    skipped, kinds, by_size, by_form, legs = {}, {}, {}, {}, {"rtl": [0, 0], "c": [0, 0]}
    for r in results:
        for s in r.get("skipped", []):
            skipped[s] = skipped.get(s, 0) + 1
        if r["status"] == "fail":
            kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
        legs[r["leg"]][r["status"] == "fail"] += 1
        if r["leg"] == "rtl":
            n = by_size.setdefault(r["class"][4:], [0, 0])
            n[r["status"] == "fail"] += 1
            n = by_form.setdefault(r.get("form", "auto"), [0, 0])
            n[r["status"] == "fail"] += 1
        if r.get("note"):
            skipped[r["note"]] = skipped.get(r["note"], 0) + 1
    for s, n in sorted(skipped.items()):
        print("note: %d runs: %s" % (n, s))
    if by_size:
        print("regress: RTL by size set: " + ", ".join("%s %d/%d" % (k, v[0], v[0] + v[1])
                                                     for k, v in sorted(by_size.items())))
        print("regress: RTL by RTL form: " + ", ".join("%s %d/%d" % (k, v[0], v[0] + v[1])
                                                      for k, v in sorted(by_form.items())))
    if man["cov"]:
        for l in coverage_reports(rdir, [r for r in results if r["leg"] == "rtl"]):
            print("regress: " + l)
    if kinds:
        print("regress: failures by kind: " + ", ".join("%s %d" % kv for kv in sorted(kinds.items())))
    print("regress: %d RTL seeds passed, %d failed%s; %d C-model runs passed, %d failed"
          % (legs["rtl"][0], legs["rtl"][1], cmp_note(man, " (compare level %s)"), legs["c"][0], legs["c"][1]))
    if missing:
        print("regress: %s: %d of %d items have no result (%s%s); make regress RESUME=%s runs them"
              % (state, len(missing), len(missing) + len(results),
                 " ".join(m["id"] for m in missing[:8]), " ..." if len(missing) > 8 else "", man["run_id"]))
    write_atomic(os.path.join(rdir, "junit.xml"), junit_text(results, missing))
    write_atomic(os.path.join(rdir, "rerun.txt"), "".join(r.get("reproduce", "") + "\n" for r in failed))
    write_json(os.path.join(rdir, "summary.json"),
               {"state": state, "run_id": man["run_id"], "cmp": man.get("cmp", "full"), "cdg": man.get("cdg"),
                "seed": man["seed"], "seeds": man["seeds"],
                "cseeds": man["cseeds"], "shard": man["shard"], "rtl_seeds": man["rtl_seeds"],
                "passed": len(results) - len(failed), "failed": len(failed),
                "not_run": [m["id"] for m in missing], "results": results})
    closing = "%d passed, %d failed%s" % (len(results) - len(failed), len(failed),
                                          ", %d not run" % len(missing) if missing else "")
    set_status(rdir, "%s: %s (%s)" % (state, closing, time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())))
    print(closing)
    sys.stdout.flush()
    return 1 if failed or missing else 0
