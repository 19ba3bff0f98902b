"""`make layering` (also run by make test-unit): the layers cmodel/ <- sim/ <-
verif/ as the build enforces them. With the flags the Makefile compiles each
layer's objects with (CMODEL_FLAGS, SIM_FLAGS, VERIF_FLAGS: CFLAGS plus
layer_inc, passed by make), every verif/include header fails to compile from
a cmodel/ or a sim/ object because it is not found, and compiles from a
verif/ one; every cmodel/include header compiles from all three. No C source
in cmodel/ or sim/ reaches another layer by a relative #include."""
import glob
import os
import re
import shlex
import subprocess

import pytest

from wf.paths import ROOT

CC = shlex.split(os.environ.get("CC", "gcc"))
FLAGS = {layer: shlex.split(os.environ.get(layer.upper() + "_FLAGS", "")) for layer in ("cmodel", "sim", "verif")}
VERIF_H = sorted(os.path.basename(h) for h in glob.glob(os.path.join(ROOT, "verif", "include", "*.h")))
CMODEL_H = sorted(os.path.basename(h) for h in glob.glob(os.path.join(ROOT, "cmodel", "include", "*.h")))
CASES = ([(layer, h, "missing") for h in VERIF_H for layer in ("cmodel", "sim")] +
         [("verif", h, "ok") for h in VERIF_H] +
         [(layer, h, "ok") for h in CMODEL_H for layer in ("cmodel", "sim", "verif")])


def test_flags_given():
    assert all(FLAGS.values()), "set CMODEL_FLAGS, SIM_FLAGS and VERIF_FLAGS (make layering does)"
    assert VERIF_H and CMODEL_H, "no headers found"


@pytest.mark.parametrize("layer,header,want", CASES, ids=["%s-%s" % (c[0], c[1]) for c in CASES])
def test_include(layer, header, want):
    p = subprocess.run(CC + FLAGS[layer] + ["-x", "c", "-fsyntax-only", "-"], input='#include "%s"\n' % header,
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode == 0:
        got = "ok"
    elif header + ": No such file" in p.stdout:
        got = "missing"
    else:
        got = "error: " + p.stdout.splitlines()[0]
    assert got == want, '#include "%s" in a %s/ object: %s, expected %s' % (header, layer, got, want)


def test_no_relative_include_out_of_layer():
    bad = []
    for layer in ("cmodel", "sim"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, layer)):
            for f in files:
                if f.endswith((".c", ".h")):
                    with open(os.path.join(dirpath, f), errors="replace") as fh:
                        for n, line in enumerate(fh, 1):
                            if re.match(r'\s*#\s*include\s*"[^"]*\.\./', line):
                                bad.append("%s:%d: %s" % (os.path.relpath(os.path.join(dirpath, f), ROOT), n, line.strip()))
    assert not bad, "a relative #include leaves its layer:\n" + "\n".join(bad)
