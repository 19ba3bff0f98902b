"""The regression runner (scripts/regress.py) under the faults regression
farms see (`make test-regress-faults`), each reproduced on a small run (2-6
seeds, smallest size set) with a fake harness (COSIM=<fake run.sh>: real
wfgen draws and programs, no Verilator) unless it needs the real one:
 - every bad knob: exit 2 with one line naming it, before OUT exists;
   an existing RUN_ID without RESUME: exit 2, the old run untouched;
 - OUT unwritable (a read-only tmpfs mount; a path under a file) and full
   (a 512 KiB tmpfs: at the start, and mid-run with ENOSPC): exit 2, one line;
 - no option probe: the harness is never asked --help; a slow build is a
   logged step with progress lines, and every seed still gets --seed and its
   --imem-jitter; a build over BUILD_TIMEOUT and a failing build are
   `build error` (exit 2) with the log, no seed run, STATUS says so;
 - SIGINT and SIGTERM mid-run: exit 130/143, no child left, junit.xml,
   rerun.txt, summary.json of what finished (state interrupted); SIGKILL:
   the finished seeds' result.json intact, regress --report says what is
   missing; RESUME then runs only the missing seeds, and the final report
   equals an uninterrupted run of the same seeds, seed for seed;
 - a crash that does not repeat on the re-run (verified build) is
   `not-reproduced`; a failure whose waves re-run passes is marked
   `not reproduced` in the console and JUnit;
 - a truncated cached Vwf_core (real RTL, smallest build) is rebuilt, not run.
REGRESS_PY=<a copy of regress.py> runs the checks on another runner (to show
they fail on a broken one); TEST_REAL_COSIM another run.sh for the last one."""
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from wf.paths import ROOT
from wf.testing import read, same_run, write

R = os.environ.get("REGRESS_PY", os.path.join(ROOT, "scripts", "regress.py"))
RTL = os.environ.get("TEST_REGRESS_RTL", "1") != "0"

# The fake harness: logs every call; --build-only sleeps FAKE_BUILD_SLEEP and
# fails with FAKE_BUILD_FAIL=1; a run sleeps FAKE_SLEEP (30 s from seed
# FAKE_SLOW_FROM on), prints FAKE_BIG bytes, crashes once for the seeds in
# FAKE_CRASH_ONCE, fails without --waves for the seeds in FAKE_FAIL_NOWAVES,
# and passes; its verdicts are result records (--result FILE) as the harness writes them.
FAKE_RUN = """#!/usr/bin/env bash
echo "$$ $*" >>"$FAKE_LOG"
if [ "$1" = --build-only ]; then
  sleep "${FAKE_BUILD_SLEEP:-0}"
  if [ "${FAKE_BUILD_FAIL:-0}" = 1 ]; then echo "%Error: rtl/wf_core.v:1: fake syntax error"; echo "run.sh: build failed" >&2; exit 2; fi
  echo "run.sh: cached build verified: fake"; exit 0
fi
seed=$(basename "$(dirname "$1")")
res=; prev=; for a in "$@"; do [ "$prev" = --result ] && res=$a; prev=$a; done
record() { printf '{"schema": {"name": "warpfront.result", "version": 1}, "status": "%s", "kind": "%s", "exit_code": %s, "message": "%s"}\n' "$@" >"$res"; }
echo $$ >>"$FAKE_STATE/pids"
sleep "${FAKE_SLEEP:-0}"
[ "$seed" -ge "${FAKE_SLOW_FROM:-999999}" ] && sleep 30
case " ${FAKE_CRASH_ONCE:-} " in *" $seed "*)
  if [ ! -e "$FAKE_STATE/crashed$seed" ]; then touch "$FAKE_STATE/crashed$seed"; kill -SEGV $$; fi ;; esac
case " ${FAKE_FAIL_NOWAVES:-} " in *" $seed "*)
  case " $* " in *" --waves "*) ;; *) record fail final-state 1 "FINAL STATE MISMATCH: w0 r1 lane 0: rtl 1, cycle model 0"; exit 1 ;; esac ;; esac
[ -n "${FAKE_BIG:-}" ] && head -c "$FAKE_BIG" /dev/zero | tr '\\0' x
echo "PASS seed $seed"
record pass pass 0 ""
"""


