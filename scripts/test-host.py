#!/usr/bin/env python3
"""make test-host: the UART host bridge and wfhost against the simulated board
(docs/fpga.md "Without a board").

  1. static checks of fpga/wf_fpga_uart_top.v + wf_host_bridge.v + wf_uart.v:
     Verilator -Wall (waivers: rtl/wf.vlt, fpga/wf_fpga.vlt) at three parameter
     sets, Icarus -g2012, Yosys (no latches, `check -assert`) of the bridge and
     the UART, and a bad BAUD_DIV refused by name;
  2. builds the simulated board (fpga/hostsim.cpp: the top Verilated, its UART
     pins driven and decoded bit by bit, the bytes on a TCP socket) at two
     shapes, cached under build/hostsim/SHAPE/ by a hash of the sources;
  3. `wfhost --check run` of every sim/examples program and a few sim/kernels
     (each with the run-time options of its `# wfsim-options:` line that the
     shape can run) and a few configurations, at both shapes: the final state
     must equal wfsim's and, the shapes having IMSHRS=1, the cycle count too;
  4. one session of malformed frames (bad CRC, truncated frame, unknown
     command, wrong length, reads and writes past memory, a register past the
     shape, a bad configuration value, junk between frames): each must get its
     error reply, the bridge must still identify afterwards, STATUS must count
     the errors, and two programs then run and check in the same session;
  5. the checks can fail: a corrupted reply byte (hostsim --corrupt-tx), a
     reference run with a different scratchpad or memory latency
     (--check-extra), a program the shape cannot hold, a shape option the
     board does not have, no device, a silent device (timeout).
TEST_HOST_SHAPES="1w1l" runs one shape only (debugging; make test runs both).
"""
import argparse
import hashlib
import io
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wf.host import Board, HostError, ReplyError, frame, run_program, CMD, SHAPE_OPTS  # noqa: E402
from wf.paths import ROOT, WFSIM, rtl_sources as rtl, run, kernel_options  # noqa: E402

WFHOST = os.path.join(ROOT, "scripts", "wfhost")
FPGA_SRC = ["fpga/wf_fpga_uart_top.v", "fpga/wf_host_bridge.v", "fpga/wf_uart.v",
            "fpga/wf_fpga_top.v"]
SIM_DIV, SIM_TIMEOUT = 4, 200000     # the simulated board's UART divisor and frame timeout
REPLY_TIMEOUT = 60                   # seconds; generous: a loaded machine runs the simulation slowly
SHAPES = {
    "1w1l": dict(WARPS=1, LANES=1, REGS=16, BANKS=1, COLLECTORS=1),
    "4w2l": dict(WARPS=4, LANES=2, REGS=16, BANKS=4, COLLECTORS=4, SB_ENTRIES=4, ICACHE_LINES=8,
                 ICACHE_LINE=2, ALU_LAT_MAX=2, MUL_LAT_MAX=4, LSU_LAT_MAX=3),
}
KERNELS = ["sim/kernels/dot.s", "sim/kernels/stencil.s", "sim/kernels/vecadd.s"]
# extra configurations (run-time knobs through SET_CFG) of fact.s
CONFIGS = [["--loops", "1"], ["--loops", "2", "--layout", "naive"],
           ["--sched", "gto", "--hazard", "stall", "--war", "inorder"]]
RUNTIME_OPTS = {"layout", "war", "sched", "loops", "hazard", "alu-lat", "mul-lat", "lsu-lat",
                "active-warps"}


class Report:
    def __init__(self):
        self.fails = 0

    def check(self, ok, what, detail=""):
        print("test-host: %s %s%s" % ("PASS" if ok else "FAIL", what,
                                      (": " + detail) if detail else ""), flush=True)
        self.fails += not ok


