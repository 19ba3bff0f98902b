"""`make soc-litex-sim` (not in make test: LiteX's Verilator build of the SoC
takes minutes): the LiteX simulation SoC (fpga/litex/wf_soc_sim.py: VexRiscv,
main RAM, warpfront on the bus) runs the C firmware (fpga/litex/firmware, the
C driver drivers/wf_soc.c) over example programs; each program's final
scratchpad, registers and cycle count, as the firmware prints them, must equal
wfsim's, and the driver's refusals (DMA outside main RAM, an image larger than
the instruction memory, a configuration beyond the build, one only the core
refuses, a launch while busy) must hold."""
import json
import os
import subprocess
import sys
import tempfile

from wf.host import cfg_bytes, check_state, knobs_for, load_program, reference, wfsim_args
from wf.paths import ROOT

# the SoC's core: wf_soc_sim.SHAPE on wf_wb_top's defaults, as IDENTIFY reports it
SHAPE = {"warps": 2, "lanes": 2, "regs": 16, "banks": 2, "collectors": 2, "sb_entries": 2,
         "ibuf": 2, "icache_lines": 4, "icache_line": 1, "imshrs": 1, "imem_words": 256,
         "mem_words": 256, "mem_line": 2, "bloom_bits": 4, "alu_lat_max": 1, "mul_lat_max": 2,
         "lsu_lat_max": 2, "imiss_lat": 8, "pin_layout": 255, "pin_war": 255, "pin_sched": 255,
         "pin_loops": 255, "pin_hazard": 255, "decode_stage": 0, "alloc_stage": 0,
         "handoff_stage": 0, "fill_stage": 0, "ready_stage": 0}
RUNS = [("sim/examples/fact.s", {}), ("sim/examples/vecadd.s", {}), ("sim/examples/saxpy.s", {}),
        ("sim/kernels/dot.s", {}), ("sim/examples/fact.s", {"loops": "1", "sched": "gto"})]
CHECKS = ["dma-outside-main-ram", "image-larger-than-imem", "cfg-beyond-build",
          "cfg-loops-0-refused-by-core", "set-cfg-back", "launch-while-busy", "wait"]


def test_litex_soc_runs_the_examples():
    progs, refs = [], []
    with tempfile.TemporaryDirectory(prefix="wflitex") as tmp:
        for i, (prog, given) in enumerate(RUNS):
            knobs = knobs_for(SHAPE, given)
            args = wfsim_args(SHAPE, knobs)
            words, starts, mem = load_program(SHAPE, os.path.join(ROOT, prog), None, args, tmp)
            progs.append({"name": "%d:%s" % (i, prog), "words": words, "mem": mem,
                          "starts": {str(w): pc for w, pc in starts.items()},
                          "cfg": list(cfg_bytes(knobs))})
            refs.append(reference(os.path.join(ROOT, prog), args, None, None, tmp))
        pj = os.path.join(tmp, "progs.json")
        with open(pj, "w") as f:
            json.dump(progs, f)
        r = subprocess.run([sys.executable, os.path.join(ROOT, "fpga", "litex", "wf_soc_sim.py"), pj],
                           cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, timeout=3600)
    lines = r.stdout.splitlines()
    print("\n".join(ln for ln in lines if ln.startswith(("TIMES", "wf_soc_sim"))))
    assert r.returncode == 0 and "DONE ok" in lines, "the SoC simulation: " + "\n".join(
        ln[:300] for ln in lines[-15:])
    got = {}
    for ln in lines:
        if ln.startswith("RESULT "):
            d = json.loads(ln[7:])
            got[d["name"]] = d
    fails = []
    L, R = SHAPE["lanes"], SHAPE["regs"]
    for p, (stats, want) in zip(progs, refs):
        d = got.get(p["name"])
        if d is None:
            fails.append("%s: no RESULT line" % p["name"])
            continue
        flat = d["regs"]
        state = {"warps": SHAPE["warps"], "lanes": L, "mem": d["mem"],
                 "regs": [[flat[(w * R + r) * L:(w * R + r + 1) * L] for r in range(R)]
                          for w in range(SHAPE["warps"])]}
        fails += ["%s: %s" % (p["name"], e) for e in check_state(state, d["cycles"], want, stats, True)]
    for c in CHECKS:
        if "CHECK %s ok" % c not in lines:
            fails.append("the firmware's check %s did not pass" % c)
    assert not fails, "; ".join(fails)
