#!/usr/bin/env python3
"""warpfront regression runner (`make regress`); docs/verification.md.

Two legs, both seeded and reproducible:

RTL leg (the main job): for each seed, a size set (one Verilated build of
  wf_core; `build/wfgen --list-sizes`) and the run-time knobs are drawn by
  `build/wfgen --config-only --sizes any --war-none --seed N`
  (verif/randcfg.c; Python holds no parameter table), a program by `build/wfgen --seed N
  --random-knobs <options>`, and the Verilated RTL runs it in lockstep with
  the C model: `verif/cosim/run.sh PROG <options> --seed N`. Every build the
  seeds need is made (or its cache under build/rtl/ verified) first, as its
  own step (`run.sh --build-only`, BUILD_TIMEOUT), then the seeds run in parallel.
C leg (kept from before co-simulation): every sim/examples program over fixed
  and CSEEDS random configurations (wf_random_config, `wfgen --config-only
  --seed N`) plus one generated program per configuration, on the functional
  interpreter (checked against verif/check_examples.py) and on the cycle
  model, whose final state must equal the interpreter's.

Knobs (environment; every one is checked before anything is written):
  SEED      first seed (default 1)
  SEEDS     RTL seeds: SEED .. SEED+SEEDS-1 (default 1000; 0 = no RTL leg)
  CSEEDS    random configurations of the C leg (default 8; 0 = no C leg)
  JOBS      parallel runs (default: the CPUs this process may use)
  SHARD     i/N: run only the work items whose index k (0-based: RTL seed
            SEED+k; C-leg job k) has k % N == i-1, so N shards together run
            every item exactly once. With RESUME: slice i of that run's items
            still without a result, and no report (a Slurm array task)
  WAVES=1   every RTL run with --waves (FST next to its log)
  COV=1     functional coverage per run (harness --cov, merged by
            scripts/covreport.py --plan into coverage/functional.txt and the
            report coverage/coverage.json) and Verilator line/toggle coverage (lcov HTML)
  CDG=FILE  coverage-directed: every seed drawn under a bias toward the holes
            and weakly hit bins and plan cells of a coverage report FILE (a
            previous run's coverage/coverage.json, or make coverage-report's
            out/coverage/coverage.json), or under a bias file as it is
            (scripts/wf/cdg.py; wfgen --cdg). The bias is copied to
            cdg-bias.txt in the run (run.json names it with its sha256); a
            seed's stimulus is a function of (seed, that file), and a failing
            seed's report line says how to re-draw it (CDG=<run>/cdg-bias.txt)
  TIMEOUT   seconds per run (default 120)
  BUILD_TIMEOUT  seconds per Verilated build (default 1800)
  IMEM_JITTER=K  every K-th RTL seed (index k % K == K-1) also runs with the
            harness's --imem-jitter SEED (instruction-memory backpressure,
            random latency; final state only); default 8, 0 = never
  SIZES     comma list of size sets the seeds pick from (default: all;
            `build/wfgen --list-sizes`)
  OUT       result root (default out/regress); RUN_ID the run's directory
            name under it (default: UTC time + seed range + shard); an
            existing RUN_ID is refused unless RESUME names it
  RESUME    latest or a run id: run only the items of that run without a
            result (its knobs are the run's), then write one report over all
  SLURM=1   submit to Slurm instead: SHARDS=N array tasks (each a SHARD=i/N
            slice of the run on the shared OUT tree) and one merge job
            (afterany) that writes the report; SLURM_ARGS (shell words) go
            to both sbatch calls. The builds are made before submitting.
  RTL_FORMS  comma list of the RTL forms the seeds draw from, one per seed
            by a hash of the seed (the same in every shard and on RESUME):
            auto (wf_core as delivered), distributed (the banks'
            BANK_RAM_STYLE="distributed"), fpga (the fastest ECP5 build's
            pins, latency maxima and banks; the seed's pinned options are set
            to the pins); scripts/wf/forms.py. Default auto,distributed,fpga
            (auto alone for WF_TOP's own design). Each form is its own build
            (run.sh's WF_RTL_PARAMS) and must behave exactly as the model
  WF_DEFINES  Verilog defines of the RTL builds (run.sh; default WF_ASSERT)
  WF_RTL_FILES, WF_TOP  the design under test (run.sh; default rtl/*.v,
            wf_core; docs/verification.md "Verifying your own front end"):
            checked (a missing file, a top no file declares: exit 2), made
            absolute, kept in run.json and named in every reproduce line
  CMP       compare level of the RTL runs: full (default: every trace field
            every cycle), events, window or arch (the harness's --cmp,
            docs/verification.md "Compare levels"); the --imem-jitter runs
            compare no trace at any level. Recorded in run.json and the report
  COSIM     the co-simulation driver (default verif/cosim/run.sh)
  BATCH     1 (default): the seeds of a build run in batch workers, one
            harness process per build and worker (scripts/wf/batch.py; a
            seed it cannot finish runs alone); 0: one run.sh per seed (also
            with WAVES=1, COV=1 or another COSIM). The same files either way
  REGRESS_MIN_FREE_MB  free space OUT must have at the start (default 64)
  REGRESS_PROGRESS  seconds between progress lines of a build (default 15)
Test-only: REGRESS_INJECT_DEFINES="SEED:DEF1+DEF2" runs that one seed with
  WF_DEFINES="DEF1 DEF2" (a mutant), to prove failures are reported;
  REGRESS_INJECT_BATCH="SEED:segv|stop,..." signals the batch worker running
  that seed (a crash or a hang in flight; scripts/wf/batch.py).
`regress.py --report RUN` (make regress-report RUN=...) rewrites a run's
  report from its per-item results (after a kill, or the Slurm merge).

Results in OUT/RUN_ID/ (also OUT/latest): run.json (the run's knobs and
items), STATUS (running / complete / interrupted / build error / incomplete),
<seed>/ per RTL seed (prog.s, options.txt, cmd.txt, stdout.txt, stderr.txt,
verdict.json (the harness's result record, --result), result.txt,
result.json written atomically when the seed ends (kind, message, and the
record's cycle, field path, expected, actual and cycle counts), waves on
failure), c/<kernel>.<config>/ per C run (log.txt, result.json), builds/
(build logs), junit.xml, rerun.txt (one reproduce command per failing run),
summary.json, coverage/ (COV=1). Failure kinds (RTL): the record's (mismatch,
final-state, assertion, protocol, watchdog, timeout, version, error,
launch), or without a record build-error, usage-error, crash, timeout,
no-record; generator-error, not-reproduced; (C) functional-error,
wrong-result, cycle-error, cycle-vs-functional, timeout. Closing line: "N
passed, M failed".
Exit status: 0 all passed; 1 a run failed (or items are missing from a
report); 2 bad usage or environment (a knob, the output directory, a
missing tool, a build error); 130/143 stopped by SIGINT/SIGTERM (the report
covers what finished).
"""
import concurrent.futures
import glob
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import zlib
from xml.sax.saxutils import escape, quoteattr

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wf import batch  # noqa: E402  the batch workers (BATCH)
from wf import cdg  # noqa: E402  coverage-directed generation
from wf import forms  # noqa: E402  the RTL forms (RTL_FORMS)
from wf import layout  # noqa: E402  the field table: the compare levels
from wf import result  # noqa: E402  the harness's result record
from wf.paths import ROOT, WFSIM, WFGEN, qjoin, rel, kernel_options as example_options  # noqa: E402,F401

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
NO_WAVES = ("generator-error", "build-error", "usage-error", "not-reproduced", "error", "version", "no-record")
# the knobs that define a run's items (kept in run.json; RESUME takes them from there)
RUN_KNOBS = ("SEED", "SEEDS", "CSEEDS", "SIZES", "IMEM_JITTER", "WAVES", "COV", "WF_DEFINES",
             "REGRESS_INJECT_DEFINES", "WF_RTL_FILES", "WF_TOP", "CMP", "CDG", "RTL_FORMS")
