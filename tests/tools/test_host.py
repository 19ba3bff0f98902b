"""`make test-host`: the UART host bridge and wfhost against the simulated board
(docs/fpga.md "Without a board").

  1. static checks of fpga/wf_fpga_uart_top.v + wf_host_bridge.v + wf_uart.v:
     Verilator -Wall (waivers: rtl/wf.vlt, fpga/wf_fpga.vlt) at three parameter
     sets, Icarus -g2012, Yosys (no latches, `check -assert`) of the bridge and
     the UART, and a bad BAUD_DIV or pipeline option refused by name; every
     board top (scripts/wf/boards.py) linted at its parameters, and the
     bitstream flow's Yosys front end giving the core the parameters this
     test simulates for the board;
  2. builds the simulated board (fpga/hostsim.cpp: the top Verilated, its UART
     pins driven and decoded bit by bit, the bytes on a TCP socket) at two
     shapes, the second with every pipeline option built in, cached under
     build/hostsim/SHAPE/ by a hash of the sources; IDENTIFY reports each
     build's shape and pipeline options;
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
     board does not have, no device, a silent device (timeout);
  6. a serial device: a pseudo-terminal relayed to the simulated board, so
     wfhost takes pyserial's tty path as with a board's /dev/ttyUSB*, and the
     same with the replies cut off (timeout);
  7. docs/fpga.md's Python example (wf.host.Board) against the simulated
     board: state and cycles must be wfsim's.
TEST_HOST_SHAPES="1w1l" runs one shape only (debugging; make test runs both)."""
import argparse
import io
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time

import pytest

from wf.host import (Board, SimBoard, CMD, HostError, ID_BYTES, PROTO_VERSION, ReplyError, SHAPE_OPTS, STAGE_OPTS,
                     frame, knobs_for, run_program, wfsim_args)
from wf import vlbuild
from wf.hostproto import CFG_LAYOUT
from wf.boards import BOARDS, FPGA_SRC, board_file, board_shape
from wf.paths import ROOT, kernel_options, rtl_sources as rtl, run
from wf.testing import WFSIM

WFHOST = os.path.join(ROOT, "scripts", "wfhost")
SIM_DIV, SIM_TIMEOUT = 4, 200000     # the simulated board's UART divisor and frame timeout
REPLY_TIMEOUT = 60                   # seconds; generous: a loaded machine runs the simulation slowly
SHAPES = {
    "1w1l": dict(WARPS=1, LANES=1, REGS=16, BANKS=1, COLLECTORS=1),
    # every pipeline option built in: IDENTIFY reports them and wfhost runs
    # wfsim with them, so the cycle counts must still agree
    "4w2l": dict(WARPS=4, LANES=2, REGS=16, BANKS=4, COLLECTORS=4, SB_ENTRIES=4, ICACHE_LINES=8,
                 ICACHE_LINE=2, ALU_LAT_MAX=2, MUL_LAT_MAX=4, LSU_LAT_MAX=3, DECODE_STAGE=1,
                 ALLOC_STAGE=1, HANDOFF_STAGE=1, FILL_STAGE=1, READY_STAGE=1,
                 BANK_RAM_STYLE="distributed"),
}


# on request (TEST_HOST_SHAPES="ulx3s-8w8l"): any board's own build
# (scripts/wf/boards.py); a program its shape cannot hold is skipped, named
SHAPES_ON_REQUEST = {b: board_shape(b) for b in BOARDS}
KERNELS = ["sim/kernels/dot.s", "sim/kernels/stencil.s", "sim/kernels/vecadd.s"]
# extra configurations (run-time knobs through SET_CFG) of fact.s
CONFIGS = [["--loops", "1"], ["--loops", "2", "--layout", "naive"],
           ["--sched", "gto", "--hazard", "stall", "--war", "inorder"]]
RUNTIME_OPTS = {"layout", "war", "sched", "loops", "hazard", "alu-lat", "mul-lat", "lsu-lat",
                "active-warps"}


