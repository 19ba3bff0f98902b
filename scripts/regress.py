#!/usr/bin/env python3
"""warpfront regression runner (`make regress`); docs/verification.md.

Two legs, both seeded and reproducible:

RTL leg (the main job): for each seed, a size set (one Verilated build of
  wf_core; `build/wfgen --list-sizes`) and the run-time knobs are drawn by
  `build/wfgen --config-only --sizes any --war-none --seed N`
  (verif/randcfg.c; Python holds no parameter table), a program by `build/wfgen --seed N
  --random-knobs <options>`, and the Verilated RTL runs it in lockstep with
  the C model: `verif/cosim/run.sh PROG <options> --seed N`. Every build is
  made (or found in its cache under build/rtl/) by a first, serial run, then
  the other seeds run in parallel.
C leg (kept from before co-simulation): every sim/examples program over fixed
  and CSEEDS random configurations (wf_random_config, `wfgen --config-only
  --seed N`) plus one generated program per configuration, on the functional
  interpreter (checked against verif/check_examples.py) and on the cycle
  model, whose final state must equal the interpreter's.

Knobs (environment):
  SEED      first seed (default 1)
  SEEDS     RTL seeds: SEED .. SEED+SEEDS-1 (default 1000; 0 = no RTL leg)
  CSEEDS    random configurations of the C leg (default 8; 0 = no C leg)
  JOBS      parallel runs (default: CPU count)
  SHARD     i/N: run only the work items whose index k (0-based: RTL seed
            SEED+k; C-leg job k) has k % N == i-1, so N shards together run
            every item exactly once (Slurm: SHARD=$((SLURM_ARRAY_TASK_ID+1))/N)
  WAVES=1   every RTL run with --waves (FST next to its log)
  COV=1     functional coverage per run (merged by scripts/covreport.py) and
            Verilator line/toggle coverage (lcov HTML) where the harness has it
  TIMEOUT   seconds per run (default 120; the first run of a build gets
            BUILD_TIMEOUT, default 1800, since it includes the build)
  IMEM_JITTER=K  every K-th RTL seed (index k % K == K-1) also runs with the
            harness's --imem-jitter SEED (instruction-memory backpressure,
            random latency; final state only); default 8, 0 = never
  SIZES     comma list of size sets the seeds pick from (default: all;
            `build/wfgen --list-sizes`)
  OUT       result root (default out/regress); RUN_ID the run's directory
            name under it (default: UTC time + seed range + shard)
  WF_DEFINES  Verilog defines of the RTL builds (run.sh; default WF_ASSERT)
  COSIM     the co-simulation driver (default verif/cosim/run.sh)
Test-only: REGRESS_INJECT_DEFINES="SEED:DEF1+DEF2" runs that one seed with
  WF_DEFINES="DEF1 DEF2" (a mutant), to prove failures are reported.

Results in OUT/RUN_ID/ (also OUT/latest): <seed>/ per RTL seed (prog.s,
options.txt, cmd.txt, stdout.txt, stderr.txt, result.txt, waves on failure),
c/<kernel>.<config>/ per C run, junit.xml, rerun.txt (one reproduce command
per failing run), summary.json, coverage/ (COV=1). Failure kinds: mismatch,
final-state, assertion, build-error, usage-error, crash, timeout,
generator-error (RTL); functional-error, wrong-result, cycle-error,
cycle-vs-functional, timeout (C). Closing line: "N passed, M failed";
exit 1 on any failure, 2 when a tool is missing.
"""
import concurrent.futures
import glob
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from xml.sax.saxutils import escape, quoteattr

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WFSIM = os.environ.get("WFSIM", os.path.join(ROOT, "build", "wfsim"))
WFGEN = os.environ.get("WFGEN", os.path.join(ROOT, "build", "wfgen"))
COSIM = os.environ.get("COSIM", os.path.join(ROOT, "verif", "cosim", "run.sh"))
CHECKER = os.path.join(ROOT, "verif", "check_examples.py")
COVREPORT = os.path.join(ROOT, "scripts", "covreport.py")
EXAMPLES = os.path.join(ROOT, "sim", "examples")

FIXED = [
    {"name": "default", "opts": []},
    {"name": "tiny", "opts": ["--warps", "1", "--lanes", "1"]},
    {"name": "seed-shape", "opts": ["--warps", "4", "--lanes", "8", "--banks", "4"]},
    {"name": "wide", "opts": ["--warps", "8", "--lanes", "32", "--regs", "64", "--mem-words", "4096"]},
]
# failures whose re-run with waves shows nothing (no simulation ran)
NO_WAVES = ("generator-error", "build-error", "usage-error")