PARAMS_SH = os.path.join(ROOT, "verif", "cosim", "params.sh")
# the harness's compare levels, from the field table (verif/include/wf_layout.h's source)
CMP_LEVELS = [lv for lv, _groups, _meaning in layout.LEVELS]


class Usage(Exception):
    """Bad usage or environment: one line, exit 2."""


# ---- process control: every child in its own process group, killed on a stop ------------

STOP = threading.Event()
STOP_SIG = []
CHILDREN = {}
CH_LOCK = threading.Lock()
SAY_LOCK = threading.Lock()


def say(line):
    with SAY_LOCK:
        print(line)
        sys.stdout.flush()


def kill_children():
    with CH_LOCK:
        procs = list(CHILDREN.values())
    for p in procs:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def on_signal(signum, frame):
    if not STOP.is_set():
        STOP_SIG.append(signum)
        STOP.set()
        os.write(2, ("\nregress: %s: no new runs; killing the running ones, then the report\n"
                     % signal.Signals(signum).name).encode())
    kill_children()


def quiet_thread():
    """Worker threads leave SIGINT/SIGTERM to the main thread."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})


def run(cmd, timeout, env=None, cwd=ROOT, log=None):
    """(returncode or None on timeout, stdout, stderr, seconds). log=PATH sends
    both streams to that file instead. The process group is killed on timeout
    and on a stop, so nothing is left behind."""
    t0 = time.time()
    if STOP.is_set():
        return -signal.SIGKILL, "", "", 0.0
    logf = open(log, "a", encoding="utf-8") if log else None
    try:
        p = subprocess.Popen(cmd, stdout=logf or subprocess.PIPE,
                             stderr=subprocess.STDOUT if logf else subprocess.PIPE, text=True,
                             errors="replace", env=env, cwd=cwd, start_new_session=True)
    except BaseException:
        if logf:
            logf.close()
        raise
    with CH_LOCK:
        CHILDREN[p.pid] = p
    if STOP.is_set():
        kill_children()
    try:
        out, err = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        rc = None
    finally:
        with CH_LOCK:
            CHILDREN.pop(p.pid, None)
        if logf:
            logf.close()
    return rc, out or "", err or "", time.time() - t0


def pool_run(fn, items, jobs, on_result):
    """fn over items on `jobs` threads; on_result(item, result) in this thread
    as each ends. Waits in short steps so that a signal is handled at once;
    after a stop, nothing new starts (fn returns None for those)."""
    if not items:
        return
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs, initializer=quiet_thread)
    try:
        futs = {pool.submit(lambda i: None if STOP.is_set() else fn(i), i): k for k, i in enumerate(items)}
        pending = set(futs)
        while pending:
            done, pending = concurrent.futures.wait(pending, timeout=0.5,
                                                    return_when=concurrent.futures.FIRST_COMPLETED)
            for f in sorted(done, key=lambda f: futs[f]):
                on_result(items[futs[f]], f.result())
    except BaseException:
        # an error (a full disk) stops everything as a signal would
        STOP.set()
        kill_children()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# ---- files --------------------------------------------------------------------------------

def write_atomic(path, text):
    """Whole or absent, never cut: a temporary file, fsync, rename."""
    tmp = "%s.tmp%d.%d" % (path, os.getpid(), threading.get_ident())
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_json(path, obj):
    write_atomic(path, json.dumps(obj, indent=1, sort_keys=True, default=str) + "\n")


def read_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


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


def size_sets():
    """{name: its wfgen options} (`wfgen --list-sizes`)."""
    rc, out, err, _ = run([WFGEN, "--list-sizes"], 60)
    if rc != 0:
        raise Usage("%s --list-sizes failed: %s" % (rel(WFGEN), (err or out).strip()[:200]))
    sets = {}
    for line in out.splitlines():
        if line.strip():
            name, _, rest = line.partition(" ")
            sets[name] = shlex.split(rest.split("#", 1)[0])
    return sets


# ---- the RTL leg ------------------------------------------------------------------------

def draw(seed, sizes_allowed, bias=None):
    """The seed's configuration from wfgen: (options list, size-set name); under
    the bias file `bias` (CDG) when given."""
    # --war-none: war=none too (lockstep and the cycle model's final state
    # still hold; the interpreter check is skipped, docs/microarch.md §8.1)
    cmd = [WFGEN, "--config-only", "--sizes", ",".join(sorted(sizes_allowed)) or "any",
           "--war-none", "--seed", str(seed)] + (["--cdg", bias] if bias else [])
    rc, out, err, _ = run(cmd, 60)
    if rc != 0:
        raise RuntimeError("%s: %s" % (qjoin(cmd), (err or out).strip()))
    lines = out.splitlines()
    name = lines[1].split()[-1] if len(lines) > 1 and lines[1].startswith("# sizes") else "?"
    return shlex.split(lines[0]), name


def rtl_form(seed, names):
    """The seed's RTL form: one of names by a hash of the seed (the same in
    every shard and on RESUME; independent of IMEM_JITTER's k % K)."""
    return names[zlib.crc32(b"form%d" % seed) % len(names)]