def static_checks(rep):
    vl = ["verilator", "--lint-only", "-Wall", "-Irtl", "rtl/wf.vlt", "fpga/wf_fpga.vlt",
          "--top-module", "wf_fpga_uart_top"] + FPGA_SRC + rtl()
    sets = [[], ["-GWARPS=1", "-GLANES=1", "-GREGS=8", "-GBANKS=1", "-GCOLLECTORS=1",
                 "-GPIN_LOOPS=3", "-GPIN_WAR=4", "-GPIN_LAYOUT=0", "-GPIN_SCHED=1", "-GPIN_HAZARD=1"],
            ["-GWARPS=64", "-GREGS=128", "-GLANES=32", "-GMEM_WORDS=65536", "-GIMEM_WORDS=65536",
             "-GICACHE_LINE=16", "-GIMISS_LAT=20", "-GBAUD_DIV=4", "-GTIMEOUT=16"]]
    errs = [r.stdout.splitlines()[0] for r in (run(vl + g) for g in sets) if r.returncode]
    rep.check(not errs, "verilator -Wall of the UART top at 3 parameter sets", "; ".join(errs))
    r = run(["iverilog", "-g2012", "-Irtl", "-s", "wf_fpga_uart_top", "-o", os.devnull,
             "-Pwf_fpga_uart_top.IMEM_HEX=\"fpga/demo.hex\""] + FPGA_SRC + rtl())
    rep.check(r.returncode == 0, "iverilog -g2012 of the UART top", r.stdout.strip()[:300])
    bad = []
    for tool, cmd in (("verilator", vl + ["-GBAUD_DIV=2"]),
                      ("iverilog", ["iverilog", "-g2012", "-Irtl", "-s", "wf_fpga_uart_top", "-o",
                                    os.devnull, "-Pwf_fpga_uart_top.BAUD_DIV=2"] + FPGA_SRC + rtl())):
        r = run(cmd)
        if r.returncode == 0 or "BAUD_DIV_out_of_range_4_to_65535" not in r.stdout:
            bad.append(tool)
    rep.check(not bad, "BAUD_DIV=2 refused by name", bad and "accepted by " + ", ".join(bad))
    for top in ("wf_host_bridge", "wf_uart"):
        r = run(["yosys", "-q", "-p", "read_verilog -sv fpga/wf_host_bridge.v fpga/wf_uart.v; "
                 "synth -top %s -run begin:fine; check -assert; "
                 "select -assert-none t:$dlatch t:$adlatch t:$dlatchsr" % top])
        rep.check(r.returncode == 0, "yosys of %s: no latches, check -assert" % top,
                  r.stdout.strip()[-300:])


def build(shape):
    """The simulated board at SHAPES[shape]; rebuilt when a source changed."""
    p = dict(SHAPES[shape], BAUD_DIV=SIM_DIV, TIMEOUT=SIM_TIMEOUT)
    srcs = FPGA_SRC + rtl() + ["fpga/hostsim.cpp", "fpga/wf_fpga.vlt", "rtl/wf.vlt"] + \
        rtl(".vh")
    h = hashlib.sha1(repr(sorted(p.items())).encode())
    for f in srcs:
        with open(os.path.join(ROOT, f), "rb") as fh:
            h.update(fh.read())
    d = os.path.join(ROOT, "build", "hostsim", shape)
    exe, stamp = os.path.join(d, "hostsim"), os.path.join(d, "stamp")
    if os.path.exists(exe) and os.path.exists(stamp) and open(stamp).read() == h.hexdigest():
        return exe, "cached"
    os.makedirs(d, exist_ok=True)
    t0 = time.time()
    cmd = ["verilator", "--cc", "--exe", "--build", "-j", os.environ.get("JOBS", "2"), "-O2",
           "-Irtl", "rtl/wf.vlt", "fpga/wf_fpga.vlt", "--top-module", "wf_fpga_uart_top",
           "--Mdir", d, "-o", "hostsim", "-CFLAGS", "-O1", "-CFLAGS", "-DBAUD_DIV=%d" % SIM_DIV,
           "-GIMEM_HEX=\"%s\"" % os.path.join(ROOT, "fpga", "demo.hex")]
    cmd += ["-G%s=%d" % kv for kv in sorted(p.items())]
    cmd += FPGA_SRC + rtl() + [os.path.join(ROOT, "fpga", "hostsim.cpp")]
    r = run(cmd)
    if r.returncode or not os.path.exists(exe):
        raise RuntimeError("verilator build of the %s board failed:\n%s" % (shape,
                                                                          r.stdout[-2000:]))
    with open(stamp, "w") as f:
        f.write(h.hexdigest())
    return exe, "built in %d s" % (time.time() - t0)


def prog_options(prog, shape):
    """The run-time options of the program's `# wfsim-options:` line that the
    shape can run (the board's shape replaces the shape options)."""
    out = []
    toks = kernel_options(os.path.join(ROOT, prog))
    sh = SHAPES[shape]
    maxima = {"alu-lat": sh.get("ALU_LAT_MAX", 1), "mul-lat": sh.get("MUL_LAT_MAX", 2),
              "lsu-lat": sh.get("LSU_LAT_MAX", 2), "active-warps": sh["WARPS"]}
    for k, v in zip(toks[::2], toks[1::2]):
        k = k[2:]
        if k in RUNTIME_OPTS and (k not in maxima or int(v) <= maxima[k]):
            out += ["--" + k, v]
    return out


