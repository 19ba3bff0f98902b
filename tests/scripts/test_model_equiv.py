"""scripts/model-equiv.sh can pass and can fail (part of test-examples): HEAD
against itself is identical (NEW=HEAD, so uncommitted model changes do not
matter here); with one machine parameter changed on one side only
(EXTRA_NEW) it reports differences."""
import os
import subprocess

from wf.paths import ROOT


def model_equiv(**env):
    p = subprocess.run(["bash", "scripts/model-equiv.sh"], cwd=ROOT, env=dict(os.environ, NEW="HEAD", SEEDS="4", **env),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    print(p.stdout.splitlines()[-1] if p.stdout else "")
    return p.returncode, p.stdout


def test_unchanged_is_identical():
    rc, out = model_equiv()
    assert rc == 0 and "identical to" in out, "unchanged model not identical: " + out[-400:]


def test_changed_run_is_reported():
    rc, out = model_equiv(EXTRA_NEW="--mul-lat 7")
    assert rc == 1 and "differ from" in out, "a changed run was not reported: " + out[-400:]