def env_int(name, default, lo=0):
    v = os.environ.get(name, "")
    if v == "":
        return default
    try:
        n = int(v)
    except ValueError:
        n = lo - 1
    if n < lo:
        sys.exit("regress: %s=%r: allowed an integer >= %d" % (name, v, lo))
    return n


def parse_shard(v):
    """SHARD=i/N -> (i-1, N); '' -> (0, 1)."""
    if not v:
        return 0, 1
    m = re.fullmatch(r"(\d+)/(\d+)", v)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        sys.exit("regress: SHARD=%r: allowed i/N with 1 <= i <= N (e.g. SHARD=2/4)" % v)
    return int(m.group(1)) - 1, int(m.group(2))


def qjoin(cmd):
    return " ".join(shlex.quote(c) for c in cmd)


def rel(path):
    """A path as typed from the repository root (commands in logs and rerun.txt)."""
    r = os.path.relpath(path, ROOT)
    return path if r.startswith("..") else r


def run(cmd, timeout, env=None, cwd=ROOT):
    """(returncode or None on timeout, stdout, stderr, seconds); the whole
    process group is killed on timeout, so nothing is left behind."""
    t0 = time.time()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         errors="replace", env=env, cwd=cwd, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        return p.returncode, out, err, time.time() - t0
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        return None, out, err, time.time() - t0


def opt_value(opts, name, default):
    for i, o in enumerate(opts):
        if o == name and i + 1 < len(opts):
            return opts[i + 1]
    return default


def newest_source():
    """The newest modification time of what the Verilated builds are made of."""
    t = 0.0
    for top in ("rtl", os.path.join("verif", "cosim")):
        for dp, _, fs in os.walk(os.path.join(ROOT, top)):
            for f in fs:
                try:
                    t = max(t, os.path.getmtime(os.path.join(dp, f)))
                except OSError:
                    pass
    return t


def harness_features():
    """Which harness options verif/cosim/run.sh --help lists (the harness is
    developed alongside; options it does not have are not passed)."""
    try:
        rc, out, err, _ = run([COSIM, "--help"], 120)
    except OSError:
        return set()
    text = out + err
    return {o for o in ("--seed", "--waves", "--cov", "WF_LINE_COV", "--imem-jitter") if o in text}


# ---- the RTL leg ------------------------------------------------------------------------

def draw(seed, sizes_allowed):
    """The seed's configuration from wfgen: (options list, size-set name)."""
    # --war-none: war=none too (lockstep and the cycle model's final state
    # still hold; the interpreter check is skipped, docs/microarch.md §8.1)
    cmd = [WFGEN, "--config-only", "--sizes", ",".join(sorted(sizes_allowed)) or "any",
           "--war-none", "--seed", str(seed)]
    rc, out, err, _ = run(cmd, 60)
    if rc != 0:
        raise RuntimeError("%s: %s" % (qjoin(cmd), (err or out).strip()))
    lines = out.splitlines()
    name = lines[1].split()[-1] if len(lines) > 1 and lines[1].startswith("# sizes") else "?"
    return shlex.split(lines[0]), name


def classify(rc, out, err):
    """(kind, one-line message) of a finished co-simulation run; kind '' = pass."""
    text = out + err
    if rc == 0:
        return "", ""
    first = lambda pat: (re.search(pat, text, re.M) or re.search(r"\S.*", text) or
                         re.search(r"^", "(no output)")).group(0)[:300] or "(no output)"
    if rc is None:
        return "timeout", "no result within the per-run timeout (killed)"
    m = re.search(r"^.*WF_ASSERT wf_\w+:.*$", text, re.M)  # an RTL assertion (rtl/, WF_ASSERT)
    if m:
        return "assertion", m.group(0).strip()[:300]
    if rc < 0 or rc >= 128:
        sig = -rc if rc < 0 else rc - 128
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = "signal %d" % sig
        if re.search(r"\$fatal|Assertion failed|%Error:.*(assert|WF_ASSERT)", text):
            return "assertion", "%s: %s" % (name, first(r"^.*(\$fatal|Assertion|%Error).*$"))
        return "crash", "killed by %s: %s" % (name, first(r"^.*(error|Error|fault).*$"))
    if rc == 1:
        if re.search(r"^LOCKSTEP MISMATCH", text, re.M):
            m = re.search(r"^LOCKSTEP MISMATCH at cycle (\d+)", text, re.M)
            f = re.search(r"^\s*field:\s*(\S+)", text, re.M)
            return "mismatch", "cycle %s, field %s" % (m.group(1) if m else "?", f.group(1) if f else "?")
        if re.search(r"^FINAL STATE MISMATCH", text, re.M):
            return "final-state", first(r"^FINAL STATE MISMATCH.*$")
        if re.search(r"\$fatal|%Error", text):
            return "assertion", first(r"^.*(\$fatal|%Error).*$")
        return "mismatch", "exit 1 without a report header: " + first(r"\S.*")
    if rc == 2:
        if "build failed" in text:
            return "build-error", first(r"^.*build failed.*$")
        return "usage-error", first(r"\S.*")
    if rc == 3:
        return "timeout", "harness watchdog: " + first(r"\S.*")
    return "crash", "exit status %d: %s" % (rc, first(r"\S.*"))