def build_label(key, defines):
    """A build's name in the output: size set, +form, [defines] when not the run's."""
    sizes, defs, form = key
    return "%s%s%s" % (sizes, "" if form == "auto" else "+" + form, "" if defs == defines else " [%s]" % defs)


def gen_command(seed, opts, prog, bias=None):
    """The wfgen command of a seed's program (its options from draw)."""
    return [WFGEN, "--seed", str(seed), "--random-knobs"] + opts + ["-o", prog] + (
        ["--cdg", bias] if bias else [])


def redraw_line(man, seed):
    """The command that draws and runs one seed of a CDG run again, or None."""
    if not man.get("cdg"):
        return None
    return "make regress SEED=%d SEEDS=1 CSEEDS=0%s CDG=%s" % (
        seed, " SIZES=%s" % ",".join(man["sizes"]) if man["sizes"] else "", rel(man["cdg"]["bias"]))


def signalled(rc):
    return rc is not None and (rc < 0 or rc >= 128)


class Rtl:
    no_waves = NO_WAVES

    def __init__(self, cfg):
        self.cfg = cfg
        self.cov_lock = threading.Lock()
        self.cov_note = None
        self.builds = {}  # build key -> {"ok", "secs", "log", "how"}

    def merge_line_cov(self, item):
        """Folds a run's Verilator coverage data into this process's part file
        coverage/part-<host>-<pid>.dat as soon as the run ends (a run's file is
        megabytes; hundreds are not kept). The report merges the parts (one per
        process: shards of one run write side by side)."""
        dat = os.path.join(item["dir"], "coverage.dat")
        if not os.path.exists(dat):
            return False
        cdir = os.path.join(self.cfg["dir"], "coverage")
        part = os.path.join(cdir, "part-%s-%d.dat" % (socket.gethostname(), os.getpid()))
        with self.cov_lock:
            os.makedirs(cdir, exist_ok=True)
            if not os.path.exists(part):
                os.replace(dat, part)
                return True
            tmp = part + ".tmp"
            rc, out, err, _ = run(["verilator_coverage", "--write", tmp, part, dat], 600)
            if rc == 0:
                os.replace(tmp, part)
                os.unlink(dat)
                return True
            self.cov_note = "verilator_coverage merge failed: " + (err or out).strip()[:200]
            return False

    def command(self, item, waves=None, cov=None):
        cmd = [COSIM, item["prog"]] + item["opts"] + ["--seed", str(item["seed"])]
        if waves:
            cmd += ["--waves", waves]
        if cov:
            cmd += ["--cov", cov]
        if item.get("jitter"):
            cmd += ["--imem-jitter", str(item["seed"])]
        elif self.cfg.get("cmp", "full") != "full":
            cmd += ["--cmp", self.cfg["cmp"]]
        return cmd

    def env(self, item, line_cov=False):
        e = dict(os.environ)
        e.pop("WF_LINE_COV", None)
        e.pop("WF_CMP", None)  # the level is the run's CMP knob (command's --cmp)
        if line_cov and self.cfg["cov"]:
            # Verilator line/toggle coverage: run.sh's --coverage build (own cache dir)
            e["WF_LINE_COV"] = os.path.join(item["dir"], "coverage.dat")
        e["WF_DEFINES"] = item["defines"]
        e["WF_RTL_PARAMS"] = forms.env_value(item["form"])
        e.pop("WF_RTL_FILES", None)  # the run's design (run.json), not this process's
        e.pop("WF_TOP", None)
        e.pop("WF_RTL_OVERRIDE", None)  # (applied: the run's file list has it)
        e.update(self.design())
        e["WF_AUTO_WAVES"] = "0"  # the runner re-runs failures with waves itself
        e["WF_COSIM_WAVES_DIR"] = item["dir"]  # the report's reproduce line: waves next to the log
        return e

    def design(self):
        """[(WF_RTL_FILES, ...), (WF_TOP, ...)] of the run's own design; [] for the default."""
        c = self.cfg
        return [("WF_RTL_FILES", c["rtl_files"]), ("WF_TOP", c["rtl_top"])] if c["rtl_top"] else []

    def shell_line(self, item, cmd, line_cov=False):
        pre = "WF_DEFINES=%s " % shlex.quote(item["defines"])
        params = forms.env_value(item["form"])
        pre += "WF_RTL_PARAMS=%s " % shlex.quote(params) if params else ""
        pre += "".join("%s=%s " % (name, shlex.quote(v)) for name, v in self.design())
        if line_cov and self.cfg["cov"]:
            pre += "WF_LINE_COV=%s " % shlex.quote(rel(os.path.join(item["dir"], "coverage.dat")))
        return pre + qjoin([rel(c) if c.startswith(ROOT) else c for c in cmd])

    def prepare(self, seed):
        """Config + program for one seed; the item to run (or a generator-error result)."""
        c = self.cfg
        d = os.path.join(c["dir"], str(seed))
        os.makedirs(d, exist_ok=True)
        item = {"seed": seed, "dir": d, "prog": os.path.join(d, "prog.s"), "leg": "rtl",
                "id": "seed%d" % seed, "defines": c["defines"], "form": rtl_form(seed, c["rtl_forms"]),
                "jitter": c["jitter"] > 0 and (seed - c["seed0"]) % c["jitter"] == c["jitter"] - 1}
        if c["cdg"]:
            item["redraw"] = redraw_line(c["man"], seed)
        inj = c["inject"].get(seed)
        if inj is not None:
            item["defines"] = inj
        try:
            opts, sizes = draw(seed, c["sizes"], c["cdg"])
        except RuntimeError as e:
            return item, {"status": "fail", "kind": "generator-error", "message": str(e)[:300]}
        # one Verilated build per size set, define set and RTL form (the
        # waves/coverage variants follow WAVES/COV, the same for every run)
        # the form's pins fix their options (the program is generated for them)
        opts = forms.pin_options(opts, forms.form(item["form"])[1])
        item.update(opts=opts, sizes=sizes, key=(sizes, item["defines"], item["form"]))
        item["gen"] = gen_command(seed, opts, item["prog"], c["cdg"])
        with open(os.path.join(d, "options.txt"), "w", encoding="utf-8") as f:
            f.write("%s\n# sizes %s\n# WF_DEFINES=%s\n# RTL form %s: WF_RTL_PARAMS=%s%s%s\n" % (
                qjoin(opts), sizes, item["defines"], item["form"], forms.env_value(item["form"]),
                "\n# --imem-jitter" if item["jitter"] else "",
                "\n# cdg %s" % rel(c["cdg"]) if c["cdg"] else ""))
        if c.get("batch"):
            return item, None  # the batch harness generates it (scripts/wf/batch.py)
        return item, self.generate(item)

    def generate(self, item):
        """The seed's program by wfgen (prog.s, gen.log): None, or its generator-error result."""
        rc, out, err, _ = run(item["gen"], 60)
        with open(os.path.join(item["dir"], "gen.log"), "w", encoding="utf-8") as f:
            f.write("%s\n%s%s[exit %s]\n" % (self.gen_header(item), out, err, rc))
        if rc != 0:
            return {"status": "fail", "kind": "generator-error", "message": (err or out).strip()[:300]}
        return None

    def gen_header(self, item):
        return "$ %s" % qjoin(item["gen"])

    def build(self, item, opts=None, fresh=False):
        """The build step of an item's build (run.sh --build-only: made, or its
        cache verified by key and checksum) within BUILD_TIMEOUT, logged under
        builds/. Once per build and process unless fresh. {"ok", "secs", "log", "how"}."""
        c = self.cfg
        key = item["key"]
        if key in self.builds and not fresh:
            return self.builds[key]
        name = "%s__%s%s" % (key[0], re.sub(r"[^A-Za-z0-9_.+-]", "+", key[1]) or "none",
                             "" if key[2] == "auto" else "__form-" + key[2])
        bdir = os.path.join(c["dir"], "builds")
        os.makedirs(bdir, exist_ok=True)
        log = os.path.join(bdir, name + ".log")
        cmd = [COSIM, "--build-only"] + (item["opts"] if opts is None else opts) + (
            ["--waves"] if c["waves"] else [])
        with open(log, "a", encoding="utf-8") as f:
            f.write("$ %s%s\n" % ("WF_LINE_COV=... " if c["cov"] else "", self.shell_line(item, cmd)))
        label = build_label(key, c["defines"])
        done, t0 = threading.Event(), time.time()

        def tick():
            quiet_thread()
            while not done.wait(c["progress"]):
                say("regress:   building %s ... %.0fs (log %s)" % (label, time.time() - t0, rel(log)))
        th = threading.Thread(target=tick, daemon=True)
        th.start()
        try:
            rc, _, _, secs = run(cmd, c["build_timeout"], env=self.env(item, line_cov=True), log=log)
        finally:
            done.set()
        with open(log, encoding="utf-8", errors="replace") as f:
            text = f.read()
        how = "rebuilt" if re.search(r"^run\.sh: built ", text.split("$ ")[-1], re.M) else "cached"
        why = re.findall(r"^run\.sh: building \S+ \((.*)\)$", text.split("$ ")[-1], re.M)
        b = {"ok": rc == 0, "secs": secs, "log": log, "label": label, "rc": rc,
             "how": ("built (%s)" % why[-1]) if why else how}
        if rc is None:
            b["message"] = "no build within BUILD_TIMEOUT=%ds (killed)" % c["build_timeout"]
        elif rc != 0:
            tail = [l for l in text.splitlines() if l.strip()][-1:] or ["(no output)"]
            b["message"] = "exit %s: %s" % (rc, tail[0][:200])
        self.builds[key] = b
        return b

    def execute(self, item, timeout, tag=""):
        """One run; its logs as stdout<tag>.txt, stderr<tag>.txt."""
        c = self.cfg
        d = item["dir"]
        waves = os.path.join(d, "waves.fst") if c["waves"] else None
        cov = os.path.join(d, "run.cov.json") if c["cov"] else None
        cmd = self.command(item, waves=waves, cov=cov)
        verdict = os.path.join(d, "verdict%s.json" % tag)  # the harness's result record
        cmd += ["--result", verdict]
        self.write_cmd(item, cmd)
        if os.path.exists(verdict):
            os.unlink(verdict)
        rc, out, err, secs = run(cmd, timeout, env=self.env(item, line_cov=True))
        for name, text in (("stdout%s.txt" % tag, out), ("stderr%s.txt" % tag, err)):
            with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                f.write(text)
        return self.conclude(item, rc, out, err, secs, verdict, waves)

    def write_cmd(self, item, cmd):
        write_atomic(os.path.join(item["dir"], "cmd.txt"), self.shell_line(item, cmd, line_cov=True) + "\n")

    def conclude(self, item, rc, out, err, secs, verdict, waves=None):
        """A finished run's result from its exit status, output and record (verdict)."""
        d = item["dir"]
        rec = result.read(verdict)
        kind, msg = result.classify(rc, rec, out + err)
        res = {"status": "fail" if kind else "pass", "kind": kind, "message": msg, "time": secs,
               "rc": rc, "waves": waves if waves and os.path.exists(waves) else None,
               "reproduce": (rec or {}).get("reproduce") or self.shell_line(
                   item, self.command(item, waves=rel(os.path.join(d, "waves.fst"))))}
        for key in ("cycle", "field", "expected", "actual", "cycles"):  # the record's data, as it is
            if rec is not None and key in rec:
                res[key] = rec[key]
        if self.merge_line_cov(item):
            res["line_cov"] = True
        return res

    def seed(self, item):
        """One seed from its first run to its result.json (None if stopped):
        a crash is re-run once on a freshly verified build, a failure once
        more with waves; what does not reproduce is reported so."""
        c = self.cfg
        res = self.execute(item, c["timeout"])
        if STOP.is_set():
            return None
        if res["kind"] == "crash" and signalled(res["rc"]):
            b = self.build(item, fresh=True)
            if STOP.is_set():
                return None
            if not b["ok"]:
                res["note"] = "a crash, and the build step after it failed: %s" % b.get("message")
            else:
                again = self.execute(item, c["timeout"], tag="-rerun")
                if STOP.is_set():
                    return None
                first = "%s (%s)" % (res["kind"], res["message"])
                if again["status"] == "pass":
                    res = dict(again, status="fail", kind="not-reproduced",
                               message=("first run: %s; the re-run on a verified build (%s) passed"
                                        % (first, b["how"]))[:400])
                else:
                    again["note"] = "crashed again on a verified build (%s); logs stdout-rerun.txt" % b["how"]
                    res = again
        if res["status"] == "fail" and res["kind"] not in NO_WAVES:
            self.rerun_with_waves(item, res)
            if STOP.is_set():
                return None
        return res

    def rerun_with_waves(self, item, res):
        """A failed seed again with --waves: its FST path (or why there is
        none) and whether the failure reproduced (same exit status)."""
        c = self.cfg
        if res.get("waves"):
            return
        waves = os.path.join(item["dir"], "waves.fst")
        cmd = self.command(item, waves=waves)
        # a run the runner killed gets the same time again (its FST may be cut
        # short); others may need the waves build first
        limit = c["timeout"] if res.get("rc", 0) is None else max(c["timeout"], c["build_timeout"])
        verdict = os.path.join(item["dir"], "verdict-waves.json")
        if os.path.exists(verdict):
            os.unlink(verdict)
        rc, out, err, _ = run(cmd + ["--result", verdict], limit, env=self.env(item))
        if STOP.is_set():
            return
        with open(os.path.join(item["dir"], "waves-rerun.txt"), "w", encoding="utf-8") as f:
            f.write("$ %s\n%s%s[exit %s]\n" % (self.shell_line(item, cmd), out, err, rc))
        kind = result.classify(rc, result.read(verdict), out + err)[0]
        if rc != res.get("rc") or kind != res["kind"]:
            res["reproduced"] = False
            res["reproduce_note"] = ("not reproduced: the waves re-run gave %s (exit %s), the first run "
                                     "exit %s (see waves-rerun.txt)" % (kind or "pass", rc, res.get("rc")))
        if os.path.exists(waves) and os.path.getsize(waves) > 0:
            res["waves"] = waves
        else:
            res["waves_note"] = "waves re-run left no FST (see waves-rerun.txt)"

