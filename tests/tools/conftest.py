"""Shared by the tests of the design's tools: the tools under test and the
runners (scripts/wf/testing.py: wfsim from WFSIM, plain in `make
test-examples`, sanitized in `make test-asan`), a scratch directory per
module, and `expect`."""
import os
import sys

import pytest

# the package scripts/wf/ and the checkers of verif/ (check_examples, check_kernels, wfstate)
sys.path[:0] = [os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", d) for d in ("scripts", "verif")]
from wf.testing import sim  # noqa: E402


@pytest.fixture(scope="module")
def tmp(tmp_path_factory):
    return str(tmp_path_factory.mktemp("wf"))


@pytest.fixture
def expect():
    """expect(RC, TEXT, *ARGS): wfsim ARGS (at most 300 s) exits with RC and
    prints TEXT (a fixed string; "" for any) on stdout or stderr. Returns the
    process."""
    def check(rc, text, *args):
        p = sim(*args)
        cmd = "wfsim " + " ".join(str(a) for a in args)
        assert p.returncode == rc, "%s exited %d, expected %d; stderr: %s" % (
            cmd, p.returncode, rc, p.stderr[:400])
        assert text in p.stdout or text in p.stderr, "%s did not print: %s; got: %s" % (
            cmd, text, (p.stderr + p.stdout)[:400])
        return p
    return check
