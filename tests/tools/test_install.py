"""`make test-install`: `make install` into a temporary PREFIX, then as a user
outside the tree would: build verif/install/example.c with `pkg-config
--cflags --libs warpfront`, run it and compare its cycles, instructions and
final state with wfsim on the same programs and configurations; the same
against the installed static library; every installed header compiles on its
own; the shared libraries export exactly the functions of their public
headers (verif/install/api_symbols.py; an internal block function must not
be visible) and carry a SONAME; a staged install (DESTDIR) puts the files
under DESTDIR with the .pc naming PREFIX. The program built with nothing but
`pkg-config --cflags --libs warpfront` starts without LD_LIBRARY_PATH (the
.pc's Libs carry an rpath); a Verilator DPI-C testbench builds against the
installed libwf_dpi.so, SystemVerilog declarations and RTL (pkg-config
wfdpi) and passes, and fails on a flipped trace bit; the installed Python
package, pip-installed from the prefix, runs a program with no
WARPFRONT_PREFIX, PKG_CONFIG_PATH or LD_LIBRARY_PATH."""
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
        pkg_config(pre, "--libs", "warpfront"), cwd=d)
    out([CC] + CFLAGS + ["-I" + pre + "/include/warpfront", "example.c", "-o", "example-static",
                         pre + "/lib/libwarpfront.a", "-lm"], cwd=d)
    return d


def user_env():
    """the environment of a user who set nothing: no library or package search path"""
    return {k: v for k, v in os.environ.items()
            if k not in ("LD_LIBRARY_PATH", "PKG_CONFIG_PATH", "WARPFRONT_PREFIX", "PYTHONPATH")}