# ---- the C leg ----------------------------------------------------------------------------

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




def c_jobs(man, checked):
    """The C leg's jobs of a run, in their fixed order (SHARD indexes them)."""
    configs = FIXED + [random_c_config(s) for s in range(man["seed"], man["seed"] + man["cseeds"])]
    kernels = sorted(f[:-2] for f in os.listdir(EXAMPLES) if f.endswith(".s"))
    jobs = [{"kernel": k, "src": os.path.join(EXAMPLES, k + ".s"), "cfg": c} for k in kernels for c in configs]
    jobs += [{"kernel": "gen", "src": None, "cfg": c} for c in configs if "seed" in c]
    for j in jobs:
        j.update(checked=checked, id="%s.%s" % (j["kernel"], j["cfg"]["name"]), leg="c",
                 **{"class": "c.%s" % j["kernel"]})
    return jobs



# ---- reports -------------------------------------------------------------------------------

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



# ---- knobs --------------------------------------------------------------------------------

def env_int(name, default, lo=0, hi=2147483647):
    v = os.environ.get(name, "")
    if v == "":
        return default
    if not re.fullmatch(r"[0-9]+", v.strip()) or not lo <= int(v) <= hi:
        raise Usage("%s=%r: allowed an integer %d..%d" % (name, v, lo, hi))
    return int(v)


