"""`make test-install`: `make install` into a temporary PREFIX, then as a user
outside the tree would: build verif/install/example.c with `pkg-config
--cflags --libs warpfront`, run it and compare its cycles, instructions and
final state with wfsim on the same programs and configurations; the same
against the installed static library; every installed header compiles on its
own; the shared libraries export exactly the functions of their public
headers (verif/install/api_symbols.py; an internal block function must not
be visible) and carry a SONAME; a staged install (DESTDIR) puts the files
under DESTDIR with the .pc naming PREFIX."""
import filecmp
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys

import pytest

from wf.paths import ROOT
from wf.testing import make, sim, sim_json, write

CC = os.environ.get("CC", "gcc")
CFLAGS = ["-std=c11", "-Wall", "-Wextra", "-Werror"]
# the example's NAME=VALUE are wfsim's --NAME VALUE
RUNS = ["sim/examples/saxpy.s", "sim/examples/fact.s warps=4 war=inorder loops=2",
        "sim/examples/sum_loop.s sched=gto banks=2 layout=naive", "sim/examples/vecadd.s hazard=stall collectors=1"]
INTERNAL = ("wf_model_impl.h", "wf_bits.h")


def out(cmd, **kw):
    """CMD's stdout (it must pass)"""
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, **kw)
    assert p.returncode == 0, "%s: %s" % (" ".join(cmd), p.stderr[-800:])
    return p.stdout


@pytest.fixture(scope="module")
def pre(tmp):
    p = os.path.join(tmp, "prefix")
    r = make("-s", "install", "PREFIX=" + p)
    assert r.returncode == 0, "make install PREFIX=%s:\n%s" % (p, r.stdout[-2000:])
    return p


def pkg_config(pre, *args):
    return shlex.split(out(["pkg-config"] + list(args), env=dict(os.environ, PKG_CONFIG_PATH=pre + "/lib/pkgconfig")))


@pytest.fixture(scope="module")
def user(tmp, pre):
    """the user's build outside the tree, no path into the source tree: the
    example linked shared (through pkg-config) and static"""
    d = os.path.join(tmp, "user")
    os.mkdir(d)
    shutil.copy(os.path.join(ROOT, "verif", "install", "example.c"), d)
    out([CC] + CFLAGS + pkg_config(pre, "--cflags", "warpfront") + ["example.c", "-o", "example"] +
        pkg_config(pre, "--libs", "warpfront") + ["-Wl,-rpath," + pre + "/lib"], cwd=d)
    out([CC] + CFLAGS + ["-I" + pre + "/include/warpfront", "example.c", "-o", "example-static",
                         pre + "/lib/libwarpfront.a", "-lm"], cwd=d)
    return d


def test_example_loads_installed_library(user, pre):
    assert pre + "/lib/libwarpfront.so.0" in out(["ldd", os.path.join(user, "example")]), \
        "example does not load the installed libwarpfront.so.0"


@pytest.mark.parametrize("ex", ["example", "example-static"])
@pytest.mark.parametrize("run", RUNS)
def test_example_matches_wfsim(run, ex, user, tmp):
    prog, *kv = run.split()
    opts = [w for a in kv for w in ("--" + a.split("=", 1)[0], a.split("=", 1)[1])]
    got_state, want_state = os.path.join(tmp, "got.%s.json" % ex), os.path.join(tmp, "want.%s.json" % ex)
    got = out([os.path.join(user, ex), prog, got_state] + kv, cwd=ROOT).strip()
    j = sim_json("--quiet", "--json", "--dump-state", want_state, *opts, prog)
    want = "cycles %d instructions %d" % (j["cycles"], j["instructions"])
    assert got == want, "%s %s: '%s', wfsim: '%s'" % (ex, run, got, want)
    assert filecmp.cmp(got_state, want_state, shallow=False), "%s %s: final state differs from wfsim --dump-state" % (ex, run)


