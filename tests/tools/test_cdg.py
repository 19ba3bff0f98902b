"""Coverage-directed generation (`make test-cdg`, part of test-examples;
docs/verification.md "Coverage-directed generation"; scripts/wf/cdg.py,
wfgen --cdg, the bin table in verif/cdg.c):
 - a bias toward one plan cell moves the seeds' configurations and programs
   to it, and the C model's coverage of that cell grows over the same seeds
   drawn plainly; without a bias the draws are the plain ones;
 - the runner end to end with a harness that is the C model (wfsim --cov,
   the records lockstep compares): COV=1 writes coverage/coverage.json, CDG=
   reads it, keeps the bias in the run with its sha256, names it in every
   seed's options.txt, and a failing seed's report prints the command that
   re-draws it, which gives the same program;
 - a missing, non-JSON or wrong-format report and a malformed bias file are
   exit 2 with the file named (regress.py, covreport.py, wfgen)."""
import filecmp
import glob
import hashlib
import os
import re

import pytest

from wf.testing import WFSIM, gen, load_json, script, write

CELL = "hazard.mem_order @ loops=3,hazard=stall,war=bloom"


@pytest.fixture(scope="module")
def bias(tmp):
    return write(os.path.join(tmp, "bias.txt"), "# warpfront-cdg-bias 1\n# one plan cell\n1 %s\n"
                 % CELL.replace(" @ ", "@"))


def test_cdg_check(bias):
    p = gen("--cdg-check", bias)
    assert "1 targets, weight 1: 1 aimed by the bin table's rows" in p.stdout, "wfgen --cdg-check: " + p.stdout + p.stderr


@pytest.fixture(scope="module")
def plain_and_directed(tmp, bias):
    """seeds 101..140 through covreport --plan, plain and under the bias:
    {kind: (output dir, report JSON, report text)}"""
    out = {}
    for kind, extra in (("plain", []), ("cdg", ["--cdg", bias])):
        d = os.path.join(tmp, kind)
        p = script("covreport.py", "--plan", "--quiet", "--regress-seeds", "40", "--out", d,
                   "--json", d + ".json", *extra, env={"SEED": "101"})
        assert p.returncode == 0, "%s seeds: %s" % (kind, (p.stdout + p.stderr)[-400:])
        out[kind] = (d, load_json(d + ".json"), p.stdout)
    return out


def test_covreport_names_bias(plain_and_directed, tmp):
    text = plain_and_directed["cdg"][2]
    assert re.search(r"^covreport: CDG: seeds 101\.\.140 drawn under %s/cdg/cdg-bias\.txt \(sha256 .*"
                     r"re-run: make coverage-report SEED=101 SEEDS=40 CDG=" % re.escape(tmp), text, re.M), \
        "covreport --cdg does not name its bias and re-run: " + text[:400]


def test_bias_moves_stimulus(plain_and_directed):
    def drawn(d):  # seeds whose configuration is the cell's
        n = 0
        for f in glob.glob(os.path.join(d, "*", "options.txt")):
            with open(f) as fh:
                n += bool(re.search(r"--war bloom .*--loops 3 --hazard stall", fh.read()))
        return n
    (pd, pj, _), (dd, dj, _) = plain_and_directed["plain"], plain_and_directed["cdg"]
    np_, nd = drawn(pd), drawn(dd)
    nrow = 0
    for f in glob.glob(os.path.join(dd, "programs", "any", "*.s")):
        with open(f) as fh:
            nrow += bool(re.search(r"^# cdg target 1 .*hazard\.mem_order", fh.read(), re.M))
    hp, hd = pj["plan_cells"][CELL]["seeds"], dj["plan_cells"][CELL]["seeds"]
    print("seeds 101..140, cell %s: configuration drawn plain %d, directed %d (programs aimed at it %d); "
          "cell hit by plain %d, directed %d seeds" % (CELL, np_, nd, nrow, hp, hd))
    assert nd >= 20 and nd >= np_ + 15, "the bias did not move the configurations (plain %d, directed %d of 40)" % (np_, nd)
    assert nrow >= 20, "the programs do not name the target (%d of 40)" % nrow
    assert hd >= hp + 5, "the directed seeds do not hit the cell more (plain %d, directed %d of 40)" % (hp, hd)