def wfhost(args, timeout=300):
    return subprocess.run([sys.executable, WFHOST] + args, cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True, timeout=timeout,
                          env=dict(os.environ, WFSIM=WFSIM))


def check_runs(rep, shape, exe):
    progs = sorted("sim/examples/" + f for f in os.listdir(os.path.join(ROOT, "sim", "examples"))
                   if f.endswith(".s")) + KERNELS
    runs = [(p, prog_options(p, shape)) for p in progs] + \
        [("sim/examples/fact.s", c) for c in CONFIGS]
    for prog, opts in runs:
        r = wfhost(["--port", "sim:" + exe, "--timeout", str(REPLY_TIMEOUT), "run", "--check",
                    "--dump-state", os.devnull] +
                   opts + [prog])
        last = (r.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        rep.check(r.returncode == 0 and "check ok" in r.stderr and "cycles" in last,
                  "%s %s %s" % (shape, prog, " ".join(opts)),
                  last.replace("wfhost: check ok %s: " % prog, ""))


class Opts(argparse.Namespace):
    """run_program's options with wfhost's defaults"""
    def __init__(self, prog, **kw):
        super().__init__(prog=prog, mem_init=None, dump_state=os.devnull, check=True,
                         check_extra=None, run_timeout=60.0, layout=None, war=None, sched=None,
                         loops=None, hazard=None, alu_lat=None, mul_lat=None, lsu_lat=None,
                         active_warps=None)
        for n in SHAPE_OPTS:
            setattr(self, n, None)
        for k, v in kw.items():
            setattr(self, k, v)


def malformed(rep, shape, exe):
    """One session: each bad frame gets its error reply, the bridge keeps working."""
    with Board("sim:" + exe, timeout=REPLY_TIMEOUT) as b:
        sh = b.identify()
        nerr = 0

        def expect(what, data, code, nbytes=0):
            nonlocal nerr
            b.send_raw(data)
            try:
                st, payload = b.reply(what)
            except HostError as e:
                rep.check(False, "%s malformed: %s" % (shape, what), str(e))
                return
            again = b.identify()
            nerr += st != 0
            rep.check(st == code and len(payload) == nbytes and again == sh,
                      "%s malformed: %s -> error %d, identify still answers" % (shape, what, code),
                      "got status %d, %d payload bytes" % (st, len(payload)))

        good = frame(CMD["READ_MEM"], bytes([0, 0, 1]))
        expect("bad CRC", good[:-1] + bytes([good[-1] ^ 0x01]), 1)
        expect("truncated frame (timeout)", good[:4], 6)
        expect("unknown command 0x7f", frame(0x7F), 2)
        expect("STATUS with a payload (wrong length)", frame(CMD["STATUS"], b"\x00"), 3)
        mw = sh["mem_words"]
        expect("READ_MEM past the scratchpad", frame(CMD["READ_MEM"], bytes(
            [(mw - 2) & 0xFF, (mw - 2) >> 8, 3])), 4)
        expect("WRITE_MEM past the scratchpad", frame(CMD["WRITE_MEM"], bytes(
            [(mw - 1) & 0xFF, (mw - 1) >> 8]) + bytes(8)), 4)
        iw = sh["imem_words"]
        expect("READ_IMEM past the instruction memory", frame(CMD["READ_IMEM"], bytes(
            [iw & 0xFF, iw >> 8, 1])), 4)
        expect("WRITE_IMEM of 7 data bytes (wrong length)",
               frame(CMD["WRITE_IMEM"], bytes(9)), 3)
        expect("READ_REG of a warp past the shape", frame(CMD["READ_REG"],
                                                          bytes([sh["warps"], 0])), 4)
        expect("READ_REG of a register past the shape", frame(CMD["READ_REG"],
                                                              bytes([0, sh["regs"]])), 4)
        expect("SET_CFG loops 0", frame(CMD["SET_CFG"], bytes([1, 4, 0, 1, 1, 2, 0])), 4)
        expect("SET_PC of a warp past the shape", frame(CMD["SET_PC"],
                                                        bytes([sh["warps"], 0, 0])), 4)
        expect("junk between frames, then a good READ_MEM", b"\x00\x13\xff\x5a" + good, 0, 4)
        st = b.status()
        rep.check(st["errors"] == nerr and st["last_error"] == 4,
                  "%s STATUS counts the %d error replies (last ERR_RANGE)" % (shape, nerr),
                  "errors %d, last %d" % (st["errors"], st["last_error"]))
        try:
            b.command("READ_MEM", bytes([0, 0, 0]))
            rep.check(False, "%s ReplyError raised for a count of 0" % shape)
        except ReplyError as e:
            rep.check(e.code == 4, "%s READ_MEM of 0 words -> ERR_RANGE" % shape, str(e))
        # two programs in the same session (the instruction memory rewritten,
        # a second launch), each checked against wfsim
        for prog, kw in (("sim/examples/sum_loop.s", {}),
                         ("sim/examples/fact.s", dict(loops="2"))):
            out, err = io.StringIO(), io.StringIO()
            st = run_program(b, Opts(prog, **kw), out, err)
            rep.check(st == 0 and "check ok" in err.getvalue(),
                      "%s same session: %s %s" % (shape, prog, kw), err.getvalue().strip())


def negatives(rep, shape, exe):
    """Every check of wfhost able to fail."""
    def neg(what, args, status, text, port="sim:" + exe, tmo=REPLY_TIMEOUT):
        r = wfhost(["--port", port, "--timeout", str(tmo)] + args)
        rep.check(r.returncode == status and text in r.stderr,
                  "%s negative: %s -> exit %d (%s)" % (shape, what, status, text),
                  "exit %d: %s" % (r.returncode, r.stderr.strip()[-300:]))

    fact = "sim/examples/fact.s"
    neg("a corrupted reply byte", ["run", "--check", fact], 2, "CRC",
        port="sim:%s,corrupt-tx=50" % exe)
    neg("a garbled IDENTIFY (wrong baud)", ["identify"], 2, "garbled", port="sim:%s,corrupt-tx=1"
        % exe)
    neg("the reference with a memory latency of 9", ["run", "--check", "--check-extra",
                                                     "--imiss-lat 9", fact], 1, "cycles: board")
    with tempfile.NamedTemporaryFile("w", suffix=".hex", delete=False) as f:
        f.write("0\n0\n0\n0\n0\n0\n0\n0\nbeef\n")
        init = f.name
    neg("the reference with another scratchpad", ["run", "--check", "--check-extra",
                                                  "--mem-init " + init, fact], 1, "mem[8]: board 0")
    os.unlink(init)
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("nop\n" * 300 + "exit\n")
        big = f.name
    neg("a program longer than the instruction memory", ["run", big], 2, "imem_words=")
    os.unlink(big)
    neg("--warps the board does not have", ["run", "--warps", "8", fact], 2,
        "the board is built with WARPS=")
    neg("--mul-lat above the build's maximum", ["run", "--mul-lat", "9", fact], 2, "MUL_LAT_MAX")
    neg("no device", ["identify"], 2, "cannot open", port="/dev/wfhost-no-such-device")
    # a device that never answers
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    conns = []
    t = threading.Thread(target=lambda: conns.append(srv.accept()), daemon=True)
    t.start()
    neg("a silent device", ["identify"], 2, "timeout",
        port="socket://127.0.0.1:%d" % srv.getsockname()[1], tmo=3)
    for c in conns:
        c[0].close()
    srv.close()


def main():
    t0 = time.time()
    rep = Report()
    try:
        static_checks(rep)
        only = os.environ.get("TEST_HOST_SHAPES")     # a subset, when debugging
        for shape in only.split() if only else SHAPES:
            exe, how = build(shape)
            print("test-host: simulated board %s (%s): %s" % (shape, ", ".join(
                "%s=%d" % kv for kv in SHAPES[shape].items()), how), flush=True)
            check_runs(rep, shape, exe)
            malformed(rep, shape, exe)
            if shape == "1w1l":
                negatives(rep, shape, exe)
    except (RuntimeError, OSError, HostError, subprocess.TimeoutExpired) as e:
        print("test-host: ERROR %s" % e)
        return 2
    print("test-host: %s (%d s)" % ("all checks passed" if not rep.fails
                                    else "%d check(s) FAILED" % rep.fails, time.time() - t0))
    return 1 if rep.fails else 0


if __name__ == "__main__":
    sys.exit(main())