ONLY = os.environ.get("TEST_HOST_SHAPES")  # a subset, when debugging
SHAPE_NAMES = ONLY.split() if ONLY else list(SHAPES)
SHAPES.update({n: SHAPES_ON_REQUEST[n] for n in SHAPE_NAMES if n in SHAPES_ON_REQUEST})


# ---- 1. static checks of the UART top, the bridge and the UART ----------------------------------
VL = ["verilator", "--lint-only", "-Wall", "-Irtl", "-Ifpga", "rtl/wf.vlt", "fpga/wf_fpga.vlt",
      "--top-module", "wf_fpga_uart_top"] + FPGA_SRC + rtl()
VL_SETS = [[], ["-GWARPS=1", "-GLANES=1", "-GREGS=8", "-GBANKS=1", "-GCOLLECTORS=1",
                "-GPIN_LOOPS=3", "-GPIN_WAR=4", "-GPIN_LAYOUT=0", "-GPIN_SCHED=1", "-GPIN_HAZARD=1"],
           ["-GWARPS=64", "-GREGS=128", "-GLANES=32", "-GMEM_WORDS=65536", "-GIMEM_WORDS=65536",
            "-GICACHE_LINE=16", "-GIMISS_LAT=20", "-GBAUD_DIV=4", "-GTIMEOUT=16"]]
IVERILOG = ["iverilog", "-g2012", "-Irtl", "-Ifpga", "-s", "wf_fpga_uart_top", "-o", os.devnull]


@pytest.mark.parametrize("g", VL_SETS, ids=["default", "small-pinned", "large"])
def test_verilator_lint(g):
    r = run(VL + g)
    assert r.returncode == 0, "verilator -Wall of the UART top: " + (r.stdout.splitlines() or [""])[0]


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_board_top_lint(board):
    """every board's top at its own parameters (scripts/wf/boards.py), as bitstream.py builds it"""
    b = BOARDS[board]
    r = run(["verilator", "--lint-only", "-Wall", "-Irtl", "-Ifpga", "rtl/wf.vlt", "fpga/wf_fpga.vlt",
             "--top-module", b["top"], board_file(board)] +
            ["-G%s=%d" % kv for kv in b.get("params", {}).items()] + FPGA_SRC + rtl())
    assert r.returncode == 0, "verilator -Wall of %s: %s" % (
        board_file(board), (r.stdout.splitlines() or [""])[0])


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_board_yosys_front(board):
    """the bitstream flow's own commands (Yosys chparam of the image and the
    board's params on its top) give the core the parameters test-host
    simulates for that board (board_shape): what is built is what is tested"""
    from wf import bitstream
    r = run(["yosys", "-p", "; ".join(bitstream.yosys_front(board, core=False) +
                                      ["hierarchy -top %s" % BOARDS[board]["top"], "dump t:wf_fpga_uart_top"])])
    assert r.returncode == 0, "yosys front end of board %s: %s" % (board, r.stdout.strip()[-300:])
    got = {k: v.strip('"') for k, v in re.findall(r"^ +parameter (?:signed )?\\(\w+) (.+)$", r.stdout, re.M)}
    want = board_shape(board)   # what test-host simulates for this board
    bad = {k: (v, got.get(k)) for k, v in want.items() if str(v) != got.get(k)}
    assert want and not bad, "board %s: the core's parameters in the bitstream flow (simulated, built): %s" % (
        board, bad)


def test_iverilog():
    r = run(IVERILOG + ["-Pwf_fpga_uart_top.IMEM_HEX=\"fpga/demo.hex\""] + FPGA_SRC + rtl())
    assert r.returncode == 0, "iverilog -g2012 of the UART top: " + r.stdout.strip()[:300]


BAD_PARAMS = [("BAUD_DIV", 2, "BAUD_DIV_out_of_range_4_to_65535"),
              ("DECODE_STAGE", 2, "DECODE_STAGE_out_of_range_0_to_1"),
              ("READY_STAGE", -1, "READY_STAGE_out_of_range_0_to_1")]