def test_undirected_seeds_are_plain(plain_and_directed):
    # the seeds the bias leaves alone (a quarter) are the plain seeds, word for word
    pd, dd = plain_and_directed["plain"][0], plain_and_directed["cdg"][0]
    same = 0
    for f in glob.glob(os.path.join(dd, "programs", "any", "*.s")):
        with open(f) as fh:
            lines = fh.read().splitlines(True)
        if not any(x.startswith("# cdg: none") for x in lines):
            continue
        with open(os.path.join(pd, "programs", "any", os.path.basename(f))) as fh:
            same += [x for x in lines if not x.startswith("# cdg")] == fh.read().splitlines(True)
    assert same >= 4, "the undirected seeds of a CDG run differ from their plain draws (%d identical)" % same


# ---- the runner: COV=1 -> coverage.json -> CDG= ---------------------------------
# the harness is the C model (wfsim --cov): the functional coverage lockstep would record
FAKE_COSIM = """#!/usr/bin/env bash
[ "$1" = --build-only ] && { echo "run.sh: cached build verified: fake"; exit 0; }
prog=$1; shift; opts=(); cov=""; seed=""; res=""
while [ $# -gt 0 ]; do
  case "$1" in --cov) cov=$2; shift 2 ;; --seed) seed=$2; shift 2 ;; --result) res=$2; shift 2 ;;
                --waves|--cmp) shift 2 ;; *) opts+=("$1"); shift ;; esac
done
record() { printf '{"schema": {"name": "warpfront.result", "version": 1}, "status": "%%s", "kind": "%%s", "exit_code": %%s, "message": "%%s"}\n' "$@" >"$res"; }
[ -n "${CDG_TEST_FAIL:-}" ] && [ "$seed" = "$CDG_TEST_FAIL" ] &&
  { echo "LOCKSTEP MISMATCH at cycle 7"; echo "  field: warp[0].pc"; record fail mismatch 1 "cycle 7, field warp[0].pc"; exit 1; }
"%s" --quiet "${opts[@]}" ${cov:+--cov "$cov"} "$prog" || exit $?
record pass pass 0 ""
"""


@pytest.fixture(scope="module")
def regress(tmp):
    """regress(**env): scripts/regress.py with the fake harness into tmp/out"""
    cosim = write(os.path.join(tmp, "cosim"), FAKE_COSIM % WFSIM)
    os.chmod(cosim, 0o755)

    def run(**env):
        env = dict({"COSIM": cosim, "OUT": os.path.join(tmp, "out"), "CSEEDS": "0", "IMEM_JITTER": "0",
                    "JOBS": "2"}, **env)
        p = script("regress.py", env=env)
        return p.returncode, p.stdout + p.stderr
    return run


@pytest.fixture(scope="module")
def base_run(tmp, regress):
    rc, out = regress(RUN_ID="base", SEED="1", SEEDS="6", COV="1")
    assert rc == 0, "COV=1 run: " + out[-400:]
    return os.path.join(tmp, "out", "base", "coverage", "coverage.json")


def test_cov_run_writes_report(base_run):
    d = load_json(base_run)
    assert d["plan_cells"] and d["plan_holes"], "COV=1 wrote no coverage.json with plan cells"


@pytest.fixture(scope="module")
def directed_run(tmp, regress, base_run):
    rc, out = regress(CDG_TEST_FAIL="9", RUN_ID="dir", SEED="7", SEEDS="6", COV="1", CDG=base_run)
    return rc, out, os.path.join(tmp, "out", "dir")


