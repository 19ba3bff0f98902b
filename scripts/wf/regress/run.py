"""A regression run (scripts/regress.py): its directory, items, builds, runs,
and the report of a run already made."""
import os
import re
import signal
import socket
import subprocess
import sys
import time

from wf import cdg  # coverage-directed generation
from wf.paths import ROOT, WFGEN, rel
from wf.regress.cleg import c_jobs, c_run
from wf.regress.files import read_json, write_atomic, write_json
from wf.regress import batch  # the batch workers (BATCH)
from wf.regress.proc import CH_LOCK, CHILDREN, STOP, STOP_SIG, Usage, pool_run, quiet_thread, say
from wf.regress.report import cmp_note, report, set_status
from wf.regress.runner import Rtl, build_label, newest_source, redraw_line
from wf.regress.settings import CHECKER, COSIM, check_out_dir


def runner_alive(rdir):
    """The pid of a runner still working on rdir on this host, else None."""
    try:
        with open(os.path.join(rdir, "STATUS"), encoding="utf-8") as f:
            m = re.match(r"running: pid (\d+) on (\S+)", f.read())
    except OSError:
        return None
    if not m or m.group(2) != socket.gethostname():
        return None
    try:
        with open("/proc/%s/cmdline" % m.group(1), "rb") as f:
            return int(m.group(1)) if b"regress.py" in f.read() else None
    except OSError:
        return None


def open_run(k):
    """(run dir, run.json): a new run (made, latest moved) or the one RESUME names."""
    rdir = k["dir"]
    if k["man"] is not None:
        pid = runner_alive(rdir)
        if pid and pid != os.getpid():
            raise Usage("RESUME=%s: runner pid %d is still running it" % (k["run_id"], pid))
        return rdir, k["man"]
    i, n = k["shard"]
    checked = set(subprocess.run([sys.executable, CHECKER, "--list"], capture_output=True,
                                 text=True, check=True).stdout.split()) if k["cseeds"] else set()
    man = {"version": 1, "run_id": k["run_id"], "seed": k["seed"], "seeds": k["seeds"], "cseeds": k["cseeds"],
           "shard": [i + 1, n], "sizes": k["sizes"], "imem_jitter": k["imem_jitter"], "waves": k["waves"],
           "cov": k["cov"], "defines": k["defines"], "inject": k["inject"], "cmp": k["cmp"],
           "rtl_files": k["rtl_files"], "rtl_top": k["rtl_top"], "cdg": k["cdg"], "rtl_forms": k["rtl_forms"],
           "rtl_seeds": [s for j, s in enumerate(range(k["seed"], k["seed"] + k["seeds"])) if j % n == i],
           "created": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()), "host": socket.gethostname()}
    man["c_ids"] = [j["id"] for x, j in enumerate(c_jobs(man, checked) if k["cseeds"] else []) if x % n == i]
    os.makedirs(rdir)
    if k["cdg"]:
        # the run's own copy: its seeds re-draw from it whatever becomes of the source
        man["cdg"] = dict(k["cdg"], bias=os.path.join(rdir, "cdg-bias.txt"))
        man["cdg"]["sha256"] = cdg.write_bias(k["cdg_text"], man["cdg"]["bias"], WFGEN)
    write_json(os.path.join(rdir, "run.json"), man)
    latest = os.path.join(k["out"], "latest")
    if not os.path.exists(latest) or os.path.islink(latest):
        tmp = "%s.tmp%d" % (latest, os.getpid())
        os.symlink(k["run_id"], tmp)
        os.replace(tmp, latest)
    return rdir, man


def header(k, man, what):
    i, n = k["shard"]
    say("regress: %s %s: results in %s" % (what, k["run_id"], rel(k["dir"])))
    say("regress: RTL leg: %d seeds (%d..%d%s), size sets %s, RTL forms %s; harness %s: %s--seed on, "
        "--imem-jitter %s, WAVES %s, COV %s; C leg: %d random configurations, %d runs; %d jobs"
        % (len(man["rtl_seeds"]), man["seed"], man["seed"] + man["seeds"] - 1,
           ", shard %d/%d" % tuple(man["shard"]) if man["shard"][1] > 1 else "",
           ",".join(man["sizes"]) or "all", ",".join(man.get("rtl_forms", ["auto"])), rel(COSIM),
           cmp_note(man, "compare level %s, "),
           "on 1 seed in %d" % man["imem_jitter"] if man["imem_jitter"] else "off", "on" if man["waves"] else "off",
           "on" if man["cov"] else "off", man["cseeds"], len(man["c_ids"]), k["jobs"]))
    if man.get("rtl_top"):
        say("regress: design under test: WF_TOP=%s WF_RTL_FILES=%s" % (man["rtl_top"], man["rtl_files"]))
    if man.get("cdg"):
        c = man["cdg"]
        say("regress: CDG: seeds drawn under %s (sha256 %s; %d targets%s, from the %s %s); one seed "
            "again: %s" % (rel(c["bias"]), c["sha256"][:16], c["targets"],
                           ": %d holes, %d weakly hit" % (c["holes"], c["weak"]) if "holes" in c else "",
                           c["kind"], rel(c["source"]), redraw_line(man, man["seed"]).replace(
                               "SEED=%d " % man["seed"], "SEED=N ")))