@pytest.mark.parametrize("tool", ["verilator", "iverilog"])
@pytest.mark.parametrize("name,value,msg", BAD_PARAMS, ids=["%s=%d" % b[:2] for b in BAD_PARAMS])
def test_bad_parameter_refused_by_name(tool, name, value, msg):
    cmd = VL + ["-G%s=%d" % (name, value)] if tool == "verilator" else \
        IVERILOG + ["-Pwf_fpga_uart_top.%s=%d" % (name, value)] + FPGA_SRC + rtl()
    r = run(cmd)
    assert r.returncode != 0 and msg in r.stdout, "%s=%d accepted by %s or not named" % (name, value, tool)


@pytest.mark.parametrize("top", ["wf_host_bridge", "wf_uart"])
def test_yosys_no_latches(top):
    r = run(["yosys", "-q", "-p", "read_verilog -sv -Irtl -Ifpga fpga/wf_host_bridge.v fpga/wf_uart.v; "
             "synth -top %s -run begin:fine; check -assert; "
             "select -assert-none t:$dlatch t:$adlatch t:$dlatchsr" % top])
    assert r.returncode == 0, "yosys of %s: no latches, check -assert: %s" % (top, r.stdout.strip()[-300:])


# ---- 2. the simulated board -----------------------------------------------------------------------
def build(shape):
    """The simulated board at SHAPES[shape]: verif/build.sh's cached build (wf.vlbuild)."""
    p = dict(SHAPES[shape], BAUD_DIV=SIM_DIV, TIMEOUT=SIM_TIMEOUT)
    deps = FPGA_SRC + rtl() + ["fpga/hostsim.cpp", "fpga/wf_fpga.vlt", "rtl/wf.vlt",
                               "fpga/wf_host_proto.vh", "fpga/wf_cfg.vh", "fpga/demo.hex"] + rtl(".vh")
    d = os.path.join(ROOT, "build", "hostsim", shape)
    cmd = ["verilator", "--cc", "--exe", "--build", "-j", os.environ.get("JOBS", "2"), "-O2",
           "-MAKEFLAGS", vlbuild.MAKE_CC, "-Irtl", "-Ifpga", "rtl/wf.vlt", "fpga/wf_fpga.vlt",
           "--top-module", "wf_fpga_uart_top", "--Mdir", d, "-o", "hostsim", "-CFLAGS", "-O1",
           "-CFLAGS", "-DBAUD_DIV=%d" % SIM_DIV, "-GIMEM_HEX=\"%s\"" % os.path.join(ROOT, "fpga", "demo.hex")]
    cmd += ["-G%s=%s" % (k, '"%s"' % v if isinstance(v, str) else v) for k, v in sorted(p.items())]
    cmd += FPGA_SRC + rtl() + [os.path.join(ROOT, "fpga", "hostsim.cpp")]
    try:
        return vlbuild.cached(d, "hostsim", cmd, deps)
    except vlbuild.BuildError as e:
        raise RuntimeError("verilator build of the %s board: %s" % (shape, e))


_BOARDS = {}


def board(shape):
    """the simulated board's executable (built once per session)"""
    if shape not in _BOARDS:
        exe, how = build(shape)
        print("test-host: simulated board %s (%s): %s" % (shape, ", ".join(
            "%s=%s" % kv for kv in SHAPES[shape].items()), how), flush=True)
        _BOARDS[shape] = exe
    return _BOARDS[shape]


def pinned(shape):
    """the knobs a shape's build pins (a board's PIN_*): wfhost runs them at the pin"""
    return {k.lower()[4:] for k in SHAPES[shape] if k.startswith("PIN_")}


def prog_options(prog, shape, toks=None):
    """The run-time options of the program's `# wfsim-options:` line (or TOKS)
    that the shape can run (the board's shape replaces the shape options; a
    pinned knob runs at its pin)."""
    out = []
    toks = kernel_options(os.path.join(ROOT, prog)) if toks is None else toks
    sh = SHAPES[shape]
    maxima = {"alu-lat": sh.get("ALU_LAT_MAX", 1), "mul-lat": sh.get("MUL_LAT_MAX", 2),
              "lsu-lat": sh.get("LSU_LAT_MAX", 2), "active-warps": sh["WARPS"]}
    for k, v in zip(toks[::2], toks[1::2]):
        k = k[2:]
        if k in RUNTIME_OPTS and (k not in maxima or int(v) <= maxima[k]) and k not in pinned(shape):
            out += ["--" + k, v]
    return out


