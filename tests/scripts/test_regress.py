"""The regression runner (scripts/regress.py) reports what happened
(`make test-regress`, part of test-examples):
 C leg: passes with the real wfsim; with a wfsim wrapper that corrupts one
   memory word of every dumped state it fails with wrong-result, keeps logs
   and a rerun list, and exits 1.
 RTL leg (verif/cosim/run.sh; default-size build, cached under build/rtl/):
   - a tiny regression passes with the closing line, one directory per seed
     (program, options, command, stdout, result), JUnit with every seed;
   - a seed re-run alone draws the same options and program (reproducible),
     different seeds draw different knobs;
   - SHARD=1/2 + SHARD=2/2 run the same seeds as the unsharded run, disjointly;
   - failures: a mutant build (REGRESS_INJECT_DEFINES, RTL trace self-test
     define) is a mismatch with field and waves; a COSIM wrapper that kills
     itself, hangs, reports a final-state mismatch or a build failure gives
     crash, timeout, final-state, build-error, each with its log kept and a
     rerun line, and the run exits 1;
   - COV=1: per-run functional coverage merged (covreport.py) with holes
     listed; Verilator coverage data merged, lcov info + genhtml, totals.
Set TEST_REGRESS_RTL=0 to run only the C-leg part (and wfgen's draws)."""
import filecmp
import glob
import os
import re
import shlex
import subprocess

import pytest

from wf import forms
from wf.paths import ROOT
from wf.testing import WFSIM, gen, load_json, script, sim, write

RTL = os.environ.get("TEST_REGRESS_RTL", "1") != "0"
rtl = pytest.mark.skipif(not RTL, reason="TEST_REGRESS_RTL=0")


def regress(out, **env):
    """scripts/regress.py into OUT (RUN_ID r): (exit status, output)"""
    p = script("regress.py", env=dict({"OUT": out, "RUN_ID": "r"}, **env), timeout=1800)
    return p.returncode, p.stdout + p.stderr


def last_line(text):
    lines = text.rstrip("\n").splitlines()
    return lines[-1] if lines else ""


def read(path):
    with open(path) as f:
        return f.read()


# ---- wfgen's configuration draws (verif/randcfg.c; unit test: verif/unit/test_randcfg.c) ----
def test_wfgen_config_draws(tmp):
    p = gen("--config-only", "--sizes", "bogus", "--seed", "1")
    assert p.returncode != 0, "wfgen --sizes bogus accepted"
    assert "allowed a comma list of default smallest 64x128 odd1 odd2 any" in p.stderr, "wfgen --sizes bogus: " + p.stderr
    assert gen("--sizes", "default", "--seed", "1", "-o", os.path.join(tmp, "x.s")).returncode != 0, \
        "wfgen --sizes without --config-only accepted"
    a, b = (gen("--config-only", "--sizes", "odd2", "--seed", "7") for _ in range(2))
    assert a.returncode == 0 and b.returncode == 0, "wfgen --config-only failed"
    assert a.stdout == b.stdout, "wfgen --config-only is not deterministic"
    lines = a.stdout.splitlines()
    assert lines[1] == "# sizes odd2", "wfgen --config-only: no '# sizes odd2' line"
    assert "--warps 13 --lanes 7 --regs 19 " in a.stdout, "wfgen --config-only --sizes odd2: not the odd2 sizes"
    opts = lines[0].split()
    prog = os.path.join(tmp, "p7.s")
    assert gen("--seed", "7", "--random-knobs", *opts, "-o", prog).returncode == 0 and \
        sim("--quiet", *opts, prog).returncode == 0, "the drawn options and program do not run on wfsim"


# ---- C leg ------------------------------------------------------------------------------------
def test_c_leg_passes(tmp):
    rc, out = regress(os.path.join(tmp, "good"), SEEDS="0", CSEEDS="1")
    assert rc == 0, "C leg with the real wfsim failed: " + out[-400:]
    assert re.match(r"^[0-9]+ passed, 0 failed$", last_line(out)), "C leg: no clean closing line: " + last_line(out)