def reproduce_line(text):
    m = re.search(r"^\s*reproduce:\s*(.+)$", text, re.M)
    return m.group(1).strip() if m else None


class Rtl:
    def __init__(self, cfg):
        self.cfg = cfg
        self.cov_lock = threading.Lock()
        self.cov_note = None

    def merge_line_cov(self, item):
        """Folds a run's Verilator coverage data into coverage/merged.dat as
        soon as the run ends (a run's file is megabytes; hundreds are not kept)."""
        dat = os.path.join(item["dir"], "coverage.dat")
        if not os.path.exists(dat):
            return
        cdir = os.path.join(self.cfg["dir"], "coverage")
        merged = os.path.join(cdir, "merged.dat")
        with self.cov_lock:
            os.makedirs(cdir, exist_ok=True)
            if not os.path.exists(merged):
                os.replace(dat, merged)
            else:
                tmp = merged + ".tmp"
                rc, out, err, _ = run(["verilator_coverage", "--write", tmp, merged, dat], 600)
                if rc == 0:
                    os.replace(tmp, merged)
                    os.unlink(dat)
                else:
                    self.cov_note = "verilator_coverage merge failed: " + (err or out).strip()[:200]
            self.cfg["cov_runs"] = self.cfg.get("cov_runs", 0) + 1

    def command(self, item, waves=None, cov=None):
        c = self.cfg
        cmd = [COSIM, item["prog"]] + item["opts"]
        if "--seed" in c["features"]:
            cmd += ["--seed", str(item["seed"])]
        if waves and "--waves" in c["features"]:
            cmd += ["--waves", waves]
        if cov and "--cov" in c["features"]:
            cmd += ["--cov", cov]
        if item.get("jitter") and "--imem-jitter" in c["features"]:
            cmd += ["--imem-jitter", str(item["seed"])]
        return cmd

    def env(self, item, line_cov=False):
        e = dict(os.environ)
        e.pop("WF_LINE_COV", None)
        if line_cov and self.cfg["cov"] and "WF_LINE_COV" in self.cfg["features"]:
            # Verilator line/toggle coverage: run.sh's --coverage build (own cache dir)
            e["WF_LINE_COV"] = os.path.join(item["dir"], "coverage.dat")
        e["WF_DEFINES"] = item["defines"]
        e["RTL_SMOKE_XSEED"] = str(item["seed"])  # the X/rand-reset seed where --seed is missing
        e["WF_AUTO_WAVES"] = "0"  # the runner re-runs failures with waves itself, serially
        e["WF_COSIM_WAVES_DIR"] = item["dir"]  # the report's reproduce line: waves next to the log
        return e

    def shell_line(self, item, cmd, line_cov=False):
        pre = "WF_DEFINES=%s " % shlex.quote(item["defines"])
        if line_cov and self.cfg["cov"] and "WF_LINE_COV" in self.cfg["features"]:
            pre += "WF_LINE_COV=%s " % shlex.quote(rel(os.path.join(item["dir"], "coverage.dat")))
        if "--seed" not in self.cfg["features"]:
            pre += "RTL_SMOKE_XSEED=%d " % item["seed"]
        return pre + qjoin([rel(c) if c.startswith(ROOT) else c for c in cmd])

    def prepare(self, seed):
        """Config + program for one seed; the item to run (or a generator-error result)."""
        c = self.cfg
        d = os.path.join(c["dir"], str(seed))
        os.makedirs(d, exist_ok=True)
        item = {"seed": seed, "dir": d, "prog": os.path.join(d, "prog.s"), "leg": "rtl",
                "id": "seed%d" % seed, "defines": c["defines"],
                "jitter": c["jitter"] > 0 and (seed - c["seed0"]) % c["jitter"] == c["jitter"] - 1}
        inj = c["inject"].get(seed)
        if inj is not None:
            item["defines"] = inj
        try:
            opts, sizes = draw(seed, c["sizes"])
        except RuntimeError as e:
            return item, {"status": "fail", "kind": "generator-error", "message": str(e)[:300]}
        # one Verilated build per size set and define set (the waves/coverage
        # variants follow WAVES/COV, the same for every run)
        item.update(opts=opts, sizes=sizes, key=(sizes, item["defines"]))
        gcmd = [WFGEN, "--seed", str(seed), "--random-knobs"] + opts + ["-o", item["prog"]]
        with open(os.path.join(d, "options.txt"), "w", encoding="utf-8") as f:
            f.write("%s\n# sizes %s\n# WF_DEFINES=%s%s\n" % (qjoin(opts), sizes, item["defines"],
                                                             "\n# --imem-jitter" if item["jitter"] else ""))
        rc, out, err, _ = run(gcmd, 60)
        with open(os.path.join(d, "gen.log"), "w", encoding="utf-8") as f:
            f.write("$ %s\n%s%s[exit %s]\n" % (qjoin(gcmd), out, err, rc))
        if rc != 0:
            return item, {"status": "fail", "kind": "generator-error",
                          "message": (err or out).strip()[:300]}
        return item, None

    def execute(self, item, timeout):
        c = self.cfg
        d = item["dir"]
        waves = os.path.join(d, "waves.fst") if c["waves"] else None
        cov = os.path.join(d, "run.cov.json") if c["cov"] else None
        cmd = self.command(item, waves=waves, cov=cov)
        with open(os.path.join(d, "cmd.txt"), "w", encoding="utf-8") as f:
            f.write(self.shell_line(item, cmd, line_cov=True) + "\n")
        rc, out, err, secs = run(cmd, timeout, env=self.env(item, line_cov=True))
        for name, text in (("stdout.txt", out), ("stderr.txt", err)):
            with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                f.write(text)
        kind, msg = classify(rc, out, err)
        self.merge_line_cov(item)
        res = {"status": "fail" if kind else "pass", "kind": kind, "message": msg, "time": secs,
               "rc": rc, "waves": waves if waves and os.path.exists(waves) else None,
               "reproduce": reproduce_line(out + err) or self.shell_line(
                   item, self.command(item, waves=rel(os.path.join(d, "waves.fst"))))}
        if not kind and cov and "--cov" not in c["features"]:
            # functional coverage on the C side: the cycle model is cycle-exact
            # with the RTL that just ran in lockstep with it
            crc, cout, cerr, _ = run([WFSIM, "--quiet", "--cov", cov] + item["opts"] + [item["prog"]],
                                     timeout)
            if crc != 0:
                res["note"] = "wfsim --cov failed: " + (cerr or cout).strip()[:200]
        with open(os.path.join(d, "result.txt"), "w", encoding="utf-8") as f:
            f.write("%s %s %s\nexit %s, %.2fs\nreproduce: %s\n"
                    % (res["status"].upper(), kind, msg, rc, secs, res["reproduce"]))
        return res

    def rerun_with_waves(self, item, res, timeout):
        """A failed seed again with --waves: its FST path, or why there is none."""
        if "--waves" not in self.cfg["features"]:
            return None, "the harness has no --waves option"
        if res.get("waves"):
            return res["waves"], None
        waves = os.path.join(item["dir"], "waves.fst")
        cmd = self.command(item, waves=waves)
        # a run the runner killed gets the same time again (its FST may be cut
        # short); others may need the waves build first
        limit = timeout if res.get("rc", 0) is None else max(timeout, self.cfg["build_timeout"])
        rc, out, err, _ = run(cmd, limit, env=self.env(item))
        with open(os.path.join(item["dir"], "waves-rerun.txt"), "w", encoding="utf-8") as f:
            f.write("$ %s\n%s%s[exit %s]\n" % (self.shell_line(item, cmd), out, err, rc))
        if os.path.exists(waves) and os.path.getsize(waves) > 0:
            return waves, None
        return None, "waves re-run left no FST (see waves-rerun.txt)"