def test_example_loads_installed_library(user, pre):
    assert pre + "/lib/libwarpfront.so.0" in out(["ldd", os.path.join(user, "example")], env=user_env()), \
        "example does not load the installed libwarpfront.so.0"
    # started as a user would, outside the tree, no LD_LIBRARY_PATH (the rpath of the .pc's Libs)
    p = subprocess.run([os.path.join(user, "example"), os.path.join(ROOT, "sim/examples/saxpy.s"), "state.json"],
                       cwd=user, env=user_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    assert p.returncode == 0 and p.stdout.startswith("cycles "), \
        "the pkg-config-built example does not start without LD_LIBRARY_PATH: %s" % p.stdout[-400:]


# the smallest wf_core the examples run on (one Verilated build of the DPI testbench)
DPI_SIZES = {"warps": 2, "lanes": 2, "regs": 16, "banks": 2, "collectors": 1}


@pytest.fixture(scope="module")
def dpi_tb(tmp, pre):
    """The DPI-C testbench (verif/dpi/tb_dpi.sv, copied as a user's own) built
    with Verilator against the installed files only: wf_core from rtldir,
    wf_dpi.svh from svdir, libwf_dpi.so by pkg-config wfdpi."""
    d = os.path.join(tmp, "dpi")
    os.mkdir(d)
    shutil.copy(os.path.join(ROOT, "verif", "dpi", "tb_dpi.sv"), d)
    rtldir = pkg_config(pre, "--variable=rtldir", "wfdpi")[0]
    cmd = (["verilator", "--binary", "--timing", "-j", "2", "-Wall", "--top-module", "tb_dpi", "-I" + rtldir] +
           pkg_config(pre, "--cflags", "wfdpi") + [os.path.join(rtldir, "wf.vlt")] +
           sorted(glob.glob(os.path.join(rtldir, "*.v"))) + ["tb_dpi.sv"] +
           ["-G%s=%d" % (k.upper(), v) for k, v in DPI_SIZES.items()] +
           ["-o", "tb", "-LDFLAGS", " ".join(pkg_config(pre, "--libs", "wfdpi"))])
    p = subprocess.run(cmd, cwd=d, env=user_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    assert p.returncode == 0, "the DPI testbench does not build against the install:\n%s" % p.stdout[-3000:]
    return os.path.join(d, "obj_dir", "tb")


@pytest.mark.parametrize("flip", [None, 0], ids=["pass", "flipped-bit"])
def test_dpi_testbench_against_install(dpi_tb, pre, flip):
    opts = " ".join("--%s %d" % kv for kv in DPI_SIZES.items())
    cmd = [dpi_tb, "+program=" + os.path.join(ROOT, "sim/examples/vecadd.s"), "+options=" + opts]
    if flip is not None:  # obs_o's issue.valid inverted in cycle 13 (as make dpi-smoke)
        iv = out([sys.executable, "scripts/gen-layout.py", "--lsb", "obs.issue.valid"], cwd=ROOT).strip()
        cmd += ["+flip_bit=" + iv, "+flip_cycle=13"]
    assert pre + "/lib/libwf_dpi.so" in out(["ldd", dpi_tb], env=user_env())
    p = subprocess.run(cmd, cwd=os.path.dirname(dpi_tb), env=user_env(), stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    if flip is None:
        assert p.returncode == 0 and re.search(r"^PASS tb_dpi ", p.stdout, re.M), p.stdout[-1500:]
    else:
        assert p.returncode == 1 and "LOCKSTEP MISMATCH" in p.stdout and "field:    issue.valid" in p.stdout, \
            "the flipped bit was not reported through the installed library:\n" + p.stdout[-1500:]


def test_python_package_from_install(pre, tmp):
    """pip install of PREFIX/share/warpfront/python (a copy: setuptools writes
    next to pyproject.toml), then a program outside the tree with nothing set"""
    src = os.path.join(tmp, "pysrc")
    shutil.copytree(os.path.join(pre, "share", "warpfront", "python"), src)
    site = os.path.join(tmp, "site")
    out([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--target", site, src])
    prog = write(os.path.join(tmp, "app.py"), (
        "import sys\nsys.path.insert(0, %r)\nimport warpfront as wf\n"
        "cfg = wf.Config()\ncfg['warps'] = 4\n"
        "prog = wf.assemble(open(%r).read(), regs=cfg['regs'], name='saxpy.s')\n"
        "print('libdir', wf._libdir)\n"
        "m = wf.Model(cfg, prog)\nm.run()\nprint('cycles', m.cycle)\n")
        % (site, os.path.join(ROOT, "sim/examples/saxpy.s")))
    p = subprocess.run([sys.executable, prog], cwd=tmp, env=user_env(), stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    assert p.returncode == 0, "the installed Python package does not run with nothing set:\n" + p.stdout[-1500:]
    assert "libdir %s/lib" % pre in p.stdout, p.stdout
    want = sim_json("--quiet", "--json", "--warps", "4", "sim/examples/saxpy.s")["cycles"]
    assert "cycles %d" % want in p.stdout, "%s; wfsim: %d cycles" % (p.stdout, want)


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
              "include/warpfront/warpfront.h", "lib/pkgconfig/wfverif.pc", "bin/wfsim", "lib/libwf_dpi.so",
              "lib/pkgconfig/wfdpi.pc", "share/warpfront/sv/wf_dpi.svh", "share/warpfront/rtl/wf_core.v",
              "share/warpfront/python/warpfront/_install.py"):
        assert os.path.exists(stage + "/opt/wf/" + f), "DESTDIR install: %s missing" % f
    with open(stage + "/opt/wf/lib/pkgconfig/warpfront.pc") as f:
        assert "prefix=/opt/wf" in f.read().splitlines(), "warpfront.pc does not name PREFIX=/opt/wf"


def test_txcheck_dpi_installed(pre, tmp):
    """The transaction-level checker's DPI-C shim is in the installed libwf_dpi.so
    and its SystemVerilog package (verif/dpi/wf_txcheck_pkg.sv) is installed and
    elaborates from the install alone."""
    nm = out(["nm", "-D", "--defined-only", pre + "/lib/libwf_dpi.so"])
    for fn in ("wf_txdpi_create", "wf_txdpi_retire", "wf_txdpi_write", "wf_txdpi_store", "wf_txdpi_done"):
        assert re.search(r"\b%s\b" % fn, nm), "libwf_dpi.so does not export %s" % fn
    pkg = pre + "/share/warpfront/sv/wf_txcheck_pkg.sv"
    assert os.path.exists(pkg), "wf_txcheck_pkg.sv not installed"
    r = subprocess.run(["verilator", "--lint-only", "-Wno-fatal", "--top-module", "wf_txcheck_pkg", pkg],
                       cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert r.returncode == 0, "the installed wf_txcheck_pkg.sv does not elaborate:\n" + r.stdout[-2000:]
