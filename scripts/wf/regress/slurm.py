"""The regression on Slurm (scripts/regress.py, SLURM=1 SHARDS=N): the builds
here, then a job array of shards and one merge job."""
import os
import shlex
import sys

from wf.paths import ROOT, qjoin, rel
from wf.regress.files import write_json
from wf.regress.proc import STOP, STOP_SIG, Usage, run, say
from wf.regress.report import set_status
from wf.regress.run import header, open_run
from wf.regress.runner import Rtl


def slurm_submit(k, entry):
    """SLURM=1 SHARDS=N: the builds here, then one job array (task i runs
    RESUME=<run> SHARD=i+1/N on the shared OUT tree) and one merge job
    (afterany: the report of all of them). entry: the runner's script (regress.py)."""
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
    py = [sys.executable, entry]
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