CORRUPT_WFSIM = """#!/usr/bin/env bash
# Runs the real wfsim, then flips memory word 0 of the dumped state.
"%s" "$@" || exit $?
prev=""
for a in "$@"; do
  if [ "$prev" = "--dump-state" ]; then
    python3 -c 'import json,sys; p=sys.argv[1]; s=json.load(open(p)); s["mem"][0]^=1; json.dump(s,open(p,"w"))' "$a"
  fi
  prev="$a"
done
"""


def test_c_leg_reports_wrong_result(tmp):
    fake = write(os.path.join(tmp, "corrupt-wfsim"), CORRUPT_WFSIM % WFSIM)
    os.chmod(fake, 0o755)
    rc, out = regress(os.path.join(tmp, "bad"), SEEDS="0", CSEEDS="1", WFSIM=fake)
    assert rc == 1, "corrupted wfsim: regress exited %d, expected 1" % rc
    assert "wrong-result" in out, "corrupted wfsim: no wrong-result failure reported"
    assert re.search(r"^[0-9]+ passed, [1-9][0-9]* failed$", out, re.M), "corrupted wfsim: closing line " + last_line(out)
    bdir = sorted(glob.glob(os.path.join(tmp, "bad", "*", "")))[0]
    assert os.path.getsize(os.path.join(bdir, "rerun.txt")) > 0, "corrupted wfsim: empty rerun list"
    assert '<failure type="wrong-result"' in read(os.path.join(bdir, "junit.xml")), "corrupted wfsim: JUnit has no failure"
    assert glob.glob(os.path.join(bdir, "c", "*", "log.txt")), "corrupted wfsim: no per-run logs kept"


# ---- RTL leg: a tiny regression, reproducibility, shards --------------------------------------
RTL_ENV = {"CSEEDS": "0", "SIZES": "default", "IMEM_JITTER": "0"}


@pytest.fixture(scope="module")
def r4(tmp):
    rc, out = regress(os.path.join(tmp, "r4"), SEEDS="4", **RTL_ENV)
    assert rc == 0, "tiny RTL regression failed: " + out[-600:]
    return os.path.join(tmp, "r4", "r"), out


def seeds_of(d):
    return sorted(int(s) for s in os.listdir(d) if s.isdigit())


@rtl
def test_tiny_rtl_regression(r4):
    d, out = r4
    assert last_line(out) == "4 passed, 0 failed", "tiny RTL regression: closing line '%s'" % last_line(out)
    for s in range(1, 5):
        for f in ("prog.s", "options.txt", "cmd.txt", "stdout.txt", "stderr.txt", "result.txt"):
            assert os.path.exists(os.path.join(d, str(s), f)), "seed %d: no %s" % (s, f)
        assert read(os.path.join(d, str(s), "result.txt")).startswith("PASS"), "seed %d: result.txt is not PASS" % s
        assert re.search(r"^PASS", read(os.path.join(d, str(s), "stdout.txt")), re.M), \
            "seed %d: harness stdout has no PASS line" % s
    assert read(os.path.join(d, "junit.xml")).count("<testcase") == 4, "tiny RTL regression: JUnit does not list 4 seeds"
    configs = set(x for s in range(1, 5) for x in read(os.path.join(d, str(s), "options.txt")).splitlines()
                  if not x.startswith("#"))
    assert len(configs) == 4, "4 seeds did not draw 4 different configurations"