class Farm:
    """the scratch directory, the fake harness and the runner's environment"""

    def __init__(self, tmp):
        self.tmp = tmp
        self.log = os.path.join(tmp, "calls.log")
        self.state = os.path.join(tmp, "state")
        os.makedirs(self.state, exist_ok=True)
        cosim = write(os.path.join(tmp, "fake-run.sh"), FAKE_RUN)
        os.chmod(cosim, 0o755)
        # one RTL form (test_regress.py draws the forms): one build per size set
        self.env = dict(os.environ, CSEEDS="0", SIZES="smallest", IMEM_JITTER="2", JOBS="2", COSIM=cosim,
                        FAKE_LOG=self.log, FAKE_STATE=self.state, RTL_FORMS="auto")
        for k in ("OUT", "RUN_ID", "RESUME", "SEED", "SEEDS", "SHARD", "SLURM", "SHARDS", "COV", "WAVES"):
            self.env.pop(k, None)

    def popen(self, *args, **env):
        return subprocess.Popen([sys.executable, R] + list(args), env=dict(self.env, **env), cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)

    def run(self, *args, **env):
        """regress.py ARGS with ENV: (exit status, stdout, stderr)"""
        p = self.popen(*args, **env)
        out, err = p.communicate(timeout=600)
        return p.returncode, out, err

    def calls(self):
        return read(self.log).splitlines() if os.path.exists(self.log) else []

    def clear_calls(self):
        write(self.log, "")

    def children_gone(self, what):
        """no fake harness process left (they are killed here if they are)"""
        pids = os.path.join(self.state, "pids")
        left = []
        for p in (read(pids).split() if os.path.exists(pids) else []):
            try:
                os.kill(int(p), 0)
            except OSError:
                continue
            left.append(p)
            os.kill(int(p), signal.SIGKILL)
        write(pids, "")
        assert not left, "%s: harness pids %s still running after the runner stopped" % (what, left)


@pytest.fixture(scope="module")
def farm(tmp):
    return Farm(tmp)


def last_line(text):
    lines = text.rstrip("\n").splitlines()
    return lines[-1] if lines else ""


# ---- bad knobs: exit 2, one line naming the knob, nothing under OUT -----------------------------
KNOBS = [("JOBS=0", "JOBS='0'"), ("JOBS=x", "JOBS='x'"), ("SHARD=0/4", "SHARD='0/4'"), ("SHARD=5/4", "SHARD='5/4'"),
         ("SIZES=bogus", "SIZES=bogus"), ("IMEM_JITTER=-1", "IMEM_JITTER='-1'"), ("SEEDS=ten", "SEEDS='ten'"),
         ("SEED=0", "SEED='0'"), ("TIMEOUT=0", "TIMEOUT='0'"), ("BUILD_TIMEOUT=1h", "BUILD_TIMEOUT='1h'"),
         ("WAVES=yes", "WAVES='yes'"), ("COV=2", "COV='2'"), ("RUN_ID=../x", "RUN_ID='../x'"),
         ("RUN_ID=latest", "RUN_ID='latest'"), ("RESUME=nosuch", "RESUME=nosuch"), ("RESUME=latest", "RESUME=latest"),
         ("SLURM=1", "SLURM=1 needs SHARDS"), ("SHARDS=3", "SHARDS and SLURM_ARGS go with SLURM=1"),
         ("SLURM=1 SHARDS=2 SHARD=1/2", "leave SHARD unset"), ("REGRESS_INJECT_DEFINES=x", "REGRESS_INJECT_DEFINES='x'"),
         ("COSIM=/nonexistent", "COSIM=/nonexistent"), ("BATCH=2", "BATCH='2'"),
         ("REGRESS_INJECT_BATCH=3:kill", "REGRESS_INJECT_BATCH='3:kill'")]


@pytest.mark.parametrize("knob,want", KNOBS, ids=[k for k, _ in KNOBS])
def test_bad_knob(farm, knob, want):
    o = os.path.join(farm.tmp, "knob")
    env = dict({"OUT": o, "SEEDS": "2"}, **dict(kv.split("=", 1) for kv in knob.split()))
    rc, _, err = farm.run(**env)
    assert rc == 2, "%s: exit %d, expected 2" % (knob, rc)
    assert len(err.splitlines()) == 1 and want in err, "%s: message '%s' does not name %s" % (knob, err[:300], want)
    created = os.path.exists(o)
    if created:
        subprocess.run(["rm", "-rf", o])
    assert not created, "%s: %s was created" % (knob, o)