def wfhost(args, timeout=300):
    return subprocess.run([sys.executable, WFHOST] + args, cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True, timeout=timeout,
                          env=dict(os.environ, WFSIM=WFSIM))


# ---- 3. wfhost --check run against wfsim ----------------------------------------------------------
PROGS = sorted("sim/examples/" + f for f in os.listdir(os.path.join(ROOT, "sim", "examples"))
               if f.endswith(".s")) + KERNELS
RUNS = [(shape, p, prog_options(p, shape)) for shape in SHAPE_NAMES for p in PROGS] + \
    [(shape, "sim/examples/fact.s", c) for shape in SHAPE_NAMES for c in CONFIGS
     if prog_options("sim/examples/fact.s", shape, c) == c]


CANNOT_HOLD = r"register r\d+ out of range \(regs=\d+\)|instruction memory holds|this build has \d+ warps"


@pytest.mark.parametrize("shape,prog,opts", RUNS, ids=["%s-%s%s" % (s, os.path.basename(p)[:-2], "".join(o))
                                                        for s, p, o in RUNS])
def test_run_checks_against_wfsim(shape, prog, opts):
    r = wfhost(["--port", "sim:" + board(shape), "--timeout", str(REPLY_TIMEOUT), "run", "--check",
                "--dump-state", os.devnull] + opts + [prog])
    last = (r.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
    # a board's own shape (on request) may be too small for a program: wfhost's
    # refusal by name is then not a failure (the default shapes hold every one)
    if shape in SHAPES_ON_REQUEST and r.returncode == 2 and re.search(CANNOT_HOLD, last):
        pytest.skip("%s cannot hold %s: %s" % (shape, prog, last))
    assert r.returncode == 0 and "check ok" in r.stderr and "cycles" in last, \
        "%s %s %s: %s" % (shape, prog, " ".join(opts), last.replace("wfhost: check ok %s: " % prog, ""))


@pytest.mark.parametrize("shape", SHAPE_NAMES)
def test_identify_reports_the_build(shape):
    """IDENTIFY carries the shape and the pipeline options built in: wfsim_args
    passes the options to the reference run, so a board built with them checks
    its cycle counts (the runs above at 4w2l)."""
    r = wfhost(["--port", "sim:" + board(shape), "--timeout", str(REPLY_TIMEOUT), "identify"])
    assert r.returncode == 0, "identify at %s: %s" % (shape, r.stderr.strip()[-300:])
    got = json.loads(r.stdout)
    assert got["version"] == PROTO_VERSION, "identify at %s: version %s" % (shape, got["version"])
    want = dict(SHAPES[shape])
    for n in SHAPE_OPTS + STAGE_OPTS:
        if n.upper() in want or n in STAGE_OPTS:
            assert got[n] == want.get(n.upper(), 0), "identify at %s: %s = %s, built %s" % (
                shape, n, got[n], want.get(n.upper(), 0))
    stages = [a for a in wfsim_args(got, knobs_for(got, {})) if a.endswith("-stage")]
    assert len(stages) == len(STAGE_OPTS), "wfsim_args passes %s" % stages


# ---- 4. malformed frames in one session -----------------------------------------------------------
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


@pytest.mark.parametrize("shape", SHAPE_NAMES)
def test_malformed_frames(shape):
    """One session: each bad frame gets its error reply, the bridge keeps working."""
    fails = []

    class Rep:  # every check of the session, failures collected
        @staticmethod
        def check(ok, what, detail=""):
            if not ok:
                fails.append("%s%s" % (what, (": " + detail) if detail else ""))
    rep = Rep()
    with Board("sim:" + board(shape), timeout=REPLY_TIMEOUT) as b:
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
        cfg = dict(modes=1, war=4, loops=0, alu_lat=1, mul_lat=1, lsu_lat=2, active_warps=0)
        expect("SET_CFG loops 0", frame(CMD["SET_CFG"], bytes(cfg[n] for n in CFG_LAYOUT)), 4)
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
        # (sum_loop.s uses r8 and up: a board's own 8-register shape runs saxpy.s)
        for prog, kw in (("sim/examples/sum_loop.s" if sh["regs"] >= 16 else "sim/examples/saxpy.s", {}),
                         ("sim/examples/fact.s", {} if "loops" in pinned(shape) else dict(loops="2"))):
            out, err = io.StringIO(), io.StringIO()
            st = run_program(b, Opts(prog, **kw), out, err)
            rep.check(st == 0 and "check ok" in err.getvalue(),
                      "%s same session: %s %s" % (shape, prog, kw), err.getvalue().strip())
    assert not fails, "\n".join(fails)


# ---- 5. the checks can fail ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """a scratchpad image with mem[8] set, a program longer than the instruction memory"""
    d = tmp_path_factory.mktemp("host")
    (d / "init.hex").write_text("0\n0\n0\n0\n0\n0\n0\n0\nbeef\n")
    (d / "big.s").write_text("nop\n" * 300 + "exit\n")
    return {"@INIT": str(d / "init.hex"), "@BIG": str(d / "big.s")}


FACT = "sim/examples/fact.s"
NEGATIVES = [  # what, args, exit status, text on stderr, port (None: the board), reply timeout
    # the status byte of the third short reply after IDENTIFY's (4 + ID_BYTES bytes)
    ("a corrupted reply byte", ["run", "--check", FACT], 2, "CRC", "corrupt-tx=%d" % (4 + ID_BYTES + 2 * 4 + 2),
     REPLY_TIMEOUT),
    ("a garbled IDENTIFY (wrong baud)", ["identify"], 2, "garbled", "corrupt-tx=1", REPLY_TIMEOUT),
    ("the reference with a memory latency of 9", ["run", "--check", "--check-extra", "--imiss-lat 9", FACT], 1,
     "cycles: board", None, REPLY_TIMEOUT),
    ("the reference with another scratchpad", ["run", "--check", "--check-extra", "--mem-init @INIT", FACT], 1,
     "mem[8]: board 0", None, REPLY_TIMEOUT),
    ("a program longer than the instruction memory", ["run", "@BIG"], 2, "imem_words=", None, REPLY_TIMEOUT),
    ("--warps the board does not have", ["run", "--warps", "8", FACT], 2, "the board is built with WARPS=", None,
     REPLY_TIMEOUT),
    ("--mul-lat above the build's maximum", ["run", "--mul-lat", "9", FACT], 2, "MUL_LAT_MAX", None, REPLY_TIMEOUT),
    ("no device", ["identify"], 2, "cannot open", "/dev/wfhost-no-such-device", REPLY_TIMEOUT),
    ("a silent device", ["identify"], 2, "timeout", "silent", 3),
]


def test_python_api_example(tmp_path):
    """docs/fpga.md's Python example, its port replaced by the simulated board:
    its final state and cycle count must be wfsim's"""
    with open(os.path.join(ROOT, "docs", "fpga.md")) as f:
        m = re.search(r"<!-- host-api-example -->\n```python\n(.*?)```", f.read(), re.S)
    assert m, "docs/fpga.md: no host-api-example block"
    code = m.group(1)
    assert '"/dev/ttyUSB1"' in code
    code = code.replace('"/dev/ttyUSB1"', repr("sim:" + board(SHAPE_NAMES[0])))
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True, timeout=300,
                       env=dict(os.environ, WFSIM=WFSIM))
    assert r.returncode == 0, "the example failed: " + r.stderr.strip()[-500:]
    got = json.loads(r.stdout.strip().splitlines()[-1])
    ref = tmp_path / "ref.json"
    stats = json.loads(run([WFSIM, "--quiet", "--json", "--dump-state", str(ref)] + got["args"] +
                           ["sim/examples/fact.s"]).stdout)
    want = json.loads(ref.read_text())
    assert got["state"] == want, "the example's final state differs from wfsim's"
    assert got["cycles"] == stats["cycles"], "cycles: example %d, wfsim %d" % (got["cycles"], stats["cycles"])


