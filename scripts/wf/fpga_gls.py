"""`make fpga-gls`: gate-level simulation of the synth_ice40 or synth_ecp5
netlist that `make fpga` (scripts/synth.py) wrote for a configuration (default
ice-min, ecp5-1w1l, ecp5-1w1l-bram, whose register banks are block RAM, and
ecp5-1w1l-lutram, LUT-RAM banks with a registered read address): the netlist
(build/synth/<ice40|ecp5>/<config>/top.json,
as Verilog) with Yosys' iCE40 or ECP5 cell models (ECP5: plus
fpga/gls_ecp5_dp16kd.v and fpga/gls_ecp5_mult18x18d.v, the block RAM and DSP
models Yosys lacks) under Icarus, driven by fpga/tb_fpga_top.v built with
WF_GLS; the checksum on
the LEDs must equal fpga/checksum.py over `wfsim --dump-state` of the demo
program (fpga/demo.hex = sim/examples/fact.s) at the configuration's
parameters. This checks what synthesis made of the design, including the
program image in the instruction-memory block RAMs.
Usage: scripts/fpga-gls.py [CONFIG ...]. Exit status 0 pass, 1 fail, 2 error."""
import json
import os
import re
import shutil
import subprocess

from wf.synth import flows as synth  # (the netlists' paths)
from wf.synth.configs import CONFIGS  # (the configurations)
from wf import fpga_sim as fsim
from wf.paths import ROOT
CELLS = "/usr/share/yosys/ice40/cells_sim.v"


def wfsim_cfg(params):
    """wf_fpga_top parameters (wrapper defaults where absent) -> wfsim options."""
    cfg = dict(fsim.BASE)
    inv_size = {v: k for k, v in fsim.SIZE.items()}
    inv_run = {v[0]: (k, v[1]) for k, v in fsim.RUN.items()}
    for k, v in params.items():
        if k in inv_size:
            cfg[inv_size[k]] = v
        elif k in inv_run:
            opt, names = inv_run[k]
            cfg[opt] = {n: x for x, n in names.items()}[v] if names else v
    return cfg


def ecp5_cells():
    """Yosys' ECP5 simulation models (its data directory: share/yosys beside
    the yosys binary, where Yosys reads them; Debian ships no yosys-config
    without yosys-dev) without their DP16KD, which Yosys 0.23 declares with no
    behaviour (its outputs float), plus the models Yosys lacks:
    fpga/gls_ecp5_dp16kd.v and fpga/gls_ecp5_mult18x18d.v"""
    yosys = shutil.which("yosys")
    dat = os.path.join(os.path.dirname(os.path.realpath(yosys)), "..", "share", "yosys") if yosys \
        else "/usr/share/yosys"
    text = open(os.path.join(dat, "ecp5", "cells_sim.v")).read()
    m = re.search(r"^module DP16KD\b.*?^endmodule\b", text, re.S | re.M)
    if not m:
        raise RuntimeError("no DP16KD declaration in %s/ecp5/cells_sim.v" % dat)
    os.makedirs(os.path.join(synth.OUT, "ecp5"), exist_ok=True)
    cells = os.path.join(synth.OUT, "ecp5", "cells_sim_no_dp16kd.v")
    with open(cells, "w") as f:
        f.write(text[:m.start()] + "// DP16KD: fpga/gls_ecp5_dp16kd.v\n" + text[m.end():])
    # cells_sim.v includes its siblings (cells_ff.vh, ...)
    return ["-I" + os.path.join(dat, "ecp5"), cells,
            os.path.join(ROOT, "fpga", "gls_ecp5_dp16kd.v"),
            os.path.join(ROOT, "fpga", "gls_ecp5_mult18x18d.v")]