def test_existing_run_id_refused(farm):
    # an existing run is never deleted: RUN_ID again without RESUME is refused
    keep = os.path.join(farm.tmp, "keep")
    os.makedirs(os.path.join(keep, "r1"))
    write(os.path.join(keep, "r1", "x"), "precious\n")
    rc, _, err = farm.run(OUT=keep, RUN_ID="r1", SEEDS="2")
    assert rc == 2 and re.search(r"RUN_ID=r1: .* exists .*RESUME=r1", err), "existing RUN_ID: exit %d, %s" % (rc, err)
    assert read(os.path.join(keep, "r1", "x")) == "precious\n", "existing RUN_ID: the old run was touched"


# ---- output directory: unwritable, not a directory, full ----------------------------------------
@pytest.fixture(scope="module")
def mounts(farm):
    """tmpfs mounts (root needed): read-only, 512 KiB, 256 KiB"""
    made, spec = [], {"ro": "size=1m,ro", "full": "size=512k", "small": "size=256k"}
    for name, opts in spec.items():
        d = os.path.join(farm.tmp, name)
        os.makedirs(d, exist_ok=True)
        if subprocess.run(["mount", "-t", "tmpfs", "-o", opts, "tmpfs", d]).returncode:
            break
        made.append(d)
    yield {os.path.basename(d): d for d in made} if len(made) == len(spec) else None
    for d in made:
        subprocess.run(["umount", d])


def test_read_only_out(farm, mounts):
    assert mounts, "cannot mount tmpfs (root needed) for the read-only and full OUT checks"
    rc, _, err = farm.run(OUT=os.path.join(mounts["ro"], "out"), SEEDS="2")
    assert rc == 2 and len(err.splitlines()) == 1 and re.search(r"OUT: .* is not writable \(read-only file system\)", err), \
        "read-only OUT: exit %d, '%s'" % (rc, err)


def test_small_out(farm, mounts):
    assert mounts, "cannot mount tmpfs (root needed)"
    o = os.path.join(mounts["full"], "out")
    rc, _, err = farm.run(OUT=o, SEEDS="2")
    assert rc == 2 and re.search(r"OUT: .* MiB free, the run needs REGRESS_MIN_FREE_MB=64 \(disk full\?\)", err), \
        "small OUT: exit %d, '%s'" % (rc, err)
    assert not os.path.exists(o), "small OUT: out/ created"


def test_disk_full_mid_run(farm, mounts):
    # each seed's log is 100 KB, the disk 256 KiB
    assert mounts, "cannot mount tmpfs (root needed)"
    rc, _, err = farm.run(OUT=os.path.join(mounts["small"], "out"), REGRESS_MIN_FREE_MB="0", SEEDS="6", FAKE_BIG="100000")
    assert rc == 2 and len(err.splitlines()) == 1 and "No space left on device" in err, \
        "disk full mid-run: exit %d, stderr '%s'" % (rc, err[:500])
    assert "Traceback" not in err, "disk full mid-run: a traceback"
    farm.children_gone("disk full")


def test_out_under_a_file(farm):
    afile = write(os.path.join(farm.tmp, "afile"), "x\n")
    rc, _, err = farm.run(OUT=os.path.join(afile, "out"), SEEDS="2")
    assert rc == 2 and re.search(r"OUT: .*afile is not a directory", err), "OUT under a file: exit %d, '%s'" % (rc, err)


# ---- make regress installs no GUI package: gtkwave only for make waves ---------------------------
WANTS = r"""
need=$1
eval "$(sed -n '/^deb_reqs=(/,/^)/p; /^wanted() {/,/^}/p' "$2")"
for r in "${deb_reqs[@]}"; do
  IFS=: read -r a b c d <<<"$r"
  if [ "$a" = lib ]; then wanted "$d" && echo "$c"; else wanted "$c" && echo "$b"; fi
done
"""


