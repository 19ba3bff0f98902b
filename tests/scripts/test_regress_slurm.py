"""`make regress SLURM=1` on a real single-node Slurm started here (no
systemd; `make test-slurm`): munged, slurmctld and slurmd run from a
temporary directory (own key, sockets, pid files, logs, state; slurm.conf
written below, ports unlikely to collide), stopped by their pids at the end,
also on failure. If Slurm does not come up the test fails with the daemons'
logs; it never skips.
 1. SLURM=1 SHARDS=3 over 6 seeds (smallest size set, real RTL): one job
    array of 3 shards and one merge job; the builds are made once before the
    array (no shard rebuilds); the merged report (JUnit, rerun list, summary)
    equals a local run of the same seeds, seed for seed.
 2. the same with a shard cancelled mid-run (scancel): the merge job reports
    the run incomplete, and RESUME finishes exactly the missing seeds, after
    which the report again equals the local run.
REGRESS_PY=<a copy of regress.py> runs the checks on another runner."""
import glob
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time

import pytest

from wf.paths import ROOT
from wf.testing import load_json, read, same_run_problems, write

R = os.environ.get("REGRESS_PY", os.path.join(ROOT, "scripts", "regress.py"))
SLURM_CONF = """ClusterName=wftest
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
SlurmctldPort={port}
SlurmdPort={port1}
AuthType=auth/munge
AuthInfo=socket={t}/munge/sock
CredType=cred/munge
StateSaveLocation={t}/ctld
SlurmdSpoolDir={t}/d
SlurmctldPidFile={t}/slurmctld.pid
SlurmdPidFile={t}/slurmd.pid
SlurmctldLogFile={t}/log/slurmctld.log
SlurmdLogFile={t}/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=localhost NodeHostname={host} CPUs=2 State=UNKNOWN
PartitionName=wf Nodes=localhost Default=YES MaxTime=INFINITE State=UP
"""


