"""The regression's C leg (scripts/regress.py): every sim/examples program over
fixed and random configurations on the functional interpreter (checked by
verif/check_examples.py) and on the cycle model."""
import json
import os
import shlex
import sys
import time

from wf.paths import WFSIM, WFGEN, qjoin, kernel_options as example_options
from wf.regress.files import opt_value
from wf.regress.proc import run
from wf.regress.settings import CHECKER, EXAMPLES


FIXED = [
    {"name": "default", "opts": []},
    {"name": "tiny", "opts": ["--warps", "1", "--lanes", "1"]},
    {"name": "seed-shape", "opts": ["--warps", "4", "--lanes", "8", "--banks", "4"]},
    {"name": "wide", "opts": ["--warps", "8", "--lanes", "32", "--regs", "64", "--mem-words", "4096"]},
]


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