# ---- the C leg ----------------------------------------------------------------------------

def example_options(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# wfsim-options:"):
                return shlex.split(line.split(":", 1)[1])
    return []


def random_c_config(seed):
    """Every parameter drawn (wf_random_config via wfgen), clamped so the
    example kernels fit (they index memory by tid: warps*lanes <= 256)."""
    rc, out, err, _ = run([WFGEN, "--config-only", "--seed", str(seed)], 60)
    if rc != 0:
        raise RuntimeError("wfgen --config-only --seed %d: %s" % (seed, err.strip()))
    o = shlex.split(out.splitlines()[0])
    warps = int(opt_value(o, "--warps", "8"))
    fix = {"--warps": str(min(warps, 16)), "--imem-words": "4096",
           "--mem-words": str(max(int(opt_value(o, "--mem-words", "1024")), 2048))}
    fix["--lanes"] = str(min(int(opt_value(o, "--lanes", "8")), 256 // int(fix["--warps"])))
    fix["--active-warps"] = str(min(int(opt_value(o, "--active-warps", "0")), int(fix["--warps"])))
    fix["--mem-line"] = opt_value(o, "--mem-line", "4")
    fix["--regs"] = str(max(int(opt_value(o, "--regs", "32")), 16))  # the examples use r0..r15
    for i in range(0, len(o) - 1, 2):
        if o[i] in fix:
            o[i + 1] = fix[o[i]]
    return {"name": "seed%d" % seed, "opts": o, "seed": seed}


def c_log(log, cmd, timeout):
    log.write("$ " + qjoin(cmd) + "\n")
    log.flush()
    rc, out, err, _ = run(cmd, timeout)
    if rc is None:
        log.write("TIMEOUT after %ds\n" % timeout)
        return None, out, err
    log.write(out + err + "[exit %d]\n" % rc)
    return rc, out, err


def c_run(job, timeout):
    kernel, src, cfg, checked, d = job["kernel"], job["src"], job["cfg"], job["checked"], job["dir"]
    os.makedirs(d, exist_ok=True)
    res = {"status": "pass", "kind": "", "message": "", "skipped": [], "time": 0.0}
    t0 = time.time()
    with open(os.path.join(d, "log.txt"), "w", encoding="utf-8") as log:
        if src is None:  # a generated program for this seed's configuration
            src = os.path.join(d, "prog.s")
            gcmd = [WFGEN, "--seed", str(cfg["seed"]), "--random-knobs", "-o", src] + cfg["opts"]
            rc, out, err = c_log(log, gcmd, timeout)
            if rc != 0:
                res.update(status="fail", kind="generator-error", message=(err or out).strip()[:300],
                           reproduce=qjoin(gcmd))
                return res
        # the example's own options (the seed examples need theirs) come first
        opts = example_options(src) + cfg["opts"]
        fstate, cstate = os.path.join(d, "functional.json"), os.path.join(d, "cycle.json")
        fcmd = [WFSIM, "--functional", "--quiet"] + opts + ["--dump-state", fstate, src]
        res["reproduce"] = qjoin(fcmd)
        rc, out, err = c_log(log, fcmd, timeout)
        if rc is None:
            res.update(status="fail", kind="timeout", message="functional run timed out")
        elif rc != 0:
            res.update(status="fail", kind="functional-error", message=(err or out).strip()[:300])
        elif kernel in checked:
            ccmd = [sys.executable, CHECKER, kernel, fstate,
                    "--warps", opt_value(opts, "--warps", "8"),
                    "--lanes", opt_value(opts, "--lanes", "8"),
                    "--regs", opt_value(opts, "--regs", "32"),
                    "--mem-words", opt_value(opts, "--mem-words", "1024"),
                    "--active-warps", opt_value(opts, "--active-warps", "0")]
            rc, out, err = c_log(log, ccmd, timeout)
            if rc != 0:
                res.update(status="fail", kind="wrong-result", message=(out + err).strip()[:300])
        elif kernel != "gen":
            res["skipped"].append("no independent checker for this kernel")
        if res["status"] == "pass":
            ccmd = [WFSIM, "--quiet"] + opts + ["--dump-state", cstate, src]
            rc, out, err = c_log(log, ccmd, timeout)
            if rc is None:
                res.update(status="fail", kind="timeout", message="cycle-model run timed out",
                           reproduce=qjoin(ccmd))
            elif rc != 0:
                res.update(status="fail", kind="cycle-error", message=(err or out).strip()[:300],
                           reproduce=qjoin(ccmd))
            else:
                with open(fstate) as a, open(cstate) as b:
                    if json.load(a) != json.load(b):
                        res.update(status="fail", kind="cycle-vs-functional", reproduce=qjoin(ccmd),
                                   message="cycle model final state differs from the interpreter")
        log.write("RESULT %s %s %s\n" % (res["status"], res["kind"], res["message"]))
    res["time"] = time.time() - t0
    return res


# ---- reports -------------------------------------------------------------------------------

def write_junit(results, path):
    legs = {}
    for r in results:
        legs.setdefault(r["leg"], []).append(r)
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n')
        for leg, rs in sorted(legs.items()):
            fails = sum(r["status"] == "fail" for r in rs)
            f.write('<testsuite name="warpfront-regress-%s" tests="%d" failures="%d">\n'
                    % (leg, len(rs), fails))
            for r in rs:
                f.write('  <testcase classname=%s name=%s time="%.3f">\n'
                        % (quoteattr(r["class"]), quoteattr(r["id"]), r.get("time", 0.0)))
                if r["status"] == "fail":
                    f.write('    <failure type=%s message=%s>%s</failure>\n'
                            % (quoteattr(r["kind"]), quoteattr(r["message"]),
                               escape("log: %s\nreproduce: %s" % (r["dir"], r.get("reproduce", "")))))
                if r.get("skipped"):
                    f.write("    <system-out>%s</system-out>\n" % escape("; ".join(r["skipped"])))
                f.write("  </testcase>\n")
            f.write("</testsuite>\n")
        f.write("</testsuites>\n")


def coverage_reports(cfg, rtl_results):
    """COV=1: merge the functional coverage JSON files and the Verilator line/
    toggle coverage of the run into OUT/RUN_ID/coverage/."""
    cdir = os.path.join(cfg["dir"], "coverage")
    os.makedirs(cdir, exist_ok=True)
    lines = []
    js = sorted(glob.glob(os.path.join(cfg["dir"], "*", "run.cov.json")))
    how = "harness --cov" if "--cov" in cfg["features"] else "C side: wfsim --cov on the same runs"
    if not js:
        lines.append("functional coverage: no run.cov.json files (%s produced none)" % how)
    elif not os.path.exists(COVREPORT):
        lines.append("functional coverage: %d run.cov.json files kept, %s missing" % (len(js), rel(COVREPORT)))
    else:
        rc, out, err, _ = run([sys.executable, COVREPORT] + js, 600)
        with open(os.path.join(cdir, "functional.txt"), "w", encoding="utf-8") as f:
            f.write(out + err)
        summary = [l for l in out.splitlines() if l.startswith("covreport:")]
        holes = out.split("never fired (holes):", 1)[1].split() if "never fired (holes):" in out else []
        lines.append("functional coverage (%s): %s; report %s"
                     % (how, summary[0][len("covreport:"):].strip() if summary else "%d files" % len(js),
                        rel(os.path.join(cdir, "functional.txt"))))
        if holes:
            lines.append("functional coverage: never fired: %s%s" % (" ".join(holes[:12]),
                                                                     " ..." if len(holes) > 12 else ""))
    merged = os.path.join(cdir, "merged.dat")
    if not os.path.exists(merged):
        lines.append("line/toggle coverage: not collected (run.sh --help lists no WF_LINE_COV)"
                     if "WF_LINE_COV" not in cfg["features"] else "line/toggle coverage: no coverage data")
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
                 % (cfg.get("cov_runs", 0), rel(merged), rel(info),
                    rel(os.path.join(cdir, "html", "index.html"))))
    return lines


# ---- main ----------------------------------------------------------------------------------

def main():
    seed = env_int("SEED", 1, lo=1)
    seeds = env_int("SEEDS", 1000)
    cseeds = env_int("CSEEDS", 8)
    jobs = env_int("JOBS", os.cpu_count() or 1, lo=1)
    timeout = env_int("TIMEOUT", 120, lo=1)
    build_timeout = env_int("BUILD_TIMEOUT", 1800, lo=1)
    shard_i, shard_n = parse_shard(os.environ.get("SHARD", ""))
    if seed + seeds - 1 > 2147483647:  # the harness's --seed range
        sys.exit("regress: SEED=%d SEEDS=%d: seeds must stay within 1..2147483647" % (seed, seeds))
    waves = os.environ.get("WAVES", "") not in ("", "0")
    cov = os.environ.get("COV", "") not in ("", "0")
    sizes = set(s for s in os.environ.get("SIZES", "").split(",") if s)
    inject = {}
    for part in os.environ.get("REGRESS_INJECT_DEFINES", "").split(","):
        if part:
            s, _, d = part.partition(":")
            inject[int(s)] = d.replace("+", " ")
    for tool in (WFSIM, WFGEN):
        if not os.access(tool, os.X_OK):
            print("regress: %s is not built (run make)" % tool, file=sys.stderr)
            return 2
    known = [l.split()[0] for l in subprocess.run([WFGEN, "--list-sizes"], capture_output=True,
                                                  text=True, check=True).stdout.splitlines()]
    if sizes - set(known):
        print("regress: SIZES=%s: allowed a comma list of %s" % (",".join(sorted(sizes)), ",".join(known)),
              file=sys.stderr)
        return 2
    out_root = os.path.abspath(os.environ.get("OUT", os.path.join(ROOT, "out", "regress")))
    run_id = os.environ.get("RUN_ID") or "%s-s%d-n%d%s" % (
        time.strftime("%Y%m%d-%H%M%S", time.gmtime()), seed, seeds,
        "-shard%dof%d" % (shard_i + 1, shard_n) if shard_n > 1 else "")
    rdir = os.path.join(out_root, run_id)
    try:
        if os.path.isdir(rdir):
            shutil.rmtree(rdir)
        os.makedirs(rdir)
    except OSError as e:
        print("regress: cannot create the result directory %s (OUT, RUN_ID): %s" % (rdir, e),
              file=sys.stderr)
        return 2
    latest = os.path.join(out_root, "latest")
    try:
        if os.path.islink(latest):
            os.unlink(latest)
        os.symlink(run_id, latest)
    except OSError:
        pass
    src_time = newest_source()
    features = harness_features() if seeds else set()
    cfg = {"dir": rdir, "features": features, "waves": waves, "cov": cov, "sizes": sizes,
           "defines": os.environ.get("WF_DEFINES", "WF_ASSERT"), "inject": inject,
           "build_timeout": build_timeout, "seed0": seed, "jitter": env_int("IMEM_JITTER", 8)}
    mine = lambda k: k % shard_n == shard_i
    rtl_seeds = [s for k, s in enumerate(range(seed, seed + seeds)) if mine(k)]
    print("regress: results in %s" % rdir)
    print("regress: RTL leg: %d of %d seeds (%d..%d%s), harness %s (options: %s); C leg: %d random "
          "configurations; %d jobs" % (len(rtl_seeds), seeds, seed, seed + seeds - 1,
                                       ", shard %d/%d" % (shard_i + 1, shard_n) if shard_n > 1 else "",
                                       rel(COSIM), " ".join(sorted(features)) or "none", cseeds, jobs))
    sys.stdout.flush()
    results = []

    def record(item, res, leg, klass):
        res.update(leg=leg, id=item["id"], dir=item["dir"], seed=item.get("seed"), **{"class": klass})
        results.append(res)
        return res

    # ---- RTL leg: draw + generate (parallel), first run per build (serial), rest (parallel)
    rtl = Rtl(cfg)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        prepared = list(pool.map(rtl.prepare, rtl_seeds))
    runnable, firsts, seen = [], [], set()
    for item, bad in prepared:
        if bad:
            record(item, bad, "rtl", "rtl.%s" % item.get("sizes", "?"))
            continue
        (runnable if item["key"] in seen else firsts).append(item)
        seen.add(item["key"])
    if firsts:
        print("regress: %d Verilated builds (cached under build/rtl/): %s"
              % (len(firsts), ", ".join(sorted(set("%s%s" % (i["sizes"], "" if i["defines"] == cfg["defines"]
                                                             else " [%s]" % i["defines"]) for i in firsts)))))
        sys.stdout.flush()
    by_item = {}
    for item in firsts:
        t0 = time.time()
        res = rtl.execute(item, build_timeout)
        by_item[item["seed"]] = item
        record(item, res, "rtl", "rtl.%s" % item["sizes"])
        print("regress:   %-9s seed %-6d %s (%.0fs incl. build)" % (item["sizes"], item["seed"],
                                                                   res["kind"] or "pass", time.time() - t0))
        sys.stdout.flush()

    def rtl_one(item):
        return item, rtl.execute(item, timeout)

    step, done, nfail, t0 = max(len(runnable) // 10, 1), 0, 0, time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for item, res in pool.map(rtl_one, runnable):
            by_item[item["seed"]] = item
            record(item, res, "rtl", "rtl.%s" % item["sizes"])
            done += 1
            nfail += res["status"] == "fail"
            if done % step == 0 or done == len(runnable):
                print("regress:   %d/%d seeds run, %d failed (%.0fs)" % (done, len(runnable), nfail,
                                                                    time.time() - t0))
                sys.stdout.flush()

    # ---- C leg
    if cseeds:
        checked = set(subprocess.run([sys.executable, CHECKER, "--list"], capture_output=True,
                                     text=True, check=True).stdout.split())
        configs = FIXED + [random_c_config(s) for s in range(seed, seed + cseeds)]
        kernels = sorted(f[:-2] for f in os.listdir(EXAMPLES) if f.endswith(".s"))
        cjobs = [{"kernel": k, "src": os.path.join(EXAMPLES, k + ".s"), "cfg": c} for k in kernels
                 for c in configs]
        cjobs += [{"kernel": "gen", "src": None, "cfg": c} for c in configs if "seed" in c]
        cjobs = [j for k, j in enumerate(cjobs) if mine(k)]
        for j in cjobs:
            j.update(checked=checked, id="%s.%s" % (j["kernel"], j["cfg"]["name"]))
            j["dir"] = os.path.join(rdir, "c", j["id"])
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            for j, res in zip(cjobs, pool.map(lambda j: c_run(j, timeout), cjobs)):
                record(j, res, "c", "c.%s" % j["kernel"])

    # ---- failures: waves re-run (serial: a waves build is made once), reports
    failed = [r for r in results if r["status"] == "fail"]
    for r in failed:
        if r["leg"] == "rtl" and r["seed"] in by_item and r["kind"] not in NO_WAVES:
            fst, why = rtl.rerun_with_waves(by_item[r["seed"]], r, timeout)
            r["waves"], r["waves_note"] = fst, why
    results.sort(key=lambda r: (r["leg"] != "rtl", r.get("seed") or 0, r["id"]))
    write_junit(results, os.path.join(rdir, "junit.xml"))
    with open(os.path.join(rdir, "rerun.txt"), "w", encoding="utf-8") as f:
        for r in failed:
            f.write(r.get("reproduce", "") + "\n")
    with open(os.path.join(rdir, "summary.json"), "w", encoding="utf-8") as f:
        json.dump({"seed": seed, "seeds": seeds, "cseeds": cseeds, "shard": [shard_i + 1, shard_n],
                   "rtl_seeds": rtl_seeds, "results": results}, f, indent=1, default=str)
    for r in failed:
        print("FAIL %-4s %-22s %-15s %s" % (r["leg"], r["id"] + ("" if r["leg"] == "c" else
                                                                   " [%s]" % r["class"][4:]),
                                            r["kind"], r["message"]))
        print("     log: %s" % rel(r["dir"]))
        print("     reproduce: %s" % r.get("reproduce", ""))
        if r.get("waves"):
            print("     waves: %s" % rel(r["waves"]))
        elif r.get("waves_note"):
            print("     waves: none (%s)" % r["waves_note"])
    skipped, kinds, by_size = {}, {}, {}
    for r in results:
        for s in r.get("skipped", []):
            skipped[s] = skipped.get(s, 0) + 1
        if r["status"] == "fail":
            kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
        if r["leg"] == "rtl":
            n = by_size.setdefault(r["class"][4:], [0, 0])
            n[r["status"] == "fail"] += 1
        if r.get("note"):
            skipped[r["note"]] = skipped.get(r["note"], 0) + 1
    for s, n in sorted(skipped.items()):
        print("note: %d runs: %s" % (n, s))
    if by_size:
        print("regress: RTL by size set: " + ", ".join("%s %d/%d" % (k, v[0], v[0] + v[1])
                                                     for k, v in sorted(by_size.items())))
    if cov:
        if rtl.cov_note:
            print("regress: " + rtl.cov_note)
        for l in coverage_reports(cfg, [r for r in results if r["leg"] == "rtl"]):
            print("regress: " + l)
    if rtl_seeds and newest_source() != src_time:
        print("regress: WARNING: rtl/ or verif/cosim/ changed during this regression: runs after "
              "the change were rebuilt by run.sh and ran on the new sources")
    if kinds:
        print("regress: failures by kind: " + ", ".join("%s %d" % kv for kv in sorted(kinds.items())))
    print("%d passed, %d failed" % (len(results) - len(failed), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