def ecp5_model_check():
    """fpga/gls_ramcheck.v as RTL and as its synth_ecp5 netlist (the flow's
    recipe) under Icarus with the models of ecp5_cells(): the block-RAM model
    must give the RTL's read-data checksum. None when equal, else the reason."""
    d = os.path.join(synth.OUT, "ecp5", "ramcheck")
    os.makedirs(d, exist_ok=True)
    src = os.path.join(ROOT, "fpga", "gls_ramcheck.v")
    tb = os.path.join(ROOT, "fpga", "tb_gls_ramcheck.v")
    script = ["read_verilog -sv %s" % src] + synth.synth_ecp5_cmds("gls_ramcheck") + \
        ["tee -q -o stat.txt stat", "write_verilog -noattr netlist.v"]
    p = subprocess.run(["yosys", "-q", "-l", "yosys.log", "-p", "; ".join(script)], cwd=d,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode:
        return "yosys on fpga/gls_ramcheck.v failed: " + p.stdout[-1000:]
    if synth.stat_cells(open(os.path.join(d, "stat.txt")).read())[0].get("DP16KD", 0) < 4:
        return "fpga/gls_ramcheck.v: fewer than 4 memories became DP16KD (see %s/yosys.log)" % d
    sums = []
    for what, files in (("rtl", [src]), ("netlist", ecp5_cells() + [os.path.join(d, "netlist.v")])):
        vvp = os.path.join(d, what + ".vvp")
        p = fsim.run(["iverilog", "-g2012", "-s", "tb_gls_ramcheck", "-o", vvp] + files + [tb])
        if p.returncode:
            return "iverilog (%s) failed: %s" % (what, p.stdout[-1000:])
        out = fsim.run(["vvp", "-n", vvp]).stdout
        m = re.search(r"RAMCHECK sum=(\S+)", out)
        if not m:
            return "vvp (%s) printed no checksum: %s" % (what, out[-1000:])
        sums.append(m.group(1))
    if sums[0] != sums[1] or "x" in sums[0].lower():
        return "block-RAM model: netlist checksum %s, RTL %s" % (sums[1], sums[0])
    return None


def gls(name):
    flow = CONFIGS[name][0] if name in CONFIGS else "?"
    if flow not in ("ice40", "ecp5"):
        return "%s is not a `make fpga` config (ice40: %s; ecp5: %s)" % (
            name, ", ".join(n for n, c in CONFIGS.items() if c[0] == "ice40"),
            ", ".join(n for n, c in CONFIGS.items() if c[0] == "ecp5"))
    d = os.path.join(synth.OUT, flow, name)
    res = os.path.join(d, "result.json")
    if not os.path.exists(res):
        return "no netlist: run `make fpga FPGA_CONFIGS=%s` first" % name
    with open(res) as f:
        r = json.load(f)
    if not r.get("luts"):
        return "the synthesis of %s failed: %s" % (name, r.get("error"))
    run = fsim.run
    p = subprocess.run(["yosys", "-q", "-p", "read_json top.json; write_verilog -noattr netlist.v"],
                       cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode:
        return "yosys write_verilog failed: " + p.stdout
    vvp = os.path.join(d, "gls.vvp")
    # Icarus 11 has no port default values: the cell models' defaults are off
    # (the netlist connects every input it uses)
    if flow == "ice40":
        models = ["-DNO_ICE40_DEFAULT_ASSIGNMENTS",
                  "-DICE40_%s" % ("U" if r["params"].get("part") == "up5k" else "HX"), CELLS]
    else:
        models = ecp5_cells()
    p = run(["iverilog", "-g2012"] + models +
            ["-DWF_GLS", "-Ptb_fpga_top.MAX_CYCLES=6000", "-s", "tb_fpga_top", "-o", vvp,
             os.path.join(d, "netlist.v"), "fpga/tb_fpga_top.v"])
    if p.returncode:
        return "iverilog failed: " + p.stdout[-2000:]
    p = run(["vvp", "-n", vvp])
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("FPGA_SIM done=")]
    if not line:
        return "vvp failed: " + p.stdout[-2000:]
    f = dict(kv.split("=") for kv in line[0].split()[1:])
    cfg = wfsim_cfg(r["params"])
    try:
        want, want_func, _ = fsim.expected("gls_" + os.path.basename(name), "sim/examples/fact.s", cfg)
    except RuntimeError as e:
        return str(e)
    got = int(f["checksum"], 16)
    if f["done"] != "1":
        return "done_led_o never rose"
    if got != want or want_func != want:
        return "checksum 0x%08x, wfsim 0x%08x (interpreter 0x%08x)" % (got, want, want_func)
    return None, "checksum 0x%08x = wfsim's, done %s cycles after reset" % (got, f["cycles"])


def main(argv):
    os.makedirs(fsim.OUT, exist_ok=True)
    fails = 0
    names = argv or ["ice-min", "ecp5-1w1l", "ecp5-1w1l-bram", "ecp5-1w1l-lutram"]
    if any(CONFIGS.get(n, ("",))[0] == "ecp5" for n in names):
        err = ecp5_model_check()
        print("fpga-gls: %s ECP5 cell models: %s" % (
            "FAIL" if err else "PASS",
            err or "fpga/gls_ramcheck.v netlist (DP16KD) = RTL, read-data checksum"))
        fails += bool(err)
    for name in names:
        out = gls(name)
        if isinstance(out, tuple):
            print("fpga-gls: PASS %s: %s" % (name, out[1]))
        else:
            print("fpga-gls: FAIL %s: %s" % (name, out))
            fails += 1
    return 1 if fails else 0