def env_flag(name):
    v = os.environ.get(name, "")
    if v not in ("", "0", "1"):
        raise Usage("%s=%r: allowed 0 or 1" % (name, v))
    return v == "1"


def parse_shard(v, name="SHARD"):
    """SHARD=i/N -> (i-1, N); '' -> (0, 1)."""
    if not v:
        return 0, 1
    m = re.fullmatch(r"(\d+)/(\d+)", v)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise Usage("%s=%r: allowed i/N with 1 <= i <= N (e.g. SHARD=2/4)" % (name, v))
    return int(m.group(1)) - 1, int(m.group(2))


def default_jobs():
    for v in (os.environ.get("SLURM_CPUS_PER_TASK"), os.environ.get("SLURM_CPUS_ON_NODE")):
        if v and v.isdigit() and int(v) > 0:
            return int(v)
    return len(os.sched_getaffinity(0)) or 1


def check_out_dir(path, min_free_mb):
    """The output directory (or the nearest existing parent, where it will be
    made) must be a writable directory with min_free_mb MiB free."""
    p = path
    while not os.path.lexists(p):
        p = os.path.dirname(p)
    if not os.path.isdir(p):
        raise Usage("OUT: %s is not a directory (on the way to %s)" % (p, path))
    if not os.access(p, os.W_OK | os.X_OK):
        ro = ""
        try:
            ro = " (read-only file system)" if os.statvfs(p).f_flag & os.ST_RDONLY else ""
        except OSError:
            pass
        raise Usage("OUT: %s is not writable%s" % (p, ro))
    st = os.statvfs(p)
    free = st.f_bavail * st.f_frsize / 2.0 ** 20
    if free < min_free_mb:
        raise Usage("OUT: %s has %.1f MiB free, the run needs REGRESS_MIN_FREE_MB=%d (disk full?)"
                    % (p, free, min_free_mb))


