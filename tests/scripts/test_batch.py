"""The batch workers of the regression (scripts/wf/regress/batch.py, verif/cosim/main.cpp
--batch; `make test-batch`, part of test-examples):
 - generation in-process: the harness writes the program wfgen writes, byte for
   byte (and gen.log as the runner writes it for wfgen), for seeds of every size
   set, with knob overrides, under a CDG bias, and a generator error's text;
 - no state leaks from one seed into the next: a seed's record and output are the
   same alone and after other seeds in one process (other run-time knobs, an
   --imem-jitter run, and mutants (run-time plusargs of a WF_MUTANTS build) that
   end in a mismatch, an RTL assertion (which finishes the simulation) and a
   final-state difference);
 - a worker that crashes or hangs loses only the seed in flight: it runs alone
   through the per-seed path (not-reproduced when it then passes), the rest go on;
 - BATCH=1 and BATCH=0 give the same per-seed outcomes, records, programs and
   output (scripts/regress-compare.py), and the comparison fails on a difference."""
import os
import re
import shlex
import shutil
import subprocess

import pytest

from wf.regress import batch
from wf.paths import ROOT, WFGEN
from wf.testing import script, write

RUNSH = os.path.join(ROOT, "verif", "cosim", "run.sh")
MUTANTS = "WF_ASSERT WF_MUTANTS"


def built(defines):
    """The default-size build of these defines, made or verified by run.sh; (binary, env)."""
    env = dict(os.environ, WF_DEFINES=defines)
    for k in [k for k in env if k.startswith("WF_") and k not in ("WF_DEFINES", "WF_RTL_DIR")]:
        del env[k]
    p = subprocess.run([RUNSH, "--build-only"], env=env, capture_output=True, text=True, timeout=1800)
    assert p.returncode == 0, "run.sh --build-only (WF_DEFINES=%s): %s" % (defines, p.stderr[-600:])
    return batch.build_of([], env)


def draw(seed, sizes="default"):
    p = subprocess.run([WFGEN, "--config-only", "--sizes", sizes, "--war-none", "--seed", str(seed)],
                       capture_output=True, text=True, check=True)
    return shlex.split(p.stdout.splitlines()[0])


def run_batch(binary, env, specs, timeout=600):
    """specs: [(dir, wfgen args, harness args)]; the harness's reply lines."""
    lines = []
    for d, gen, args in specs:
        os.makedirs(d, exist_ok=True)
        lines.append("\t".join([d, "$ wfgen"] + gen + ["--run"] + args) + "\n")
    p = subprocess.run([binary, "--batch"], input="".join(lines), env=env, capture_output=True, text=True,
                       timeout=timeout, cwd=ROOT)
    assert p.returncode == 0, "--batch exit %d: %s" % (p.returncode, p.stderr[-600:])
    return p.stdout.splitlines()


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


@pytest.fixture(scope="module")
def default_build():
    return built("WF_ASSERT")


# ---- generation: the bytes of wfgen ----------------------------------------------------------

def test_generation_matches_wfgen(default_build, tmp):
    binary, env = default_build
    bias = write(os.path.join(tmp, "bias.txt"), "# warpfront-cdg-bias 1\n3 hazard.mem_order@loops=3,hazard=stall,war=bloom\n")
    cases = []
    for sizes in ("default", "smallest", "64x128", "odd1", "odd2", "any"):
        for seed in (1, 7, 123456):
            cases.append(["--seed", str(seed), "--random-knobs"] + draw(seed, sizes))
    opts = draw(5)
    cases += [["--seed", "5", "--random-knobs"] + opts + ["--knob", "length=40"],
              ["--seed", "9"] + opts,
              ["--seed", "11", "--random-knobs", "--cdg", bias] + opts,
              ["--seed", "12", "--knob", "no-such-knob=1"] + opts]  # a generator error
    specs = []
    for k, gen in enumerate(cases):
        d = os.path.join(tmp, "gen", str(k))
        # the run is refused at once (--runs 0): only the generation is under test
        specs.append((d, gen + ["-o", os.path.join(d, "prog.s")], [os.path.join(d, "prog.s"), "--runs", "0"]))
    replies = run_batch(binary, env, specs)
    assert len(replies) == len(cases), replies
    for k, (d, gen, _) in enumerate(specs):
        ref = os.path.join(tmp, "gen", "ref%d.s" % k)
        p = subprocess.run([WFGEN] + gen[:-1] + [ref], capture_output=True, text=True)
        log = read(os.path.join(d, "gen.log"))
        assert log == "$ wfgen\n%s%s[exit %d]\n" % (p.stdout, p.stderr, p.returncode), \
            "case %d (%s): gen.log %r, wfgen said %r" % (k, " ".join(gen), log, p.stderr)
        if p.returncode:
            assert replies[k] == "gen-error" and not os.path.exists(os.path.join(d, "prog.s")), \
                "case %d: a generator error gave %r" % (k, replies[k])
            continue
        assert replies[k].startswith("done 2 "), "case %d: %r (expected the refused run, exit 2)" % (k, replies[k])
        with open(ref, "rb") as a, open(os.path.join(d, "prog.s"), "rb") as b:
            assert a.read() == b.read(), "case %d (%s): the harness's program differs from wfgen's" % (
                k, " ".join(gen))
    assert not [f for f in os.listdir(os.path.join(tmp, "gen", "0")) if ".tmp" in f], "temporary files left"