class Slurm:
    def __init__(self, t):
        self.t, self.pids = t, []
        self.env = dict(os.environ, SLURM_CONF=os.path.join(t, "slurm.conf"))

    def logs(self):
        """the daemons' logs (last 30 lines each), for a failure message"""
        out = []
        for f in sorted(glob.glob(os.path.join(self.t, "log", "*"))) + [os.path.join(self.t, "munge", "munged.log")]:
            if os.path.isfile(f):
                out.append("---- %s (last 30 lines)\n%s" % (f, "\n".join(read(f).splitlines()[-30:])))
        return "\n".join(out)

    def start(self):
        t = self.t
        for d in ("munge", "ctld", "d", "log"):
            os.makedirs(os.path.join(t, d))
        os.chmod(os.path.join(t, "munge"), 0o700)
        key = os.path.join(t, "munge", "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(1024))
        os.chmod(key, 0o400)
        if subprocess.run(["munged", "--key-file=" + key, "--socket=%s/munge/sock" % t,
                           "--pid-file=%s/munge/munged.pid" % t, "--log-file=%s/munge/munged.log" % t,
                           "--seed-file=%s/munge/seed" % t, "--force"]).returncode:
            pytest.fail("munged did not start\n" + self.logs())
        pidfile = os.path.join(t, "munge", "munged.pid")
        for _ in range(50):
            if os.path.exists(pidfile) and os.path.getsize(pidfile):
                break
            time.sleep(0.1)
        self.pids.append(int(read(pidfile)))
        port = 20000 + random.randrange(20000)
        write(self.env["SLURM_CONF"], SLURM_CONF.format(port=port, port1=port + 1, t=t, host=socket.gethostname()))
        for cmd, log in ((["slurmctld", "-D"], "slurmctld.out"), (["slurmd", "-D", "-N", "localhost"], "slurmd.out")):
            with open(os.path.join(t, "log", log), "w") as f:
                self.pids.append(subprocess.Popen(cmd, env=self.env, stdout=f, stderr=subprocess.STDOUT).pid)
        for _ in range(100):
            p = subprocess.run(["sinfo", "-h", "-o", "%T"], env=self.env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, universal_newlines=True)
            if "idle" in p.stdout.split():
                return
            time.sleep(0.2)
        pytest.fail("Slurm did not come up\n" + self.logs())

    def stop(self):
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for p in self.pids:
                try:
                    os.kill(p, sig)
                except OSError:
                    pass
            time.sleep(1 if sig == signal.SIGTERM else 0)
        for p in self.pids:  # the daemons this process started: reap them
            try:
                os.waitpid(p, os.WNOHANG)
            except ChildProcessError:
                pass

    def wait_job(self, job):
        """until job (and its array tasks) left the queue; 5 min at most"""
        for _ in range(1500):
            p = subprocess.run(["squeue", "-h", "-j", str(job)], env=self.env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, universal_newlines=True)
            if not p.stdout.strip():
                return
            time.sleep(0.2)
        pytest.fail("job %s still queued after 5 min\n%s" % (job, self.logs()))

    def regress(self, **env):
        """regress.py with the test's settings and ENV: (exit status, output)"""
        full = dict(self.env, CSEEDS="0", SIZES="smallest", IMEM_JITTER="3", SEEDS="6", OUT=os.path.join(self.t, "out"))
        full.update(env)
        p = subprocess.run([sys.executable, R], env=full, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, timeout=900)
        return p.returncode, p.stdout


@pytest.fixture(scope="module")
def slurm(tmp_path_factory):
    missing = [x for x in ("munged", "slurmctld", "slurmd", "sbatch", "squeue", "scancel") if not shutil.which(x)]
    assert not missing, "%s not installed (scripts/setup.sh test installs slurm-wlm and munge)" % missing
    t = str(tmp_path_factory.mktemp("slurm"))
    os.chmod(t, 0o755)
    s = Slurm(t)
    try:
        s.start()
        yield s
    finally:
        s.stop()


def same_run_slurm(a, b, what):
    """same_run_problems, and the rerun lists (paths aside)"""
    bad = same_run_problems(a, b, what)

    def rerun(d):
        return re.sub(r"out[^ ]*/[0-9]*/", "X/", read(os.path.join(d, "rerun.txt")))
    if rerun(a) != rerun(b):
        bad.append("%s: rerun lists differ" % what)
    assert not bad, "\n".join(bad)


@pytest.fixture(scope="module")
def local(slurm):
    rc, out = slurm.regress(RUN_ID="local", JOBS="2")
    assert rc == 0, "local run failed: " + out[-500:]
    return os.path.join(slurm.t, "out", "local")


def last_line(text):
    lines = text.rstrip("\n").splitlines()
    return lines[-1] if lines else ""


# ---- the local reference, then the same seeds through Slurm --------------------------------------
def test_shards_equal_local_run(slurm, local):
    rc, out = slurm.regress(SLURM="1", SHARDS="3", RUN_ID="sl")
    assert rc == 0, "SLURM=1 submission: exit %d: %s\n%s" % (rc, out[-500:], slurm.logs())
    assert re.search(r"^regress: submitted: job array [0-9]+ \(3 shards: RESUME=sl SHARD=i/3\), merge job [0-9]+ "
                     r"\(afterany:[0-9]+\)$", out, re.M), "submission does not print the job ids: " + out[-300:]
    assert re.search(r"^regress: follow: squeue -j [0-9]+,[0-9]+; tail -f ", out, re.M), \
        "submission does not say how to follow the jobs"
    assert re.search(r"^regress:   build smallest +(cached|built)", out, re.M), "no build step before the array"
    d = os.path.join(slurm.t, "out", "sl")
    slurm.wait_job(load_json(os.path.join(d, "slurm", "jobs.json"))["merge"])
    for i in range(3):
        f = os.path.join(d, "slurm", "shard-%d.out" % i)
        text = read(f) if os.path.exists(f) else ""
        assert re.search(r"shard [0-9]/3 of run sl done", text), "shard %d did not finish: %s" % (i, text[-300:])
        assert re.search(r"^regress:   build smallest\S* +cached in", text, re.M) and \
            not re.search(r"^regress:   build \S+ +built", text, re.M), "shard %d rebuilt" % i
    merge = os.path.join(d, "slurm", "merge.out")
    assert os.path.exists(merge) and last_line(read(merge)) == "6 passed, 0 failed", "merge job did not pass"
    assert read(os.path.join(d, "STATUS")).startswith("complete: 6 passed, 0 failed"), "Slurm run STATUS"
    same_run_slurm(d, local, "Slurm 3 shards")


# ---- a shard cancelled mid-run; RESUME finishes it ------------------------------------------------
# seed 2 (shard 2 of 3) waits in a wrapper until released, so shard 2 is running when cancelled
HOLD = """#!/usr/bin/env bash
case "$1" in */2/prog.s) [ -e "{t}/release" ] || {{ touch "{t}/held"; sleep 300; }} ;; esac
exec "{root}/verif/cosim/run.sh" "$@"
"""


def test_cancelled_shard_then_resume(slurm, local):
    t = slurm.t
    hold = write(os.path.join(t, "hold-run.sh"), HOLD.format(t=t, root=ROOT))
    os.chmod(hold, 0o755)
    rc, out = slurm.regress(COSIM=hold, SLURM="1", SHARDS="3", RUN_ID="sk")
    assert rc == 0, "second submission failed: " + out[-300:]
    d = os.path.join(t, "out", "sk")
    jobs = load_json(os.path.join(d, "slurm", "jobs.json"))
    for _ in range(600):
        if os.path.exists(os.path.join(t, "held")):
            break
        time.sleep(0.2)
    assert os.path.exists(os.path.join(t, "held")), "seed 2 never started"
    subprocess.run(["scancel", "%s_1" % jobs["array"]], env=slurm.env)
    slurm.wait_job(jobs["merge"])
    assert not os.path.exists(os.path.join(d, "2", "result.json")), "the cancelled shard's seed 2 has a result"
    merge = read(os.path.join(d, "slurm", "merge.out"))
    assert re.search(r"^regress: incomplete: [1-2] of 6 items have no result \(seed2", merge, re.M), \
        "merge after a cancelled shard: " + merge[-300:]
    assert read(os.path.join(d, "STATUS")).startswith("incomplete: "), "STATUS after a cancelled shard"
    missing = len(load_json(os.path.join(d, "summary.json"))["not_run"])
    write(os.path.join(t, "release"), "")
    rc, out = slurm.regress(COSIM=hold, RESUME="sk")
    assert rc == 0 and last_line(out) == "6 passed, 0 failed", "RESUME after the cancel: exit %d, '%s'" % (rc, out[-300:])
    assert re.search(r"^regress: %d RTL seeds and 0 C runs have no result yet: running them" % missing, out, re.M), \
        "RESUME did not run exactly the %d missing seeds" % missing
    same_run_slurm(d, local, "cancelled shard + RESUME")
