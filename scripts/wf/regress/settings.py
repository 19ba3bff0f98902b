"""The regression's knobs (scripts/regress.py), every one checked before
anything is written; the reference of them all (regress.py --help) is HELP."""
import os
import re
import shlex
import subprocess
import time

from wf import cdg  # coverage-directed generation
from wf import forms  # the RTL forms (RTL_FORMS)
from wf import layout  # the field table: the compare levels
from wf.paths import ROOT, WFSIM, WFGEN, rel
from wf.regress import batch  # the batch workers (BATCH)
from wf.regress.files import read_json
from wf.regress.proc import Usage, run


# the runner's reference (regress.py --help); the guide: docs/verification.md
HELP = """warpfront regression runner (`make regress`); docs/verification.md.

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
  WF_BUILD_OPT  the builds' C++ level (verif/build.sh): default 2 (the
            faster simulation) from SEEDS=5000 on, else 1 (the quicker build)
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
            harness process per build and worker (wf/regress/batch.py; a
            seed it cannot finish runs alone); 0: one run.sh per seed (also
            with WAVES=1, COV=1 or another COSIM). The same files either way
  REGRESS_MIN_FREE_MB  free space OUT must have at the start (default 64)
  REGRESS_PROGRESS  seconds between progress lines of a build (default 15)
Test-only: REGRESS_INJECT_DEFINES="SEED:DEF1+DEF2" runs that one seed with
  WF_DEFINES="DEF1 DEF2" (a mutant), to prove failures are reported;
  REGRESS_INJECT_BATCH="SEED:segv|stop,..." signals the batch worker running
  that seed (a crash or a hang in flight; wf/regress/batch.py).
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

COSIM = os.environ.get("COSIM", os.path.join(ROOT, "verif", "cosim", "run.sh"))
CHECKER = os.path.join(ROOT, "verif", "check_examples.py")
COVREPORT = os.path.join(ROOT, "scripts", "covreport.py")
EXAMPLES = os.path.join(ROOT, "sim", "examples")

# the knobs that define a run's items (kept in run.json; RESUME takes them from there)
# IMEM_JITTER's default: every 8th seed runs with --imem-jitter (scripts/wf/mcy.py runs its seeds so too)
IMEM_JITTER_DEFAULT = 8
RUN_KNOBS = ("SEED", "SEEDS", "CSEEDS", "SIZES", "IMEM_JITTER", "WAVES", "COV", "WF_DEFINES",
             "REGRESS_INJECT_DEFINES", "WF_RTL_FILES", "WF_TOP", "CMP", "CDG", "RTL_FORMS")
PARAMS_SH = os.path.join(ROOT, "verif", "build.sh")
# the harness's compare levels, from the field table (verif/include/wf_layout.h's source)
CMP_LEVELS = [lv for lv, _groups, _meaning in layout.LEVELS]


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
    (verif/build.sh): ("", "") for the default design, else the files
    as absolute paths (blank separated) and the top. Usage on a bad one."""
    if not os.environ.get("WF_RTL_FILES") and not os.environ.get("WF_RTL_OVERRIDE") and \
            os.environ.get("WF_TOP", "wf_core") == "wf_core":
        return "", ""
    p = subprocess.run(["bash", "-c", 'source "$1" && printf "%s\\n" "$rtl_top" "${rtl_src[@]}"', "params",
                        PARAMS_SH], capture_output=True, text=True)
    if p.returncode != 0:
        # (all of it: the boundary check names every port, scripts/wf/rtlcheck.py)
        raise Usage(p.stderr.strip() or "verif/build.sh: exit %d" % p.returncode)
    top, *files = p.stdout.split("\n")[:-1]
    return " ".join(files), top


def knobs():
    """Every knob, checked; nothing is written before this returns."""
    k = {"seed": env_int("SEED", 1, lo=1), "seeds": env_int("SEEDS", 1000),
         "cseeds": env_int("CSEEDS", 8), "jobs": env_int("JOBS", 0, lo=1, hi=1024) or default_jobs(),
         "timeout": env_int("TIMEOUT", 120, lo=1), "build_timeout": env_int("BUILD_TIMEOUT", 1800, lo=1),
         "imem_jitter": env_int("IMEM_JITTER", IMEM_JITTER_DEFAULT), "min_free": env_int("REGRESS_MIN_FREE_MB", 64),
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
