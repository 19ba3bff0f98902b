"""`make fusesoc-lint` (docs/fpga.md): the FuseSoC core fusesoc.core.
 1. every wf_core parameter (rtl/wf_core.v) and every wf_fpga_top parameter
    (fpga/wf_fpga_top.v) is a core parameter, with the RTL's default
    (wf_core's in the parameter, wf_fpga_top's in the synth target);
 1b. every fileset lists the files its sources include (quoted includes);
 2. fpga/demo.hex (the synth target's program image) is what
    `wfsim --emit-hex sim/examples/fact.s` writes today;
 3. `fusesoc run --target=lint` passes, and fails (naming the parameter)
    with --WARPS=0, so a failing lint is seen;
 4. `fusesoc run --target=synth` (Yosys synth_ice40 of wf_fpga_top) writes a
    netlist holding the core with the demo program in the instruction
    memory's block RAMs, and fails with --WARPS=0.
The synthesis in 4 is of the smallest FPGA machine (docs/fpga.md ice-min,
about 2 minutes; FUSESOC_SYNTH_ARGS="" synthesizes the wrapper's default
shape, 10-20 minutes); FUSESOC_SYNTH=0 skips 4. Logs under build/fusesoc/."""
import filecmp
import json
import os
import re
import shlex
import shutil
import subprocess

import pytest
import yaml

from wf.paths import BUILD, ROOT
from wf.testing import sim

OUT = os.path.join(BUILD, "fusesoc")
VLNV = "warpfront:warpfront:core"
SMALL = ("--WARPS=1 --LANES=1 --REGS=8 --BANKS=1 --COLLECTORS=1 --SB_ENTRIES=1 --IBUF=1 --ICACHE_LINES=1 "
         "--ICACHE_LINE=1 --IMSHRS=1 --MEM_LINE=1 --BLOOM_BITS=4 --ALU_LAT_MAX=1 --MUL_LAT_MAX=1 "
         "--LSU_LAT_MAX=2 --CFG_MUL_LAT=1")
NETLIST = os.path.join(BUILD, "warpfront_warpfront_core_0.1.0", "synth-yosys", "warpfront_warpfront_core_0.1.0.json")
SYNTH = os.environ.get("FUSESOC_SYNTH", "1") != "0"



@pytest.fixture(scope="module", autouse=True)
def out():
    assert shutil.which("fusesoc"), "fusesoc not installed (scripts/setup.sh installs it)"
    os.makedirs(OUT, exist_ok=True)


@pytest.fixture(scope="module")
def core():
    with open(os.path.join(ROOT, "fusesoc.core")) as f:
        return yaml.safe_load(f.read().split("\n", 1)[1])


def rtl_params(path, stop=None):
    with open(os.path.join(ROOT, path)) as f:
        text = f.read().split(") (", 1)[0]      # the #( ... ) header
    # the generated parameter blocks it includes (rtl/wf_core_sizes.vh ...), in place
    text = re.sub(r'`include "(wf_core_\w+\.vh)"',
                  lambda m: open(os.path.join(ROOT, "rtl", m.group(1))).read(),
                  text)
    if stop:
        text = text.split(stop, 1)[0]
    return re.findall(r'parameter\s+(?:integer\s+)?(\w+)\s*=\s*("[^"]*"|-?\d+)', text)


def test_parameters(core):
    cp, errs = core.get("parameters", {}), []
    core_p = rtl_params("rtl/wf_core.v", "// derived")
    top_p = rtl_params("fpga/wf_fpga_top.v")
    if len(core_p) < 17:
        errs.append("found only %d wf_core parameters" % len(core_p))
    for n, v in core_p:
        if n not in cp:
            errs.append("wf_core parameter %s missing from fusesoc.core" % n)
        elif str(cp[n].get("default")) != v.strip('"'):   # a string parameter's default unquoted
            errs.append("%s: default %s, wf_core.v has %s" % (n, cp[n].get("default"), v))
    for n, v in core_p + top_p:
        if n in cp and not all(k in cp[n] for k in ("datatype", "default", "description", "paramtype")):
            errs.append("%s lacks datatype/default/description/paramtype" % n)
    synth = core["targets"]["synth"]["parameters"]
    sdef = dict(p.split("=", 1) if "=" in p else (p, str(cp.get(p, {}).get("default"))) for p in synth)
    for n, v in top_p:
        v = v.strip('"')
        if n not in cp:
            errs.append("wf_fpga_top parameter %s missing from fusesoc.core" % n)
        elif sdef.get(n) != v:
            errs.append("synth target: %s=%s, wf_fpga_top.v default %s" % (n, sdef.get(n), v))
    assert not errs, "; ".join(errs)
    print("%d wf_core and %d wf_fpga_top parameters" % (len(core_p), len(top_p)))


