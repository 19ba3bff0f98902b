"""`make help` names every user-facing target (every .PHONY target of the
Makefile) on a line of its own, and names no target the Makefile lacks
(part of test-examples)."""
import re

import pytest

from wf.testing import make


def phony_targets():
    """the .PHONY targets as make reads them (every included file, continued lines)"""
    p = make("-pRrq", ":")
    return sorted(set(w for line in p.stdout.splitlines() if line.startswith(".PHONY: ")
                      for w in line[len(".PHONY: "):].split()))


PHONY = phony_targets()


@pytest.fixture(scope="module")
def help_lines():
    p = make("help")
    assert p.returncode == 0, "make help failed: " + p.stdout[-400:]
    return [x for x in p.stdout.splitlines() if x.startswith("make ")]


def test_phony_found():
    assert PHONY, "no .PHONY targets found"


@pytest.mark.parametrize("t", PHONY)
def test_listed(t, help_lines):
    pat = r"make +build" if t == "all" else r"make %s( |$)" % re.escape(t)
    assert any(re.match(pat, x) for x in help_lines), "make help does not list '%s'" % t


def test_listed_targets_exist(help_lines):
    # the second word of every "make ..." line
    extra = [x.split()[1] for x in help_lines if len(x.split()) > 1 and x.split()[1] != "build"
             and x.split()[1] not in PHONY]
    assert not extra, "make help lists %s, not .PHONY targets" % extra
