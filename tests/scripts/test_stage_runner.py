"""tests/test-stages.sh, the runner of `make test`'s stages, with a fake make
(STAGE_MAKE) whose stages pass, fail or wait for each other (part of
test-examples):
 * all passing: exit 0, a PASS line and a log per stage, the closing table;
 * one failing among passing ones: exit 1, its FAIL line, its log on the
   terminal, the others still run and pass;
 * a stage killed by a signal counts as failed;
 * JOBS=2 runs two stages at once (each waits to see the other's start
   marker: run one at a time, the first would time out and fail); JOBS=1
   runs them one at a time (the same pair then fails);
 * JOBS out of range is refused with the allowed range."""
import os
import re
import subprocess

import pytest

from wf.paths import ROOT
from wf.testing import write

FAKE_MAKE = """#!/usr/bin/env bash
# fake make: $1 is --no-print-directory, $2 the stage
st=$2
case $st in
  ok*) echo "$st: all checks passed" ;;
  fail*) echo "$st: line one of the failure"; echo "$st: the reason it failed"; exit 1 ;;
  crash*) kill -SEGV $$ ;;
  pair-*) # start marker, then wait up to 10 s for the partner's
    touch "%(tmp)s/started-$st"
    other=pair-a; [[ $st == pair-a ]] && other=pair-b
    for _ in $(seq 100); do [[ -e "%(tmp)s/started-$other" ]] && { echo "$st: saw $other"; exit 0; }; sleep 0.1; done
    echo "$st: $other never started while I ran"; exit 1 ;;
  *) echo "make: *** No rule to make target '$st'.  Stop." >&2; exit 2 ;;
esac
"""


@pytest.fixture(scope="module")
def stages(tmp):
    """stages(NAME, *STAGES, **ENV): the runner on the fake make, logs in
    tmp/logs-NAME: (exit status, output, log directory)"""
    fake = write(os.path.join(tmp, "fake-make"), FAKE_MAKE % {"tmp": tmp})
    os.chmod(fake, 0o755)

    def run(name, *st, **env):
        for f in os.listdir(tmp):
            if f.startswith("started-"):
                os.remove(os.path.join(tmp, f))
        logs = os.path.join(tmp, "logs-" + name)
        p = subprocess.run(["bash", os.path.join(ROOT, "tests", "test-stages.sh")] + list(st),
                           env=dict(os.environ, STAGE_MAKE=fake, STAGE_LOGS=logs, **env), cwd=ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True, timeout=120)
        return p.returncode, p.stdout, logs
    return run


def test_all_passing(stages):
    rc, out, logs = stages("good", "ok-a", "ok-b", "ok-c")
    assert rc == 0, "all passing: exit %d, expected 0" % rc
    for st in ("ok-a", "ok-b", "ok-c"):
        assert re.search(r"^PASS %s .*%s: all checks passed" % (st, st), out, re.M), "no PASS line for " + st
        with open(os.path.join(logs, st + ".log")) as f:
            assert "%s: all checks passed" % st in f.read(), "no log for " + st
        assert re.search(r"^%s +[0-9]+  pass$" % st, out, re.M), "%s not in the closing table" % st
    assert re.search(r"^wall clock: .* JOBS=2", out, re.M), "no wall-clock line"


def test_one_failing(stages):
    rc, out, _ = stages("mixed", "ok-a", "fail-b", "ok-c")
    assert rc == 1, "one failing: exit %d, expected 1" % rc
    assert re.search(r"^FAIL fail-b .*exit 1", out, re.M), "no FAIL line"
    assert "fail-b: the reason it failed" in out, "its log is not shown"
    assert re.search(r"^test-stages: FAILED: fail-b$", out, re.M), "no closing FAILED line"
    assert re.search(r"^PASS ok-c ", out, re.M), "the stage after it did not run"


def test_killed_stage(stages):
    rc, out, _ = stages("crash", "crash-a", "ok-b")
    assert rc == 1, "killed stage: exit %d, expected 1" % rc
    assert re.search(r"^FAIL crash-a .*exit 139", out, re.M), "no FAIL line with exit 139"


def test_unknown_stage(stages):
    assert stages("missing", "no-such-stage")[0] == 1, "unknown stage: not exit 1"


def test_jobs_2_runs_stages_at_once(stages):
    rc, out, _ = stages("two", "pair-a", "pair-b", JOBS="2")
    assert rc == 0, "JOBS=2: the two stages did not run at once: " + out[-300:]


def test_jobs_1_runs_one_at_a_time(stages):
    assert stages("one", "pair-a", "pair-b", JOBS="1")[0] == 1, "JOBS=1: two stages ran at once"


def test_jobs_out_of_range(stages):
    rc, out, _ = stages("badjobs", "ok-a", JOBS="0")
    assert rc == 2 and "JOBS=0: allowed: an integer >= 1" in out, "JOBS=0: not refused with the allowed range: " + out