def test_filesets_complete(core):
    # every listed file exists, and every quoted #include / `include of a listed
    # source is itself listed in the same fileset (an exported core builds alone)
    errs, n = [], 0
    for name, fs in core["filesets"].items():
        files = [next(iter(f)) if isinstance(f, dict) else f for f in fs.get("files", [])]
        listed = set(os.path.normpath(f) for f in files)
        dirs = sorted(set(os.path.dirname(f) for f in files if f.endswith((".h", ".vh", ".inc"))))
        for f in files:
            if not os.path.isfile(os.path.join(ROOT, f)):
                errs.append("%s: %s does not exist" % (name, f))
                continue
            if not f.endswith((".c", ".h", ".cpp", ".v", ".vh", ".inc")):
                continue
            with open(os.path.join(ROOT, f)) as fh:
                incs = re.findall(r'^\s*[#`]\s*include\s+"([^"]+)"', fh.read(), re.M)
            for inc in incs:
                n += 1
                cands = [os.path.normpath(os.path.join(d, inc)) for d in [os.path.dirname(f)] + dirs]
                hit = [c for c in cands if os.path.isfile(os.path.join(ROOT, c))]
                if hit and not any(c in listed for c in hit):
                    errs.append("%s: %s includes %s, which the fileset does not list" % (name, f, hit[0]))
    assert not errs, "; ".join(errs)
    assert n > 0, "no include resolved: the check would be vacuous"
    print("%d filesets, %d includes resolved inside their fileset" % (len(core["filesets"]), n))



def test_cosim_links_the_libraries(core):
    # the cosim fileset feeds fusesoc_clib.sh, which links what main.cpp calls:
    # it must list every source of libwfverif (verif/verif.mk VERIF_LIB_SRCS)
    with open(os.path.join(ROOT, "verif", "verif.mk")) as fh:
        m = re.search(r"^VERIF_LIB_SRCS\s*:=\s*(.*)$", fh.read(), re.M)
    assert m, "verif/verif.mk: no VERIF_LIB_SRCS line"
    want = m.group(1).split()
    files = [next(iter(f)) if isinstance(f, dict) else f for f in core["filesets"]["cosim"]["files"]]
    missing = [f for f in want if f not in files]
    assert not missing, "fusesoc.core cosim fileset lacks %s (in VERIF_LIB_SRCS)" % ", ".join(missing)

def test_demo_image():
    hexfile = os.path.join(OUT, "demo.hex")
    p = sim("--emit-hex", hexfile, os.path.join(ROOT, "sim", "examples", "fact.s"))
    assert p.returncode == 0, p.stderr
    assert filecmp.cmp(hexfile, os.path.join(ROOT, "fpga", "demo.hex"), shallow=False), \
        "fpga/demo.hex differs from wfsim --emit-hex sim/examples/fact.s (regenerate it)"


def fusesoc(log, target, *args):
    """fusesoc run TARGET ARGS, its output in build/fusesoc/LOG: (exit status, output)"""
    path = os.path.join(OUT, log)
    with open(path, "w") as f:
        rc = subprocess.run(["fusesoc", "--cores-root", ".", "run", "--target=" + target, VLNV] + list(args),
                            cwd=ROOT, stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL).returncode
    with open(path) as f:
        return rc, f.read()


def test_lint():
    rc, log = fusesoc("lint.log", "lint")
    assert rc == 0, "fusesoc run --target=lint, see build/fusesoc/lint.log:\n" + "\n".join(log.splitlines()[-5:])


def test_lint_refuses_warps_0():
    rc, log = fusesoc("lint_bad.log", "lint", "--WARPS=0")
    assert rc != 0 and "WARPS_out_of_range_1_to_64" in log, \
        "fusesoc lint accepted WARPS=0 or did not name it, see build/fusesoc/lint_bad.log"


@pytest.mark.skipif(not SYNTH, reason="FUSESOC_SYNTH=0")
def test_synth():
    if os.path.exists(NETLIST):
        os.remove(NETLIST)
    rc, log = fusesoc("synth.log", "synth", *shlex.split(os.environ.get("FUSESOC_SYNTH_ARGS", SMALL)))
    assert rc == 0 and os.path.getsize(NETLIST) > 0, \
        "fusesoc run --target=synth, see build/fusesoc/synth.log:\n" + "\n".join(log.splitlines()[-5:])
    with open(NETLIST) as f:
        m = json.load(f)["modules"]["wf_fpga_top"]["cells"]
    rom = [c for n, c in m.items() if n.startswith("u_imem.imem_q") and c["type"] == "SB_RAM40_4K"]
    assert sum(c["type"] == "SB_LUT4" for c in m.values()) > 100, "the netlist has no SB_LUT4 cells to speak of"
    assert rom and any("1" in v for c in rom for k, v in c["parameters"].items() if k.startswith("INIT_")), \
        "the program is not in the instruction memory's SB_RAM40_4K"


@pytest.mark.skipif(not SYNTH, reason="FUSESOC_SYNTH=0")
def test_synth_refuses_warps_0():
    rc, log = fusesoc("synth_bad.log", "synth", "--WARPS=0")
    assert rc != 0 and "WARPS_out_of_range_1_to_64" in log, \
        "fusesoc synth accepted WARPS=0 or did not name it, see build/fusesoc/synth_bad.log"