# ---- no state from one seed in the next --------------------------------------------------------

def seed_spec(root, tag, seed, extra=()):
    d = os.path.join(root, tag)
    opts = draw(seed)
    prog = os.path.join(d, "prog.s")
    return (d, ["--seed", str(seed), "--random-knobs"] + opts + ["-o", prog],
            [prog] + opts + ["--seed", str(seed)] + list(extra) + ["--result", os.path.join(d, "verdict.json")])


SPEED = re.compile(r"\b\d+ cycles/s|\bin \d+\.\d+ s\b")


def outcome(d):
    """A run's record and output, its directory and speed taken out."""
    return [SPEED.sub("S", read(os.path.join(d, f)).replace(d, "D")) for f in ("verdict.json", "stdout.txt",
                                                                                 "stderr.txt")]


@pytest.fixture(scope="module")
def mutant_build():
    return built(MUTANTS)


# run-time mutants that fail the victim's neighbour (seed 3): a lockstep mismatch, an RTL
# assertion (it finishes the simulation), a final-state difference
FAILING = {"mismatch": "+WF_MUTANT_MUL_LAT", "assertion": "+WF_MUTANT_WRITE_PRIORITY",
           "final-state": "+WF_MUTANT_CLEAR_SHORT"}


def test_no_state_leak_between_seeds(mutant_build, tmp):
    binary, env = mutant_build
    root = os.path.join(tmp, "leak")
    victim = 1
    alone = seed_spec(root, "alone", victim)
    run_batch(binary, env, [alone])
    ref = outcome(alone[0])
    assert '"status": "pass"' in ref[0], "seed %d fails alone: %s" % (victim, ref[0][:400])
    sequences = {
        "knobs": [seed_spec(root, "k%d" % s, s) for s in (2, 3, 4)],
        "jitter": [seed_spec(root, "j", 6, ["--imem-jitter", "6"])],
        **{kind: [seed_spec(root, kind, 3, [plusarg])] for kind, plusarg in FAILING.items()},
        "itself": [seed_spec(root, "self", victim)],
    }
    for name, before in sequences.items():
        after = seed_spec(root, "after-" + name, victim)
        replies = run_batch(binary, env, before + [after])
        assert len(replies) == len(before) + 1, replies
        if name in ("mismatch", "assertion"):
            rec = read(os.path.join(before[0][0], "verdict.json"))
            assert '"status": "fail"' in rec and ('"kind": "%s"' % name) in rec, \
                "the %s neighbour did not fail as planned: %s" % (name, rec[:300])
        got = outcome(after[0])
        assert got == ref, "seed %d after %s differs from seed %d alone:\n%s\n---\n%s" % (
            victim, name, victim, "\n".join(got)[:1500], "\n".join(ref)[:1500])


# ---- a worker's crash or hang loses only the seed in flight ------------------------------------

def regress(out, **env):
    e = dict({"OUT": out, "RUN_ID": "r", "CSEEDS": "0", "SIZES": "default", "RTL_FORMS": "auto"}, **env)
    p = script("regress.py", env=e, timeout=1800)
    return p.returncode, p.stdout + p.stderr


def test_crash_and_hang_rerun_alone(default_build, tmp):
    out = os.path.join(tmp, "inj")
    rc, text = regress(out, SEEDS="6", TIMEOUT="15", IMEM_JITTER="0", REGRESS_INJECT_BATCH="2:segv,4:stop")
    run = os.path.join(out, "r")
    assert rc == 1 and text.rstrip().splitlines()[-1] == "4 passed, 2 failed", text[-1500:]
    for seed, first in ((2, "crash"), (4, "timeout")):
        res = read(os.path.join(run, str(seed), "result.txt"))
        assert res.startswith("FAIL not-reproduced first run (batch worker): %s" % first) and \
            "the run alone on a verified build" in res, "seed %d: %s" % (seed, res)
    for seed in (1, 3, 5, 6):
        assert read(os.path.join(run, str(seed), "result.txt")).startswith("PASS"), "seed %d" % seed
    assert not [f for s in range(1, 7) for f in os.listdir(os.path.join(run, str(s))) if ".tmp" in f], \
        "a killed worker's temporary files were left"


# ---- the same verdicts either way --------------------------------------------------------------

def test_batch_equals_per_seed(default_build, tmp):
    runs = []
    for b in ("1", "0"):
        out = os.path.join(tmp, "same" + b)
        rc, text = regress(out, SEEDS="10", IMEM_JITTER="3", BATCH=b)
        assert rc == 0, "BATCH=%s: %s" % (b, text[-800:])
        runs.append(os.path.join(out, "r"))
    p = script("regress-compare.py", *runs)
    assert p.returncode == 0 and "10 seeds compared (pass 10): identical" in p.stdout, p.stdout[-1500:]
    # the comparison sees a difference in a record
    bad = os.path.join(tmp, "same-bad")
    shutil.copytree(runs[1], bad)
    v = os.path.join(bad, "4", "verdict.json")
    write(v, read(v).replace('"model": ', '"model": 1'))
    p = script("regress-compare.py", runs[0], bad)
    assert p.returncode == 1 and "seed 4: verdict.json differs" in p.stdout, p.stdout[-800:]