def rtl_design():
    """WF_RTL_FILES and WF_TOP checked by the harness's own code
    (verif/cosim/params.sh): ("", "") for the default design, else the files
    as absolute paths (blank separated) and the top. Usage on a bad one."""
    if not os.environ.get("WF_RTL_FILES") and not os.environ.get("WF_RTL_OVERRIDE") and \
            os.environ.get("WF_TOP", "wf_core") == "wf_core":
        return "", ""
    p = subprocess.run(["bash", "-c", 'source "$1" && printf "%s\\n" "$rtl_top" "${rtl_src[@]}"', "params",
                        PARAMS_SH], capture_output=True, text=True)
    if p.returncode != 0:
        # (all of it: the boundary check names every port, scripts/wf/rtlcheck.py)
        raise Usage(p.stderr.strip() or "verif/cosim/params.sh: exit %d" % p.returncode)
    top, *files = p.stdout.split("\n")[:-1]
    return " ".join(files), top


def knobs():
    """Every knob, checked; nothing is written before this returns."""
    k = {"seed": env_int("SEED", 1, lo=1), "seeds": env_int("SEEDS", 1000),
         "cseeds": env_int("CSEEDS", 8), "jobs": env_int("JOBS", 0, lo=1, hi=1024) or default_jobs(),
         "timeout": env_int("TIMEOUT", 120, lo=1), "build_timeout": env_int("BUILD_TIMEOUT", 1800, lo=1),
         "imem_jitter": env_int("IMEM_JITTER", 8), "min_free": env_int("REGRESS_MIN_FREE_MB", 64),
         "progress": env_int("REGRESS_PROGRESS", 15, lo=1), "shard": parse_shard(os.environ.get("SHARD", "")),
         "waves": env_flag("WAVES"), "cov": env_flag("COV"), "slurm": env_flag("SLURM"),
         "defines": os.environ.get("WF_DEFINES", "WF_ASSERT"), "cmp": os.environ.get("CMP") or "full",
         "batch": os.environ.get("BATCH", "1") != "0"}
    if os.environ.get("BATCH", "1") not in ("0", "1"):
        raise Usage("BATCH=%r: allowed 0 or 1" % os.environ["BATCH"])
    try:
        k["inject_batch"] = batch.parse_inject(os.environ.get("REGRESS_INJECT_BATCH"))
    except ValueError as e:
        raise Usage(str(e))
    if k["cmp"] not in CMP_LEVELS:
        raise Usage("CMP=%s: allowed %s" % (k["cmp"], ", ".join(CMP_LEVELS)))
    k["rtl_files"], k["rtl_top"] = rtl_design()
    names = (os.environ.get("RTL_FORMS") or ("auto" if k["rtl_top"] else ",".join(forms.NAMES))).split(",")
    if not all(v in forms.NAMES for v in names) or len(set(names)) != len(names):
        raise Usage("RTL_FORMS=%s: allowed a comma list of distinct values of %s"
                    % (os.environ["RTL_FORMS"], ", ".join(forms.NAMES)))
    k["rtl_forms"] = names
    if k["seed"] + k["seeds"] - 1 > 2147483647:  # the harness's --seed range
        raise Usage("SEED=%d SEEDS=%d: seeds must stay within 1..2147483647" % (k["seed"], k["seeds"]))
    k["inject"] = {}
    for part in os.environ.get("REGRESS_INJECT_DEFINES", "").split(","):
        if part:
            m = re.fullmatch(r"(\d+):([A-Za-z0-9_+=]*)", part)
            if not m:
                raise Usage("REGRESS_INJECT_DEFINES=%r: allowed SEED:DEF1+DEF2,..." % part)
            k["inject"][m.group(1)] = m.group(2).replace("+", " ")
    for tool in (WFSIM, WFGEN):
        if not os.access(tool, os.X_OK):
            raise Usage("%s is not built (run make)" % tool)
    if k["seeds"] and not os.access(COSIM, os.X_OK):
        raise Usage("COSIM=%s: not an executable" % COSIM)
    k["cdg_text"], k["cdg"] = None, None
    if os.environ.get("CDG"):
        try:
            k["cdg_text"], k["cdg"] = cdg.bias_text(os.environ["CDG"], WFGEN)
        except cdg.CdgError as e:
            raise Usage("CDG=%s" % e)
    k["known_sizes"] = size_sets()
    sizes = [s for s in os.environ.get("SIZES", "").split(",") if s]
    if set(sizes) - set(k["known_sizes"]):
        raise Usage("SIZES=%s: allowed a comma list of %s" % (os.environ["SIZES"], ",".join(k["known_sizes"])))
    k["sizes"] = sorted(set(sizes))
    k["shards"] = env_int("SHARDS", 0, lo=1, hi=100000)
    if k["slurm"]:
        if not k["shards"]:
            raise Usage("SLURM=1 needs SHARDS=N (the job array's size)")
        if os.environ.get("SHARD"):
            raise Usage("SLURM=1 makes the shards itself (SHARDS=N): leave SHARD unset")
        try:
            k["slurm_args"] = shlex.split(os.environ.get("SLURM_ARGS", ""))
        except ValueError as e:
            raise Usage("SLURM_ARGS=%r: %s" % (os.environ.get("SLURM_ARGS"), e))
        for tool in ("sbatch", "squeue"):
            if not any(os.access(os.path.join(d, tool), os.X_OK) for d in os.environ.get("PATH", "").split(":")):
                raise Usage("SLURM=1: no %s on PATH (the Slurm client commands)" % tool)
    elif os.environ.get("SHARDS") or os.environ.get("SLURM_ARGS"):
        raise Usage("SHARDS and SLURM_ARGS go with SLURM=1")
    k["out"] = os.path.abspath(os.environ.get("OUT", os.path.join(ROOT, "out", "regress")))
    run_id, resume = os.environ.get("RUN_ID", ""), os.environ.get("RESUME", "")
    for name, v in (("RUN_ID", run_id), ("RESUME", resume)):
        if v and (not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", v) or (v == "latest" and name == "RUN_ID")):
            raise Usage("%s=%r: allowed a run directory name (letters, digits, . _ -)%s"
                        % (name, v, ", not latest" if name == "RUN_ID" else " or latest"))
    if resume:
        if resume == "latest":
            link = os.path.join(k["out"], "latest")
            if not os.path.islink(link):
                raise Usage("RESUME=latest: %s is not a link to a run" % link)
            resume = os.readlink(link)
        if run_id and run_id != resume:
            raise Usage("RUN_ID=%s and RESUME=%s name different runs" % (run_id, resume))
        man = read_json(os.path.join(k["out"], resume, "run.json"))
        if man is None:
            raise Usage("RESUME=%s: %s has no run.json (not a run of this runner)"
                        % (resume, os.path.join(k["out"], resume)))
        given = {"SEED": k["seed"], "SEEDS": k["seeds"], "CSEEDS": k["cseeds"], "SIZES": k["sizes"],
                 "IMEM_JITTER": k["imem_jitter"], "WAVES": k["waves"], "COV": k["cov"],
                 "WF_DEFINES": k["defines"], "REGRESS_INJECT_DEFINES": k["inject"],
                 "WF_RTL_FILES": k["rtl_files"], "WF_TOP": k["rtl_top"], "CMP": k["cmp"],
                 "RTL_FORMS": k["rtl_forms"]}
        field = {"IMEM_JITTER": "imem_jitter", "WF_DEFINES": "defines", "REGRESS_INJECT_DEFINES": "inject",
                 "WF_RTL_FILES": "rtl_files", "WF_TOP": "rtl_top"}
        man.setdefault("rtl_files", "")  # run.json of a runner without WF_RTL_FILES
        man.setdefault("rtl_top", "")
        man.setdefault("cmp", "full")  # a run from before the compare levels
        man.setdefault("cdg", None)  # a run from before coverage-directed generation
        man.setdefault("rtl_forms", ["auto"])  # a run from before the RTL forms
        if k["cdg"] and (not man["cdg"] or k["cdg"]["source"] not in (man["cdg"]["source"], man["cdg"]["bias"])):
            raise Usage("RESUME=%s: CDG=%s, but the run was started %s (leave it unset)"
                        % (resume, os.environ["CDG"], "with CDG=%s" % man["cdg"]["source"]
                           if man["cdg"] else "without CDG"))
        for name in RUN_KNOBS:
            if name == "CDG":
                continue  # checked above
            f = field.get(name, name.lower())
            if name in os.environ and given[name] != man[f]:
                raise Usage("RESUME=%s: %s=%s, but the run was started with %r (leave it unset)"
                            % (resume, name, os.environ[name], man[f]))
        for f in ("seed", "seeds", "cseeds", "sizes", "imem_jitter", "waves", "cov", "defines", "inject",
                  "rtl_files", "rtl_top", "cmp", "cdg", "rtl_forms"):
            k[f] = man[f]
        k["man"], run_id = man, resume
        check_out_dir(os.path.join(k["out"], run_id), 0)
    else:
        k["man"] = None
        if not run_id:
            run_id = base = "%s-s%d-n%d%s" % (
                time.strftime("%Y%m%d-%H%M%S", time.gmtime()), k["seed"], k["seeds"],
                "-shard%dof%d" % (k["shard"][0] + 1, k["shard"][1]) if k["shard"][1] > 1 else "")
            while os.path.lexists(os.path.join(k["out"], run_id)):  # two runs in one second
                run_id = "%s-%d" % (base, int(run_id.rsplit("-", 1)[1]) + 1 if run_id != base else 2)
        if os.path.lexists(os.path.join(k["out"], run_id)):
            raise Usage("RUN_ID=%s: %s exists (results are never deleted): RESUME=%s finishes that run; "
                        "or choose another RUN_ID" % (run_id, os.path.join(k["out"], run_id), run_id))
        check_out_dir(os.path.join(k["out"], run_id), k["min_free"])
    k["run_id"] = run_id
    k["dir"] = os.path.join(k["out"], run_id)
    return k


# ---- a run: its directory, items, builds, runs -------------------------------------------

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
    if not STOP.is_set() and cfg["batch"]:  # batch workers (scripts/wf/batch.py)
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


# ---- Slurm ------------------------------------------------------------------------------

def slurm_submit(k):
    """SLURM=1 SHARDS=N: the builds here, then one job array (task i runs
    RESUME=<run> SHARD=i+1/N on the shared OUT tree) and one merge job
    (afterany: the report of all of them)."""
    rdir, man = open_run(k)
    n = k["shards"]
    header(k, man, "Slurm run")
    cfg = {"dir": rdir, "waves": man["waves"], "cov": man["cov"], "defines": man["defines"],
           "rtl_forms": man["rtl_forms"], "build_timeout": k["build_timeout"], "progress": k["progress"],
           "rtl_files": man["rtl_files"], "rtl_top": man["rtl_top"]}
    rtl = Rtl(cfg)
    # one build per size set the seeds may draw, define set and RTL form
    # (drawing 10^5 seeds here to learn which sets occur would cost more than it saves)
    if man["rtl_seeds"]:
        dsets = [man["defines"]] + sorted(set(man["inject"].values()) - {man["defines"]})
        for sizes, defs, form in [(s, d, f) for s in man["sizes"] or list(k["known_sizes"])
                                  for d in dsets for f in man["rtl_forms"]]:
            item = {"key": (sizes, defs, form), "defines": defs, "form": form, "dir": os.path.join(rdir, "builds")}
            b = rtl.build(item, opts=k["known_sizes"][sizes])
            if STOP.is_set():
                return 128 + STOP_SIG[0]
            if not b["ok"]:
                say("regress: build error: %s: %s; log %s" % (b["label"], b["message"], rel(b["log"])))
                set_status(rdir, "build error before submitting: %s: %s" % (b["label"], b["message"]))
                return 2
            say("regress:   build %-9s %s in %.1fs" % (b["label"], b["how"], b["secs"]))
    sdir = os.path.join(rdir, "slurm")
    os.makedirs(sdir, exist_ok=True)
    py = [sys.executable, os.path.abspath(__file__)]
    base = "cd %s && exec env SLURM=0 SHARDS= SLURM_ARGS= OUT=%s RUN_ID=%s " % (
        shlex.quote(ROOT), shlex.quote(k["out"]), shlex.quote(k["run_id"]))
    task = base + "RESUME=%s SHARD=$((SLURM_ARRAY_TASK_ID+1))/%d %s" % (shlex.quote(k["run_id"]), n, qjoin(py))
    merge = base + "RESUME= %s --report %s" % (qjoin(py), shlex.quote(k["run_id"]))

    def sbatch(args):
        cmd = ["sbatch", "--parsable"] + args + k["slurm_args"]
        rc, out, err, _ = run(cmd, 120)
        if rc != 0:
            set_status(rdir, "Slurm submission failed: %s" % (err or out).strip()[:200])
            raise Usage("sbatch failed (exit %s): %s" % (rc, (err or out).strip()[:300]))
        return out.strip().split(";")[0]
    array = sbatch(["--array=0-%d" % (n - 1), "--job-name=wf-regress", "--output",
                    os.path.join(sdir, "shard-%a.out"), "--wrap", task])
    mjob = sbatch(["--dependency=afterany:%s" % array, "--job-name=wf-regress-merge", "--output",
                   os.path.join(sdir, "merge.out"), "--wrap", merge])
    write_json(os.path.join(sdir, "jobs.json"), {"array": array, "merge": mjob, "shards": n,
                                                 "task": task, "merge_cmd": merge})
    set_status(rdir, "submitted to Slurm: array job %s (%d shards), merge job %s; its STATUS follows "
               "when the merge job ends" % (array, n, mjob))
    say("regress: submitted: job array %s (%d shards: RESUME=%s SHARD=i/%d), merge job %s (afterany:%s)"
        % (array, n, k["run_id"], n, mjob, array))
    say("regress: follow: squeue -j %s,%s; tail -f %s/shard-*.out" % (array, mjob, rel(sdir)))
    say("regress: the report: %s/summary.json, junit.xml, rerun.txt when job %s ends (log %s/merge.out)"
        % (rel(rdir), mjob, rel(sdir)))
    say("regress: a cancelled or failed shard: make regress RESUME=%s [SLURM=1 SHARDS=N] runs what is missing"
        % k["run_id"])
    return 0


def main(argv):
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        if argv[1:] in (["--help"], ["-h"]):
            print(__doc__)
            return 0
        if argv[1:2] == ["--report"]:
            if len(argv) != 3:
                raise Usage("usage: regress.py --report RUN (a run id under OUT, or latest)")
            return report_only(argv[2])
        if len(argv) > 1:
            raise Usage("regress.py takes its knobs from the environment (regress.py --help); got %s"
                        % qjoin(argv[1:]))
        k = knobs()
        if k["slurm"]:
            return slurm_submit(k)
        return regress(k)
    except Usage as e:
        print("regress: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        STOP.set()
        kill_children()
        print("regress: %s%s (OUT=%s)" % (e.strerror or e, ": %s" % e.filename if e.filename else "",
                                        os.environ.get("OUT", "out/regress")), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