def wants(stage):
    """the packages scripts/setup.sh STAGE would install when missing"""
    return subprocess.run(["bash", "-c", WANTS, "wants", stage, os.path.join(ROOT, "scripts", "setup.sh")],
                          stdout=subprocess.PIPE, universal_newlines=True).stdout.split()


def test_setup_stages_packages():
    assert "gtkwave" not in wants("regress"), "scripts/setup.sh regress installs gtkwave (a GUI package)"
    assert "gtkwave" in wants("waves"), "scripts/setup.sh waves does not install gtkwave"
    assert {"slurm-wlm", "munge"} <= set(wants("test")), "scripts/setup.sh test does not install slurm-wlm and munge"


# ---- the build step: no probe, slow build with progress, timeout, failure ------------------------
def test_slow_build(farm):
    farm.clear_calls()
    o = os.path.join(farm.tmp, "o")
    rc, out, err = farm.run(OUT=o, RUN_ID="slow", SEEDS="4", FAKE_BUILD_SLEEP="3", REGRESS_PROGRESS="1")
    text = out + err
    assert rc == 0 and last_line(text) == "4 passed, 0 failed", "slow build: exit %d, '%s'" % (rc, text[-300:])
    assert not any("--help" in c for c in farm.calls()), "the runner asked the harness --help"
    assert re.search(r"^regress:   building smallest \.\.\. [0-9]+s \(log ", text, re.M), "slow build: no progress line"
    assert re.search(r"^regress:   build smallest +cached in [3-9]\.[0-9]s$", text, re.M), "slow build: no build time line"
    assert re.search(r"^regress:   smallest  seed [0-9]+ +pass \(run [0-9.]+s; its build step before: [3-9]\.[0-9]s, "
                     r"cached\)$", text, re.M), "slow build: the first seed line does not give run and build times apart"
    assert "--seed on, --imem-jitter on 1 seed in 2, WAVES off, COV off" in text, "slow build: header does not say on/off"
    assert re.search(r"^regress: 4 RTL seeds passed, 0 failed; 0 C-model runs passed, 0 failed$", text, re.M), \
        "the two legs are not named"
    for s in range(1, 5):
        assert re.search(r"--seed %d( |$)" % s, read(os.path.join(o, "slow", str(s), "cmd.txt")), re.M), \
            "seed %d ran without --seed" % s
    assert "--imem-jitter 2" in read(os.path.join(o, "slow", "2", "cmd.txt")) and \
        "--imem-jitter 4" in read(os.path.join(o, "slow", "4", "cmd.txt")), "jitter seeds ran without --imem-jitter"
    assert "--imem-jitter" not in read(os.path.join(o, "slow", "1", "cmd.txt")), "seed 1 ran with --imem-jitter"


def test_build_timeout(farm):
    farm.clear_calls()
    o = os.path.join(farm.tmp, "o")
    rc, out, err = farm.run(OUT=o, RUN_ID="bto", SEEDS="3", FAKE_BUILD_SLEEP="5", BUILD_TIMEOUT="1")
    assert rc == 2, "build timeout: exit %d, expected 2" % rc
    assert re.search(r"^regress: build error: smallest: no build within BUILD_TIMEOUT=1s \(killed\); log ", out + err, re.M), \
        "build timeout: no build error line"
    assert read(os.path.join(o, "bto", "STATUS")).startswith("build error: "), "build timeout: STATUS"
    assert '"state": "build error"' in read(os.path.join(o, "bto", "summary.json")), "build timeout: summary.json state"
    assert all("--build-only" in c for c in farm.calls()), "build timeout: a seed ran"
    farm.children_gone("build timeout")


def test_failing_build(farm):
    rc, out, err = farm.run(OUT=os.path.join(farm.tmp, "o"), RUN_ID="bfail", SEEDS="3", FAKE_BUILD_FAIL="1")
    text = out + err
    assert rc == 2 and re.search(r"^regress: build error: smallest: exit 2: ", text, re.M) and \
        re.search(r"^regress:   \| %Error: rtl/wf_core.v:1: fake syntax error", text, re.M), \
        "failing build: exit %d, %s" % (rc, text[-400:])