def test_range_error_is_wfsims(user, tmp):
    p = subprocess.run([os.path.join(user, "example"), "sim/examples/saxpy.s", os.path.join(tmp, "x.json"), "warps=99"],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    assert p.returncode != 0, "warps=99 accepted"
    w = sim("--warps", "99", "sim/examples/saxpy.s", cwd=ROOT)
    assert w.returncode != 0, "wfsim accepted --warps 99"
    msg = p.stdout.strip()
    msg = msg[len("example: "):] if msg.startswith("example: ") else msg
    assert msg in w.stdout + w.stderr, "range message '%s' is not wfsim's '%s'" % (p.stdout, w.stderr)


def test_headers_compile_alone(pre, tmp):
    flags = pkg_config(pre, "--cflags", "wfverif")
    headers = sorted(glob.glob(pre + "/include/warpfront/*.h"))
    assert headers, "no header installed"
    for h in headers:
        src = write(os.path.join(tmp, "h.c"), "#include <%s>\n" % os.path.basename(h))
        p = subprocess.run([CC] + CFLAGS + ["-fsyntax-only"] + flags + [src], stderr=subprocess.PIPE,
                           universal_newlines=True)
        assert p.returncode == 0, "header %s does not compile alone: %s" % (os.path.basename(h), p.stderr[:800])
    for h in INTERNAL:
        assert not os.path.exists(pre + "/include/warpfront/" + h), "the internal header %s is installed" % h


@pytest.mark.parametrize("lib,headers", [
    ("libwarpfront.so", [h for h in sorted(glob.glob(ROOT + "/cmodel/include/*.h")) if os.path.basename(h) not in INTERNAL]),
    ("libwfverif.so", sorted(glob.glob(ROOT + "/verif/include/*.h")))], ids=["libwarpfront", "libwfverif"])
def test_exports_and_soname(lib, headers, pre):
    # exactly the public headers' functions, and the SONAME
    api = sorted(out([sys.executable, "verif/install/api_symbols.py"] + headers, cwd=ROOT).split())
    nm = out(["nm", "-D", "--defined-only", pre + "/lib/" + lib])
    exported = sorted(set(f[2] for f in (x.split() for x in nm.splitlines()) if len(f) == 3 and f[1] in "TDBRW"))
    assert api == exported, "%s exports differ from the functions of its public headers: only exported %s, " \
        "only declared %s" % (lib, sorted(set(exported) - set(api)), sorted(set(api) - set(exported)))
    soname = lib.split(".so")[0] + ".so.0"
    assert re.search(r"SONAME.*\[%s\]" % re.escape(soname), out(["readelf", "-d", pre + "/lib/" + lib])), \
        "%s: no SONAME %s" % (lib, soname)


def test_internal_function_hidden(pre):
    assert not re.search(r"\bwf_issue_decide\b", out(["nm", "-D", "--defined-only", pre + "/lib/libwarpfront.so"])), \
        "the internal block function wf_issue_decide is exported"
    assert re.search(r"\bwf_issue_decide\b", out(["nm", "--defined-only", pre + "/lib/libwarpfront.a"])), \
        "wf_issue_decide not in libwarpfront.a (the internal-symbol check would be vacuous)"


def test_staged_install(tmp):
    stage = os.path.join(tmp, "stage")
    r = make("-s", "install", "DESTDIR=" + stage, "PREFIX=/opt/wf")
    assert r.returncode == 0, "make install DESTDIR=%s PREFIX=/opt/wf:\n%s" % (stage, r.stdout[-2000:])
    for f in ("lib/libwarpfront.so.0", "lib/libwfverif.so", "lib/libwarpfront.a", "lib/libwfverif.a",
              "include/warpfront/warpfront.h", "lib/pkgconfig/wfverif.pc", "bin/wfsim"):
        assert os.path.exists(stage + "/opt/wf/" + f), "DESTDIR install: %s missing" % f
    with open(stage + "/opt/wf/lib/pkgconfig/warpfront.pc") as f:
        assert "prefix=/opt/wf" in f.read().splitlines(), "warpfront.pc does not name PREFIX=/opt/wf"