def finish(rdir, item, res):
    """A finished item's result: result.txt, then result.json (atomic: the
    item counts as done once it exists)."""
    res.update(leg=item["leg"], id=item["id"], seed=item.get("seed"),
               dir=os.path.relpath(item["dir"], rdir), **{"class": item["class"]})
    if item.get("redraw"):
        res["redraw"] = item["redraw"]
    if item.get("form"):
        res["form"] = item["form"]
    if res.get("waves"):
        res["waves"] = os.path.relpath(res["waves"], rdir)
    if item["leg"] == "rtl":
        write_atomic(os.path.join(item["dir"], "result.txt"),
                     "%s %s %s\nexit %s, %.2fs\nreproduce: %s\n%s%s"
                     % (res["status"].upper(), res["kind"], res["message"], res.get("rc"), res.get("time", 0),
                        res.get("reproduce", ""), res["reproduce_note"] + "\n" if res.get("reproduce_note") else "",
                        "redraw (CDG): %s\n" % res["redraw"] if res.get("redraw") else ""))
    write_json(os.path.join(item["dir"], "result.json"), res)
    return res


def regress(k):
    rdir, man = open_run(k)
    resume = k["man"] is not None
    i, n = k["shard"] if resume else (0, 1)
    worker = resume and n > 1  # a slice of a shared run: no report (the merge job writes it)
    if not worker:
        set_status(rdir, "running: pid %d on %s since %s; if that process is gone, the run was killed: "
                   "make regress-report RUN=%s (report of what finished) or make regress RESUME=%s"
                   % (os.getpid(), socket.gethostname(), time.strftime("%H:%M:%S UTC", time.gmtime()),
                      k["run_id"], k["run_id"]))
    header(k, man, "resuming run" if resume else "run")
    cfg = {"dir": rdir, "waves": man["waves"], "cov": man["cov"], "sizes": man["sizes"],
           "cdg": man["cdg"]["bias"] if man.get("cdg") else None, "man": man,
           "defines": man["defines"], "cmp": man.get("cmp", "full"), "inject": {int(s): d for s, d in man["inject"].items()},
           "build_timeout": k["build_timeout"], "timeout": k["timeout"], "progress": k["progress"],
           "seed0": man["seed"], "jitter": man["imem_jitter"], "rtl_forms": man.get("rtl_forms", ["auto"]),
           "rtl_files": man["rtl_files"], "rtl_top": man["rtl_top"], "batch": k["batch"]}
    cfg["batch"] = batch.usable(cfg, COSIM)
    has = lambda d: os.path.exists(os.path.join(d, "result.json"))
    todo_rtl = [s for j, s in enumerate(man["rtl_seeds"]) if j % n == i and not has(os.path.join(rdir, str(s)))]
    todo_c = []
    if man["c_ids"]:
        checked = set(subprocess.run([sys.executable, CHECKER, "--list"], capture_output=True,
                                     text=True, check=True).stdout.split())
        jobs = {j["id"]: j for j in c_jobs(man, checked)}
        for j, cid in enumerate(man["c_ids"]):
            jobs[cid]["dir"] = os.path.join(rdir, "c", cid)
            if j % n == i and not has(jobs[cid]["dir"]):
                todo_c.append(jobs[cid])
    if resume:
        say("regress: %d RTL seeds and %d C runs %shave no result yet: running them"
            % (len(todo_rtl), len(todo_c), "of shard %d/%d " % (i + 1, n) if n > 1 else ""))
    src_time = newest_source()
    rtl = Rtl(cfg)
    stats = {"done": 0, "fail": 0, "t0": time.time(), "first": set()}

    def rtl_prepared(seed, pr):
        if pr is None:
            return
        item, bad = pr
        item["class"] = "rtl.%s" % item.get("sizes", "?")
        if bad:
            finish(rdir, item, bad)
        else:
            runnable.append(item)
    runnable = []
    pool_run(rtl.prepare, todo_rtl, k["jobs"], rtl_prepared)
    runnable.sort(key=lambda it: it["seed"])
    # ---- the build step: every build the seeds need, made or verified, before any run
    keys = []
    for item in runnable:
        if item["key"] not in [x["key"] for x in keys]:
            keys.append(item)
    if keys and not STOP.is_set():
        say("regress: %d Verilated builds (cached under build/rtl/, BUILD_TIMEOUT=%ds): %s"
            % (len(keys), k["build_timeout"], ", ".join(build_label(it["key"], cfg["defines"]) for it in keys)))
    for item in keys:
        if STOP.is_set():
            break
        b = rtl.build(item)
        if STOP.is_set():
            break
        if not b["ok"]:
            say("regress: build error: %s: %s; log %s" % (b["label"], b["message"], rel(b["log"])))
            with open(b["log"], encoding="utf-8", errors="replace") as f:
                for line in f.read().splitlines()[-12:]:
                    say("regress:   | " + line)
            if not worker:
                report(rdir, man, state="build error")
                set_status(rdir, "build error: %s: %s (log %s); fix it, then make regress RESUME=%s"
                           % (b["label"], b["message"], rel(b["log"]), k["run_id"]))
            return 2
        say("regress:   build %-9s %s in %.1fs" % (b["label"], b["how"], b["secs"]))

    def rtl_done(item, res):
        if res is None:
            return
        finish(rdir, item, res)
        stats["done"] += 1
        stats["fail"] += res["status"] == "fail"
        if item["key"] not in stats["first"]:
            stats["first"].add(item["key"])
            b = rtl.builds.get(item["key"], {})
            say("regress:   %-9s seed %-6d %s (run %.1fs; its build step before: %.1fs, %s)"
                % (b.get("label", item["sizes"]), item["seed"], res["kind"] or "pass", res.get("time", 0),
                   b.get("secs", 0), b.get("how", "?")))
        if stats["done"] % max(len(runnable) // 10, 1) == 0 or stats["done"] == len(runnable):
            say("regress:   %d/%d seeds run, %d failed (%.0fs)" % (stats["done"], len(runnable), stats["fail"],
                                                                  time.time() - stats["t0"]))
    if not STOP.is_set() and cfg["batch"]:  # batch workers (wf/regress/batch.py)
        bs = batch.Batch(rtl, batch.Control(STOP, CHILDREN, CH_LOCK, quiet_thread, say), COSIM, k["timeout"],
                         k["inject_batch"]).run(runnable, k["jobs"], rtl_done)
        batch.summary(rdir, bs, say)
    elif not STOP.is_set():
        pool_run(rtl.seed, runnable, k["jobs"], rtl_done)

    def c_one(job):
        res = c_run(job, k["timeout"])
        return None if STOP.is_set() else res

    def c_done(job, res):
        if res is not None:
            finish(rdir, job, res)
            stats["fail"] += res["status"] == "fail"
    if not STOP.is_set():
        pool_run(c_one, todo_c, k["jobs"], c_done)
    if rtl.cov_note:
        say("regress: " + rtl.cov_note)
    if todo_rtl and newest_source() != src_time:
        say("regress: WARNING: rtl/ or verif/cosim/ changed during this regression: runs after "
            "the change were rebuilt by run.sh and ran on the new sources")
    sig = STOP_SIG[0] if STOP_SIG else None
    if worker:
        say("regress: shard %d/%d of run %s %s; the report: make regress-report RUN=%s (the merge job)"
            % (i + 1, n, k["run_id"], "stopped by %s" % signal.Signals(sig).name if sig else "done", k["run_id"]))
        return 128 + sig if sig else (1 if stats["fail"] else 0)
    if sig:
        report(rdir, man, state="interrupted")
        set_status(rdir, "interrupted by %s: the report covers the items that finished; "
                   "make regress RESUME=%s runs the rest" % (signal.Signals(sig).name, k["run_id"]))
        return 128 + sig
    return report(rdir, man)


def report_only(run_arg):
    out = os.path.abspath(os.environ.get("OUT", os.path.join(ROOT, "out", "regress")))
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", run_arg or ""):
        raise Usage("RUN=%r: allowed a run id or latest" % run_arg)
    if run_arg == "latest":
        link = os.path.join(out, "latest")
        if not os.path.islink(link):
            raise Usage("RUN=latest: %s is not a link to a run" % link)
        run_arg = os.readlink(link)
    rdir = os.path.join(out, run_arg)
    man = read_json(os.path.join(rdir, "run.json"))
    if man is None:
        raise Usage("RUN=%s: %s has no run.json (not a run of this runner)" % (run_arg, rdir))
    check_out_dir(rdir, 0)
    pid = runner_alive(rdir)
    say("regress: report of run %s (%s)%s" % (run_arg, rel(rdir), "; WARNING: runner pid %d is still "
                                                                   "running it" % pid if pid else ""))
    return report(rdir, man)