def test_cdg_run_records_bias(directed_run):
    rc, out, rd = directed_run
    assert rc == 1, "CDG run with a failing seed: not exit 1: " + out[-400:]
    assert re.search(r"^regress: CDG: seeds drawn under .*dir/cdg-bias.txt \(sha256 [0-9a-f]*; [0-9]* targets: "
                     r"[0-9]* holes, [0-9]* weakly hit, from the coverage report", out, re.M), \
        "the run does not say which bias it used: " + "\n".join(x for x in out.splitlines() if "CDG" in x)
    c = load_json(os.path.join(rd, "run.json"))["cdg"]
    with open(os.path.join(rd, "cdg-bias.txt"), "rb") as f:
        assert c["sha256"] == hashlib.sha256(f.read()).hexdigest(), c
    assert c["source"].endswith("base/coverage/coverage.json") and c["holes"] > 0, c
    with open(os.path.join(rd, "8", "options.txt")) as f:
        assert re.search(r"^# cdg .*dir/cdg-bias.txt", f.read(), re.M), "options.txt does not name the bias"


def test_redraw_gives_failing_seed(tmp, regress, directed_run):
    _, out, rd = directed_run
    m = re.search(r"^ *redraw \(CDG\): (.*)$", out, re.M)
    line = m.group(1) if m else ""
    assert re.match(r"make regress SEED=9 SEEDS=1 CSEEDS=0 CDG=.*/dir/cdg-bias\.txt$", line), \
        "no redraw line for the failing seed: '%s'" % line
    # the redraw command (as regress.py) draws the failing seed's program again
    rc, again = regress(RUN_ID="again", SEED="9", SEEDS="1", CDG=line.split("CDG=", 1)[1])
    assert rc == 0, "redraw run: " + again[-400:]
    ra = os.path.join(tmp, "out", "again", "9")
    assert filecmp.cmp(os.path.join(rd, "9", "prog.s"), os.path.join(ra, "prog.s"), shallow=False)
    with open(os.path.join(rd, "9", "options.txt")) as a, open(os.path.join(ra, "options.txt")) as b:
        assert a.readline() == b.readline(), "the redraw of seed 9 is not the failing seed's configuration"


# ---- bad input: exit 2, the file named -------------------------------------------
BAD = {"missing.json": None, "notjson.json": "not json {\n",
       "v2.json": '{"format": "warpfront-cov-2", "bins": {}}\n',
       "badbias.txt": "# warpfront-cdg-bias 1\n1 sb.full@loops=7\n"}


@pytest.fixture(scope="module")
def bad(tmp):
    d = os.path.join(tmp, "bad-inputs")
    os.makedirs(d, exist_ok=True)
    for name, text in BAD.items():
        if text is not None:
            write(os.path.join(d, name), text)
    return lambda name: os.path.join(d, name)


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_report(name, bad, regress, tmp):
    f = bad(name)
    rc, out = regress(RUN_ID="bad", SEEDS="1", CDG=f)
    assert rc == 2 and re.search(r"^regress: CDG=%s" % re.escape(f), out, re.M), \
        "regress CDG=%s: rc=%d: %s" % (name, rc, out)
    assert not os.path.exists(os.path.join(tmp, "out", "bad")), "regress CDG=%s wrote a run directory" % name
    p = script("covreport.py", "--regress-seeds", "1", "--out", os.path.join(tmp, "x"), "--cdg", f)
    assert p.returncode == 2 and f in p.stdout + p.stderr, \
        "covreport --cdg %s: rc=%d: %s" % (name, p.returncode, p.stdout + p.stderr)
    if name == "notjson.json":
        assert "not JSON" in out, "non-JSON report: no 'not JSON'"
    if name == "v2.json":
        assert "format 'warpfront-cov-2', expected 'warpfront-cov-1'" in out, "wrong-version report: no format message"


def test_wfgen_bad_bias_line(bad):
    p = gen("--config-only", "--sizes", "any", "--seed", "1", "--cdg", bad("badbias.txt"))
    assert p.returncode == 2 and "badbias.txt:2: parameter loops='7': allowed 1|2|3" in p.stderr, \
        "wfgen --cdg bad line: rc=%d %s" % (p.returncode, p.stderr)


def test_wfgen_wrong_bias_version(tmp):
    f = write(os.path.join(tmp, "v2bias.txt"), "# warpfront-cdg-bias 2\n1 sb.full\n")
    p = gen("--cdg-check", f)
    assert p.returncode == 2 and "v2bias.txt:1: not a bias file of version 1" in p.stderr, \
        "wfgen: wrong bias version: rc=%d %s" % (p.returncode, p.stderr)