def test_pin_lists_agree():
    """The pins the harness checks (verif/include/wf_host.h WF_LAUNCH_PINS) are
    wf_core's PIN_* parameters, each with the launch input its comment names,
    and the fpga form pins only those."""
    with open(os.path.join(ROOT, "rtl", "wf_core_knobs.vh")) as f:   # wf_core's PIN_* (generated)
        rtl_pins = dict(re.findall(r"parameter integer PIN_(\w+)\s*=\s*-1,?.*\(cfg_(\w+)_i\)", f.read()))
    with open(os.path.join(ROOT, "verif", "include", "wf_host.h")) as f:
        host = f.read()
    host_pins = {pin: inp for inp, pin, _opt in re.findall(r'X\((\w+), (\w+), "([\w-]+)"\)', host)}
    assert len(rtl_pins) >= 11 and rtl_pins == host_pins, "wf_core PIN_*: %s; WF_LAUNCH_PINS: %s" % (rtl_pins, host_pins)
    assert set(forms.form("fpga")[0]) - {"PIN_" + p for p in rtl_pins} <= set(forms.PASS_THROUGH)


@rtl
def test_rtl_forms_drawn_per_seed(r4, tmp):
    """RTL_FORMS (default auto,distributed,fpga; scripts/wf/forms.py): seeds
    1, 3, 4 draw distributed, seed 2 fpga, seed 8 auto (a hash of the seed);
    each form runs on its own build of its own RTL, an fpga seed's options are
    the pins, and a pinned build really ignores a contradicting option."""
    d, out = r4
    want = {1: "distributed", 2: "fpga", 3: "distributed", 4: "distributed"}
    built = {}
    for log in glob.glob(os.path.join(d, "builds", "*.log")):
        m = re.search(r"^run\.sh: (?:built|cached build verified:) (\S+)", read(log), re.M)
        assert m, "build log %s names no build directory" % log
        built[re.sub(r".*__form-|\.log$", "", log)] = m.group(1)
    assert sorted(built) == ["distributed", "fpga"], "builds of the forms: %s" % built
    fpga_params, fpga_pins = forms.form("fpga")
    for s, form in want.items():
        opts = read(os.path.join(d, str(s), "options.txt"))
        params = forms.rtl_params(forms.form(form)[0])
        assert "# RTL form %s: WF_RTL_PARAMS=%s\n" % (form, params) in opts, "seed %d: options.txt: %s" % (s, opts)
        cmd = read(os.path.join(d, str(s), "cmd.txt"))
        assert cmd.startswith("WF_DEFINES=WF_ASSERT WF_RTL_PARAMS=%s " % shlex.quote(params)), "seed %d: %s" % (s, cmd)
    line = read(os.path.join(d, "2", "options.txt")).splitlines()[0].split()
    for name, v in fpga_pins.items():
        assert line[line.index("--" + name) + 1] == v, "fpga seed 2: --%s is not its pin %s: %s" % (name, v, line)
    assert "regress: RTL by RTL form: distributed 3/3, fpga 1/1" in out, "no per-form line in the report"
    # the distributed form's RTL is wf_spram's registered read address
    with open(os.path.join(ROOT, built["distributed"], "Vwf_core___024root.h")) as f:
        assert "raddr_q" in f.read(), "the distributed build has no raddr_q: not that form's RTL"
    # the fpga build is pinned: the pinned options pass; the harness refuses a
    # contradicting one by name (that the RTL itself ignores the input is
    # make rtl-pins' check, on a build whose harness has no pins)
    base = ["verif/cosim/run.sh", "sim/examples/saxpy.s"] + [a for k, v in sorted(fpga_pins.items())
                                                           for a in ("--" + k, v)]
    env = dict(os.environ, WF_RTL_PARAMS=forms.rtl_params(fpga_params), WF_AUTO_WAVES="0")
    hazard = fpga_params["PIN_HAZARD"]
    for extra, rc_want in (([], 0), (["--hazard", "replay" if hazard else "stall"], 2)):
        p = subprocess.run(base + extra, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
        assert p.returncode == rc_want, "fpga form %s: exit %d, expected %d: %s" % (
            extra, p.returncode, rc_want, (p.stdout + p.stderr)[-400:])
    assert "but the RTL build pins it: PIN_HAZARD=%d" % hazard in p.stderr and "--hazard " in p.stderr, \
        "pinned build against a contradicting --hazard: " + (p.stdout + p.stderr)[-400:]
    # the auto form: seed 8, no WF_RTL_PARAMS
    rc, out8 = regress(os.path.join(tmp, "r8"), SEED="8", SEEDS="1", **RTL_ENV)
    assert rc == 0 and "RTL by RTL form: auto 1/1" in out8, "seed 8 (auto): " + out8[-400:]
    assert "WF_RTL_PARAMS" not in read(os.path.join(tmp, "r8", "r", "8", "cmd.txt")), "auto seed with WF_RTL_PARAMS"
    for bad in ("bogus", "auto,auto", "auto,"):
        rc, out = regress(os.path.join(tmp, "rs"), SEEDS="1", RTL_FORMS=bad, **RTL_ENV)
        assert rc == 2 and "RTL_FORMS=%s: allowed a comma list of distinct values of auto, distributed, fpga" % bad \
            in out, "RTL_FORMS=%r: exit %d, %s" % (bad, rc, out[-300:])


@rtl
def test_seed_alone_is_reproducible(r4, tmp):
    rc, out = regress(os.path.join(tmp, "r1"), SEED="3", SEEDS="1", **RTL_ENV)
    assert rc == 0, "seed 3 alone failed: " + out[-400:]
    for f in ("options.txt", "prog.s"):
        assert filecmp.cmp(os.path.join(r4[0], "3", f), os.path.join(tmp, "r1", "r", "3", f), shallow=False), \
            "seed 3 alone drew another %s" % f


@rtl
def test_shards_partition_the_seeds(r4, tmp):
    shards = []
    for i in (1, 2):
        rc, out = regress(os.path.join(tmp, "sh%d" % i), SEEDS="4", SHARD="%d/2" % i, **RTL_ENV)
        assert rc == 0, "SHARD=%d/2 failed: %s" % (i, out[-400:])
        shards.append(seeds_of(os.path.join(tmp, "sh%d" % i, "r")))
    assert seeds_of(r4[0]) == [1, 2, 3, 4], "unsharded seeds %s" % seeds_of(r4[0])
    assert sorted(shards[0] + shards[1]) == [1, 2, 3, 4], "shards %s + %s != 1..4" % tuple(shards)
    assert shards[0] and shards[1], "a shard ran no seed (%s / %s)" % tuple(shards)
    assert not set(shards[0]) & set(shards[1]), "shards overlap: %s / %s" % tuple(shards)
    rc, out = regress(os.path.join(tmp, "shx"), SEEDS="2", SHARD="3/2", **RTL_ENV)
    assert rc != 0, "SHARD=3/2 accepted"
    assert re.search(r"SHARD=.*allowed", out), "SHARD=3/2: no range message"


# ---- RTL leg: every failure kind --------------------------------------------------------------
# seeds 1..8: 1 real pass, 2 a mutant build (mismatch), 3 crash, 4 hang, 5 final state, 6 build,
# 7 an RTL assertion, 8 an arch-level mismatch (its field path has blanks); the fake's
# verdicts are result records (--result FILE, verif/lockstep.c's schema) as the harness writes them
FAKE_COSIM = """#!/usr/bin/env bash
seed=$(basename "$(dirname "$1")")
res=; prev=; for a in "$@"; do [ "$prev" = --result ] && res=$a; prev=$a; done
record() { printf '{"schema": {"name": "warpfront.result", "version": 1}, "status": "fail", "kind": "%%s", '\\
'"exit_code": 1, "message": "%%s", "reproduce": "fake-repro %%s"%%s}\\n' "$1" "$2" "$seed" "${3:-}" >"$res"; }
case "$seed" in
  3) exec bash -c 'kill -SEGV $$' ;;
  4) exec sleep 300 ;;
  5) echo "FINAL STATE MISMATCH: w0 r6 lane 0: rtl 1, cycle model 0"
     record final-state "FINAL STATE MISMATCH: vs interpreter: warp 0 r6 lane 0: 1 vs 0"; exit 1 ;;
  6) echo "run.sh: build failed, see build/rtl/x/build.log" >&2; exit 2 ;;
  7) echo "[12] %%Error: wf_scoreboard.v:80: WF_ASSERT wf_scoreboard: writeback to r3 of warp 1, which no entry holds" >&2
     record assertion "RTL ASSERTION at cycle 12 (run 1): RTL assertion, WF_ASSERT wf_scoreboard: writeback to r3"; exit 1 ;;
  8) record mismatch "cycle 40, field arch warp[0].r0.lane[0]: expected 5 (0x5), actual 7 (0x7)" \\
       ', "cycle": 40, "field": "arch warp[0].r0.lane[0]", "expected": 5, "actual": 7'; exit 1 ;;
esac
exec "%s/verif/cosim/run.sh" "$@"
"""
KINDS = {2: "mismatch", 3: "crash", 4: "timeout", 5: "final-state", 6: "build-error", 7: "assertion", 8: "mismatch"}


@pytest.fixture(scope="module")
def kinds(tmp):
    cosim = write(os.path.join(tmp, "cosim"), FAKE_COSIM % ROOT)
    os.chmod(cosim, 0o755)
    # the smallest sizes and one form: the kinds do not depend on them, and
    # the three builds (seed 1, seed 2's mutant and its waves) compile fast
    rc, out = regress(os.path.join(tmp, "k"), SEEDS="8", TIMEOUT="8", COSIM=cosim,
                      REGRESS_INJECT_DEFINES="2:WF_ASSERT+WF_MUTANT_TRACE_SELFTEST",
                      **dict(RTL_ENV, SIZES="smallest", RTL_FORMS="auto"))
    return rc, out, os.path.join(tmp, "k", "r")


@rtl
def test_failure_kinds_exit_and_closing_line(kinds):
    rc, out, _ = kinds
    assert rc == 1, "failure kinds: regress exited %d, expected 1" % rc
    assert last_line(out) == "1 passed, 7 failed", "failure kinds: closing line '%s'" % last_line(out)


@rtl
@pytest.mark.parametrize("seed", sorted(KINDS))
def test_failure_kind_reported(kinds, seed):
    _, out, kd = kinds
    k = KINDS[seed]
    assert re.search(r"^FAIL rtl +seed%d .* %s " % (seed, k), out, re.M), "seed %d: not reported as %s" % (seed, k)
    assert read(os.path.join(kd, str(seed), "result.txt")).startswith("FAIL " + k), \
        "seed %d: result.txt does not say FAIL %s" % (seed, k)
    assert all(os.path.exists(os.path.join(kd, str(seed), f)) for f in ("stdout.txt", "stderr.txt")), \
        "seed %d: log not kept" % seed
    assert '<failure type="%s"' % k in read(os.path.join(kd, "junit.xml")), "JUnit has no %s failure" % k


@rtl
def test_failure_rerun_lines_and_waves(kinds):
    _, out, kd = kinds
    rerun = [x for x in read(os.path.join(kd, "rerun.txt")).splitlines() if x]
    assert len(rerun) == 7, "rerun.txt has %d lines, expected 7" % len(rerun)
    assert "fake-repro 5" in rerun, "rerun.txt does not use the harness's reproduce line"
    assert any(re.search(r"WF_MUTANT_TRACE_SELFTEST.*run.sh .*/2/prog.s", x) for x in rerun), \
        "no reproduce line for the mutant seed"
    assert re.search(r"^FAIL rtl +seed2 .* mismatch +cycle [0-9]+, field [a-z]", out, re.M), \
        "mismatch without cycle and field"
    assert "LOCKSTEP MISMATCH at cycle" in read(os.path.join(kd, "2", "stdout.txt")) + \
        read(os.path.join(kd, "2", "stderr.txt")), "mismatch report not in seed 2's log"
    m = re.search(r"^ *waves: (.*)$", out, re.M)
    fst = m.group(1) if m else ""
    assert fst and any(os.path.isfile(p) and os.path.getsize(p) > 0 for p in (os.path.join(ROOT, fst), fst)), \
        "no waves file printed for the mismatch ('%s')" % fst


@rtl
def test_failure_field_path_kept(kinds):
    """an arch-level mismatch keeps its whole field path (blanks included) with
    expected and actual: console, result.json and JUnit"""
    _, out, kd = kinds
    path = "arch warp[0].r0.lane[0]"
    assert re.search(r"^FAIL rtl +seed8 .* mismatch +cycle 40, field arch warp\[0\]\.r0\.lane\[0\]: expected 5 "
                     r"\(0x5\), actual 7", out, re.M), "console: the field path is cut: " + out[-1500:]
    res = load_json(os.path.join(kd, "8", "result.json"))
    assert (res["field"], res["expected"], res["actual"], res["cycle"]) == (path, 5, 7, 40), res
    assert 'message="cycle 40, field %s: expected 5 (0x5), actual 7 (0x7)"' % path in \
        read(os.path.join(kd, "junit.xml")), "JUnit: the field path is cut"


# ---- COV=1: functional coverage from the harness, line/toggle data merged ---------------------
# A wrapper stands in for the (slow to build) --coverage variant: it writes a
# tiny Verilator coverage file per run (line 10 hit `seed` times, line 12
# never, one toggle point hit on odd seeds) and runs the normal build.
COVSIM = r"""#!/usr/bin/env bash
seed=$(basename "$(dirname "$1")")
if [ -n "${WF_LINE_COV:-}" ]; then
  p() { printf "C '\x01f\x02rtl/wf_core.v\x01l\x02%%s\x01n\x020\x01page\x02v_%%s/wf_core\x01o\x02%%s\x01h\x02TOP.wf_core' %%s\n" "$@"; }
  { echo "# SystemC::Coverage-3"; p 10 line block "$seed"; p 12 line block 0; p 11 toggle t $((seed %% 2)); } >"$WF_LINE_COV"
  unset WF_LINE_COV
fi
exec "%s/verif/cosim/run.sh" "$@"
"""


@rtl
def test_cov_merges_functional_and_line_coverage(tmp):
    covsim = write(os.path.join(tmp, "covsim"), COVSIM % ROOT)
    os.chmod(covsim, 0o755)
    rc, out = regress(os.path.join(tmp, "cov"), SEEDS="3", COV="1", COSIM=covsim, **RTL_ENV)
    assert rc == 0, "COV=1 regression failed: " + out[-600:]
    cd = os.path.join(tmp, "cov", "r", "coverage")
    assert re.search(r"^regress: functional coverage \(harness --cov\): 3 files, 6 runs, [1-9][0-9]* cycles", out, re.M), \
        "COV=1: no merged functional coverage line"
    assert re.search(r"^regress: functional coverage: never fired: ", out, re.M), "COV=1: holes not listed"
    assert "HOLE" in read(os.path.join(cd, "functional.txt")), "COV=1: coverage/functional.txt has no bins"
    assert re.search(r"^regress: line/toggle coverage: line    1 of 2 points hit \(50\.0%\)$", out, re.M), "COV=1: line totals"
    assert re.search(r"^regress: line/toggle coverage: toggle  1 of 1 points hit \(100\.0%\)$", out, re.M), \
        "COV=1: toggle totals"
    assert re.search(r"l.10.*' 6$", read(os.path.join(cd, "merged.dat")), re.M), \
        "COV=1: merged.dat does not add the three runs' hits (1+2+3)"
    assert re.search(r"^DA:10,6$", read(os.path.join(cd, "rtl.info")), re.M), "COV=1: lcov info lacks DA:10,6"
    assert os.path.getsize(os.path.join(cd, "html", "index.html")) > 0, "COV=1: no genhtml report"
    assert not glob.glob(os.path.join(tmp, "cov", "r", "[1-3]", "coverage.dat")), \
        "COV=1: per-run coverage data kept after the merge"
    assert os.path.getsize(os.path.join(tmp, "cov", "r", "2", "run.cov.json")) > 0, "COV=1: no per-run functional coverage file"
