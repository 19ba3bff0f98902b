"""wfhost: load, run and read back warpfront kernels on a board (or the
simulated board) through the UART host bridge (docs/fpga.md).

  wfhost [--port P] [--baud B] [--timeout S] identify
  wfhost [--port P] status
  wfhost [--port P] peek mem|imem ADDR [N]      words from ADDR (hex)
  wfhost [--port P] peek reg WARP REG           one register, all lanes
  wfhost [--port P] poke mem|imem ADDR WORD...  (WORD in hex)
  wfhost [--port P] run PROG [--mem-init F] [wfsim run-time options] [--check]
        [--dump-state FILE] [--run-timeout S]

P is a serial device (/dev/ttyUSB1), a pyserial URL (socket://HOST:PORT) or
sim:PATH[,corrupt-tx=K] (the Verilated board fpga/hostsim.cpp, built by
tests/tools/test_host.py). `run` assembles PROG with wfsim (--emit-image), writes
the instruction memory and the scratchpad (--mem-init, else 0), sets the
run-time configuration and the start pcs, launches, waits, reads the
scratchpad and every register and prints them as `wfsim --dump-state` JSON;
the cycle count goes to stderr. --check runs wfsim on the same program and
options at the board's shape and compares the final state, and the cycle
count when the build has IMSHRS=1 (then the board's instruction memory has
the C model's miss latency). Exit status: 0 ok, 1 a check failed or the
board answered an error, 2 usage, no device, wrong baud, timeout, or a
program/option the build cannot run.
"""
import argparse
import json
import sys

from wf.host import Board, HostError, run_program, KNOB_NAMES, SHAPE_OPTS



def hexint(s):
    try:
        return int(s, 16)
    except ValueError:
        raise argparse.ArgumentTypeError("not a hex number: %r" % s)


def main():
    ap = argparse.ArgumentParser(prog="wfhost", description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", default="/dev/ttyUSB1",
                    help="serial device, pyserial URL or sim:PATH[,corrupt-tx=K]")
    ap.add_argument("--baud", type=int, default=115200, help="UART baud rate (default 115200)")
    ap.add_argument("--timeout", type=float, default=2.0,
                    help="seconds to wait for a reply (default 2)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("identify", help="print the build's shape and protocol version (JSON)")
    sub.add_parser("status", help="print the bridge's status (JSON)")
    p = sub.add_parser("peek", help="read words or a register")
    p.add_argument("space", choices=["mem", "imem", "reg"])
    p.add_argument("a", type=hexint)
    p.add_argument("b", type=hexint, nargs="?")
    p = sub.add_parser("poke", help="write words")
    p.add_argument("space", choices=["mem", "imem"])
    p.add_argument("addr", type=hexint)
    p.add_argument("words", type=hexint, nargs="+")
    p = sub.add_parser("run", help="assemble, load, run, read back (wfsim --dump-state JSON)")
    p.add_argument("prog")
    p.add_argument("--mem-init", help="initial scratchpad (wfsim --mem-init format)")
    p.add_argument("--dump-state", default="-", help="where the JSON goes (default stdout)")
    p.add_argument("--check", action="store_true",
                   help="compare with wfsim at the board's shape (state, and cycles if IMSHRS=1)")
    p.add_argument("--check-extra", help=argparse.SUPPRESS)   # extra wfsim options (the tests)
    p.add_argument("--run-timeout", type=float, default=30.0,
                   help="seconds the run may take (default 30)")
    for n, names in KNOB_NAMES.items():
        p.add_argument("--" + n, choices=names)
    for n in ("alu_lat", "mul_lat", "lsu_lat", "active_warps") + tuple(SHAPE_OPTS):
        p.add_argument("--" + n.replace("_", "-"), dest=n, type=int)
    a = ap.parse_args()
    try:
        with Board(a.port, a.baud, a.timeout) as board:
            if a.cmd == "identify":
                print(json.dumps(board.identify()))
            elif a.cmd == "status":
                print(json.dumps(board.status()))
            elif a.cmd == "peek":
                board.identify()
                if a.space == "reg":
                    if a.b is None:
                        ap.error("peek reg WARP REG")
                    print(" ".join("%08x" % v for v in board.read_reg(a.a, a.b)))
                else:
                    w = 16 if a.space == "imem" else 8
                    for i, v in enumerate(board.read_words(a.space, a.a, a.b or 1)):
                        print("%04x: %0*x" % (a.a + i, w, v))
            elif a.cmd == "poke":
                board.write_words(a.space, a.addr, a.words)
            else:
                return run_program(board, a)
    except HostError as e:
        print("wfhost: %s" % e, file=sys.stderr)
        return e.status
    except KeyboardInterrupt:
        return 2
    return 0