# ---- stops: SIGINT, SIGTERM, SIGKILL mid-run, then RESUME == an uninterrupted run -----------------
@pytest.fixture(scope="module")
def ref(farm):
    rc, out, err = farm.run(OUT=os.path.join(farm.tmp, "o"), RUN_ID="ref", SEEDS="6")
    assert rc == 0, "reference run failed: " + (out + err)[-300:]
    return os.path.join(farm.tmp, "o", "ref")


def results(d):
    return sorted(os.path.join(d, s, "result.json") for s in os.listdir(d)
                  if s.isdigit() and os.path.exists(os.path.join(d, s, "result.json")))


@pytest.mark.parametrize("sig", ["INT", "TERM", "KILL"])
def test_stop_then_resume(farm, ref, sig):
    o = os.path.join(farm.tmp, "o")
    d = os.path.join(o, sig)
    # seeds 1, 2 take a second each, seed 3 would take 30: the signal comes during seed 3
    p = farm.popen(OUT=o, RUN_ID=sig, SEEDS="6", JOBS="1", FAKE_SLEEP="1", FAKE_SLOW_FROM="3")
    for _ in range(300):
        if os.path.isdir(d) and len(results(d)) >= 2:
            break
        time.sleep(0.1)
    else:
        p.kill()
        pytest.fail("no 2 results in %s after 30 s" % d)
    time.sleep(0.5)
    t0 = time.time()
    p.send_signal(getattr(signal, "SIG" + sig))
    out, err = p.communicate(timeout=120)
    secs = time.time() - t0
    rc = p.returncode if p.returncode >= 0 else 128 - p.returncode
    n = len(results(d))
    assert n == 2, "SIG%s: %d seeds have results, expected 2" % (sig, n)
    for f in results(d):
        json.loads(read(f))  # whole
    if sig != "KILL":
        assert rc == {"INT": 130, "TERM": 143}[sig], "SIG%s: exit %d" % (sig, rc)
        assert secs <= 10, "SIG%s: the runner took %.0fs to stop (its running harness not killed?)" % (sig, secs)
        for f in ("junit.xml", "summary.json"):
            assert os.path.getsize(os.path.join(d, f)) > 0, "SIG%s: no %s" % (sig, f)
        assert os.path.exists(os.path.join(d, "rerun.txt")), "SIG%s: no rerun.txt" % sig
        assert '"state": "interrupted"' in read(os.path.join(d, "summary.json")), "SIG%s: summary.json not interrupted" % sig
        assert read(os.path.join(d, "STATUS")).startswith("interrupted by SIG%s: " % sig), "SIG%s: STATUS" % sig
        assert read(os.path.join(d, "junit.xml")).count('<skipped message="not run') == 6 - n, \
            "SIG%s: JUnit does not list the %d seeds not run" % (sig, 6 - n)
        assert "Traceback" not in out + err, "SIG%s: a traceback" % sig
        farm.children_gone("SIG" + sig)
    else:
        assert read(os.path.join(d, "STATUS")).startswith("running: pid "), "SIGKILL: STATUS does not say running"
        # no process can clean up after SIGKILL: the orphaned harness run (in its own session) is ended here
        pids = os.path.join(farm.state, "pids")
        for pid in read(pids).split():
            try:
                os.killpg(int(pid), signal.SIGKILL)
            except OSError:
                pass
        write(pids, "")
        rc, out, err = farm.run("--report", "KILL", OUT=o)
        assert rc == 1 and re.search(r"^regress: incomplete: %d of 6 items have no result" % (6 - n), out + err, re.M), \
            "SIGKILL: regress --report: exit %d, %s" % (rc, (out + err)[-300:])
        assert '"state": "incomplete"' in read(os.path.join(d, "summary.json")), "SIGKILL: report not marked incomplete"
    assert os.readlink(os.path.join(o, "latest")) == sig, "SIG%s: latest does not point at the run" % sig
    farm.clear_calls()
    rc, out, err = farm.run(OUT=o, RESUME="latest")
    assert rc == 0 and last_line(out + err) == "6 passed, 0 failed", "SIG%s: RESUME: exit %d, '%s'" % (
        sig, rc, (out + err)[-300:])
    ran = [c for c in farm.calls() if "--build-only" not in c]
    assert len(ran) == 6 - n, "SIG%s: RESUME ran %d seeds, expected %d" % (sig, len(ran), 6 - n)
    assert read(os.path.join(d, "STATUS")).startswith("complete: 6 passed, 0 failed"), "SIG%s: STATUS after RESUME" % sig
    same_run(d, ref, "SIG%s then RESUME" % sig)