class PtyRelay:
    """A serial device for wfhost: a pseudo-terminal whose other end is relayed
    to the simulated board's socket (cut=True drops what the board sends), so
    wfhost opens it as it opens a board's /dev/ttyUSB*: pyserial's tty class,
    termios raw mode, baud rate and read timeouts, not its socket:// handler."""
    def __init__(self, sim_url, cut=False):
        import pty
        self.master, self.slave = pty.openpty()   # the slave stays open: no EIO between opens
        self.name = os.ttyname(self.slave)
        host, port = sim_url[len("socket://"):].split(":")
        self.sock = socket.create_connection((host, int(port)))
        self.cut, self.stop = cut, threading.Event()
        self.thread = threading.Thread(target=self._relay, daemon=True)
        self.thread.start()

    def _relay(self):
        import select
        while not self.stop.is_set():
            ready, _, _ = select.select([self.master, self.sock], [], [], 0.05)
            if self.master in ready:
                self.sock.sendall(os.read(self.master, 4096))
            if self.sock in ready:
                data = self.sock.recv(4096)
                if not data:
                    return
                if not self.cut:
                    os.write(self.master, data)

    def close(self):
        self.stop.set()
        self.thread.join()
        self.sock.close()
        os.close(self.master)
        os.close(self.slave)


