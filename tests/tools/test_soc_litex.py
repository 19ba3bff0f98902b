"""`make soc-litex-sim` (a make test stage): the LiteX simulation SoC (fpga/litex/wf_soc_sim.py: VexRiscv,
main RAM, warpfront on the bus) runs the C firmware (fpga/litex/firmware, the
C driver drivers/wf_soc.c) over example programs; each program's final
scratchpad, registers and cycle count, as the firmware prints them, must equal
wfsim's, and the driver's refusals (DMA outside main RAM, an image larger than
the instruction memory, a configuration beyond the build, one only the core
refuses, a launch while busy) must hold. And the CPU-less SoC (LiteX's UART
bridge as its bus master, served on TCP by the simulation) driven from the
host: litex_server + RemoteClient under the Python driver (scripts/wf/soc.py
RemoteBus), results equal to wfsim's."""
import importlib.util
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

from wf.host import cfg_bytes, check_state, knobs_for, load_program, reference, wfsim_args
from wf.paths import ROOT
from wf.soc import RemoteBus, Soc, check_program

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


def _load_soc_sim():
    spec = importlib.util.spec_from_file_location(
        "wf_soc_sim", os.path.join(ROOT, "fpga", "litex", "wf_soc_sim.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port, proc, what, timeout=120):
    t0 = time.time()
    while time.time() - t0 < timeout:
        if proc.poll() is not None:
            raise AssertionError("%s exited (%s) before listening on %d" % (what, proc.returncode, port))
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.5)
    raise AssertionError("%s: nothing listens on port %d after %d s" % (what, port, timeout))


def test_host_route_over_the_uart_bridge():
    """litex_server --uart to the CPU-less SoC; the Python driver through RemoteClient"""
    from litex import RemoteClient
    W = _load_soc_sim()
    sim_port, srv_port = _free_port(), _free_port()
    env = dict(os.environ, PYTHONHASHSEED="0")
    r = subprocess.run([sys.executable, "-c", "import importlib.util as u; s = u.spec_from_file_location("
                        "'w', %r); m = u.module_from_spec(s); s.loader.exec_module(m); "
                        "m.host_sim(%r, %d)" % (os.path.join(ROOT, "fpga", "litex", "wf_soc_sim.py"),
                                                os.path.join(ROOT, "build", "litex-host"), sim_port)],
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True,
                       timeout=3600)
    assert r.returncode == 0, "the CPU-less SoC's build: " + r.stdout[-1500:]
    print("\n".join(ln for ln in r.stdout.splitlines() if ln.startswith("wf_soc_sim")))
    gw = os.path.join(ROOT, "build", "litex-host", "gateware")
    procs = []
    try:
        sim = subprocess.Popen([os.path.join(gw, "obj_dir", "Vsim")], cwd=gw, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(sim)
        _wait_port(sim_port, sim, "the simulated SoC (serial2tcp)")
        srv = subprocess.Popen(["litex_server", "--uart", "--uart-port",
                                "socket://127.0.0.1:%d" % sim_port, "--bind-port", str(srv_port)],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(srv)
        _wait_port(srv_port, srv, "litex_server")
        client = RemoteClient(port=srv_port)
        client.open()
        soc = Soc(RemoteBus(client, W.WF_BASE, W.MAIN_RAM, W.MAIN_RAM_SIZE))
        shape = soc.identify()
        assert {k: shape[k] for k in SHAPE} == SHAPE, "the SoC's core: %s" % shape
        fails = []
        for prog, given in [("sim/examples/fact.s", {}), ("sim/examples/vecadd.s", {"loops": "2"})]:
            errs, _, cycles = check_program(soc, os.path.join(ROOT, prog), given)
            print("host route: %s %d cycles%s" % (prog, cycles, "" if errs else ", equal to wfsim"))
            fails += errs
        # refused by the core over the bridge too: a launch with loop mode 0
        soc.wr("cfg0", soc.rd("cfg0") & ~0xFF0000)
        soc.wr("ctrl", 1)
        name, _ = soc.error()
        assert name == "ERR_RANGE", "a launch with loop mode 0 over the bridge: ERROR %s" % name
        client.close()
        assert not fails, "; ".join(fails)
    finally:
        for p in reversed(procs):
            p.terminate()
            p.wait()