def test_resume_with_other_seeds_refused(farm, ref):
    rc, _, err = farm.run(OUT=os.path.join(farm.tmp, "o"), RESUME="ref", SEEDS="7")
    assert rc == 2 and "RESUME=ref: SEEDS=7, but the run was started with 6" in err, \
        "RESUME with another SEEDS accepted: " + err


# ---- crashes re-run on a verified build; failures the waves re-run does not reproduce -------------
def test_not_reproduced(farm):
    farm.clear_calls()
    for f in os.listdir(farm.state):
        if f.startswith("crashed"):
            os.remove(os.path.join(farm.state, f))
    o = os.path.join(farm.tmp, "o")
    rc, out, err = farm.run(OUT=o, RUN_ID="flaky", SEEDS="4", FAKE_CRASH_ONCE="2", FAKE_FAIL_NOWAVES="3")
    text = out + err
    assert rc == 1 and last_line(text) == "2 passed, 2 failed", "flaky: exit %d, '%s'" % (rc, last_line(text))
    assert re.search(r"^FAIL rtl +seed2 .* not-reproduced +first run: crash \(killed by SIGSEGV", text, re.M), \
        "a crash that did not repeat is not reported as not-reproduced"
    builds = sum("--build-only" in c for c in farm.calls())
    assert builds == 2, "the crash was not re-run after a build step (%d build steps)" % builds
    assert re.search(r"^FAIL rtl +seed3 .* final-state \(not reproduced\) ", text, re.M), \
        "seed 3's waves re-run passed, console does not say not reproduced"
    junit = read(os.path.join(o, "flaky", "junit.xml"))
    assert '<property name="reproduced" value="false"/>' in junit and \
        re.search(r'message="FINAL STATE MISMATCH.*\[not reproduced: the waves re-run gave pass', junit), \
        "JUnit does not say not reproduced"
    assert '<failure type="not-reproduced"' in junit, "JUnit has no not-reproduced failure"


# ---- a truncated cached binary (real run.sh, the smallest build) ----------------------------------
@pytest.mark.skipif(not RTL, reason="TEST_REGRESS_RTL=0")
def test_truncated_binary_rebuilt(farm):
    # a private build cache: other make test stages share build/rtl and would
    # repair (rebuild) the damaged binary before this run sees it
    env = {"COSIM": os.environ.get("TEST_REAL_COSIM", os.path.join(ROOT, "verif", "cosim", "run.sh")),
           "WF_RTL_DIR": os.path.join(farm.tmp, "rtl")}
    o = os.path.join(farm.tmp, "o")
    rc, out, err = farm.run(OUT=o, RUN_ID="rtl1", SEEDS="2", **env)
    assert rc == 0, "real smallest run failed: " + (out + err)[-500:]
    builds = [x for x in os.listdir(env["WF_RTL_DIR"]) if x.startswith("warps1_lanes1_regs1_") and x.endswith("__WF_ASSERT")]
    assert len(builds) == 1, builds
    binary = os.path.join(env["WF_RTL_DIR"], builds[0], "Vwf_core")
    os.truncate(binary, 100000)
    hour_ago = time.time() - 3600
    os.utime(binary, (hour_ago, hour_ago))
    rc, out, err = farm.run(OUT=o, RUN_ID="rtl2", SEEDS="2", **env)
    text = out + err
    assert rc == 0 and last_line(text) == "2 passed, 0 failed", "truncated Vwf_core: exit %d, '%s'" % (rc, text[-300:])
    assert re.search(r"^regress:   build smallest +built \(cached Vwf_core fails its checksum\) in ", text, re.M), \
        "truncated Vwf_core: not rebuilt"
    assert os.path.getsize(binary) > 100000, "truncated Vwf_core still truncated"
    same_run(os.path.join(o, "rtl2"), os.path.join(o, "rtl1"), "truncated Vwf_core")