@pytest.mark.skipif("1w1l" not in SHAPE_NAMES, reason="TEST_HOST_SHAPES without 1w1l")
@pytest.mark.parametrize("cut", [False, True], ids=["device", "device-silent"])
def test_serial_device(cut):
    """wfhost --port /dev/pts/N run --check: the path a real board takes; with
    the board's replies cut off the same run must fail with the timeout message"""
    sim = SimBoard(board("1w1l"))
    relay = PtyRelay(sim.url, cut=cut)
    try:
        r = wfhost(["--port", relay.name, "--timeout", str(5 if cut else REPLY_TIMEOUT), "run",
                    "--check", FACT])
    finally:
        relay.close()
        sim.close()
    if cut:
        assert r.returncode == 2 and "timeout" in r.stderr, "no replies -> exit 2, timeout; got %d: %s" % (
            r.returncode, r.stderr.strip()[-300:])
    else:
        assert r.returncode == 0 and "cycles" in r.stderr, "run --check over %s: exit %d: %s" % (
            relay.name, r.returncode, r.stderr.strip()[-300:])


@pytest.mark.skipif("1w1l" not in SHAPE_NAMES, reason="TEST_HOST_SHAPES without 1w1l")
@pytest.mark.parametrize("what,args,status,text,port,tmo", NEGATIVES, ids=[n[0] for n in NEGATIVES])
def test_negative(what, args, status, text, port, tmo, files):
    args = [a.replace("@INIT", files["@INIT"]) if a != "@BIG" else files["@BIG"] for a in args]
    srv = None
    if port is None:
        port = "sim:" + board("1w1l")
    elif port.startswith("corrupt-tx"):
        port = "sim:%s,%s" % (board("1w1l"), port)
    elif port == "silent":  # a device that never answers
        srv = socket.socket()
        srv.bind(("127.0.0.1", 0))
        srv.listen(1)
        conns = []
        threading.Thread(target=lambda: conns.append(srv.accept()), daemon=True).start()
        port = "socket://127.0.0.1:%d" % srv.getsockname()[1]
    try:
        r = wfhost(["--port", port, "--timeout", str(tmo)] + args)
    finally:
        if srv:
            for c in conns:
                c[0].close()
            srv.close()
    assert r.returncode == status and text in r.stderr, "%s -> exit %d (%s) expected; exit %d: %s" % (
        what, status, text, r.returncode, r.stderr.strip()[-300:])
