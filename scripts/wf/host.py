"""Host side of the warpfront UART bridge (fpga/wf_host_bridge.v; the
protocol is documented in docs/fpga.md "Host protocol"): frames, the
commands, the board's shape (IDENTIFY), and the simulated board
(`sim:PATH`: the Verilated fpga/hostsim.cpp behind a TCP socket).

Errors a user must see are HostError(message, exit_status)."""
import json
import os
import struct
import subprocess
import sys
import tempfile
import time

from . import hostproto as P
from .paths import WFSIM

PROTO_VERSION, SYNC_REQ, SYNC_REP, ID_BYTES = P.VERSION, P.SYNC_REQ, P.SYNC_REP, P.ID_BYTES
STAGE_OPTS = P.STAGE_OPTS
CMD = {name: code for code, name in P.COMMANDS}
ERRORS = {code: name for code, name in P.ERRORS if code}
IMEM_CHUNK, MEM_CHUNK = 31, 63          # words per WRITE/READ frame (payload <= 255 bytes)
# the run-time knobs: wfsim option -> (names or None for a number)
KNOB_NAMES = {"layout": ["naive", "swizzle"],
              "war": ["none", "inorder", "warpboard-commit", "warpboard-read", "bloom"],
              "sched": ["lrr", "gto"], "loops": ["1", "2", "3"], "hazard": ["replay", "stall"]}
# wfsim's defaults (wfsim --help)
KNOB_DEFAULTS = {"layout": "swizzle", "war": "bloom", "sched": "lrr", "loops": "3",
                 "hazard": "replay", "alu_lat": 1, "mul_lat": 4, "lsu_lat": 2, "active_warps": 0}
# the shape as wfsim options (IDENTIFY field -> wfsim option)
SHAPE_OPTS = ["warps", "lanes", "regs", "banks", "collectors", "sb_entries", "ibuf",
              "icache_lines", "icache_line", "imshrs", "imem_words", "mem_words", "mem_line",
              "bloom_bits", "imiss_lat"]


class HostError(Exception):
    def __init__(self, msg, status=2):
        super().__init__(msg)
        self.status = status


class ReplyError(HostError):
    """the bridge answered with an error status"""
    def __init__(self, cmd, code):
        super().__init__("%s: the board replied %s" % (cmd, ERRORS.get(code, "error %d" % code)), 1)
        self.code = code


def crc8(data, crc=0):
    """CRC-8, polynomial 0x07, initial value 0 (the bridge's crc8)."""
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc


def frame(cmd, payload=b""):
    body = bytes([cmd, len(payload)]) + bytes(payload)
    return bytes([SYNC_REQ]) + body + bytes([crc8(body)])


class SimBoard:
    """`sim:PATH[,corrupt-tx=K]`: starts the Verilated board PATH (fpga/hostsim.cpp)
    and gives its socket:// URL."""
    def __init__(self, spec):
        parts = spec.split(",")
        path, args = parts[0], []
        for p in parts[1:]:
            k, _, v = p.partition("=")
            if k != "corrupt-tx" or not v.isdigit():
                raise HostError("--port sim:%s: unknown option '%s' (corrupt-tx=K)" % (spec, p))
            args += ["--corrupt-tx", v]
        if not os.access(path, os.X_OK):
            raise HostError("--port sim:%s: no simulated board (build it: make test-host)" % path)
        self.proc = subprocess.Popen([path] + args, stdout=subprocess.PIPE)
        line = self.proc.stdout.readline().decode(errors="replace").split()
        if len(line) != 3 or line[:2] != ["WFHOSTSIM", "PORT"]:
            self.close()
            raise HostError("--port sim:%s: the simulated board did not start" % path)
        self.url = "socket://127.0.0.1:%s" % line[2]

    def close(self):
        if self.proc.poll() is None:
            self.proc.terminate()
        self.proc.wait()


def parse_identify(data):
    """the shape from IDENTIFY's bytes (the UART reply, or the Wishbone top's ID window)"""
    if data[:len(P.MAGIC)] != P.MAGIC:
        raise HostError("identify: not a warpfront bridge (magic %r)" % data[:len(P.MAGIC)])
    shape = {n: int.from_bytes(data[o:o + k], "little") for n, o, k, _ in P.id_fields()}
    if shape["version"] != PROTO_VERSION:
        raise HostError("identify: the bridge speaks protocol version %d, this wfhost "
                        "version %d" % (shape["version"], PROTO_VERSION))
    for i, n in enumerate(STAGE_OPTS):
        shape[n] = shape["stages"] >> i & 1
    return shape


def cfg_bytes(knobs):
    """the configuration (knobs_for's dict) as SET_CFG's payload (CFG_LAYOUT bytes)"""
    k = dict(knobs)
    k["modes"] = sum(KNOB_NAMES[n].index(k[n]) << i for i, n in enumerate(P.MODE_BITS))
    k["war"] = KNOB_NAMES["war"].index(k["war"])
    k["loops"] = int(k["loops"])
    return bytes([k[n] for n in P.CFG_LAYOUT])


class Board:
    """One connection to a bridge. port: a serial device, a pyserial URL
    (socket://HOST:PORT, ...) or sim:PATH[,corrupt-tx=K]."""
    def __init__(self, port, baud=115200, timeout=2.0):
        try:
            import serial
        except ImportError:
            raise HostError("pyserial is missing (pip install pyserial; scripts/setup.sh)")
        self.sim = None
        self.timeout = timeout
        if port.startswith("sim:"):
            self.sim = SimBoard(port[4:])
            port = self.sim.url
        try:
            self.ser = serial.serial_for_url(port, baudrate=baud, timeout=timeout)
        except (serial.SerialException, ValueError, OSError) as e:
            self.close()
            raise HostError("--port %s: cannot open: %s" % (port, e))
        self.shape = None

    def close(self):
        if getattr(self, "ser", None) is not None:
            self.ser.close()
            self.ser = None
        if self.sim is not None:
            self.sim.close()
            self.sim = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- frames --------------------------------------------------------------------
    def _read(self, n, what):
        data = self.ser.read(n)
        if len(data) != n:
            raise HostError("timeout: no complete reply within %.1f s (%s; is the board "
                            "programmed and the port right?)" % (self.timeout, what))
        return data

    def send_raw(self, data):
        self.ser.write(bytes(data))
        self.ser.flush()

    def reply(self, what):
        """(status, payload) of the next reply frame."""
        head = self._read(3, what)
        if head[0] != SYNC_REP:
            raise HostError("%s: garbled reply (byte 0x%02x where 0x%02x starts a reply; "
                            "wrong baud rate?)" % (what, head[0], SYNC_REP))
        body = head[1:] + self._read(head[2], what)
        crc = self._read(1, what)[0]
        if crc != crc8(body):
            raise HostError("%s: reply CRC 0x%02x, expected 0x%02x (a corrupted reply; wrong "
                            "baud rate or a noisy line?)" % (what, crc, crc8(body)))
        return body[0], body[2:]

    def command(self, name, payload=b"", want_len=None):
        self.send_raw(frame(CMD[name], payload))
        status, data = self.reply(name)
        if status:
            raise ReplyError(name, status)
        if want_len is not None and len(data) != want_len:
            raise HostError("%s: reply of %d bytes, expected %d" % (name, len(data), want_len))
        return data

    # ---- commands ------------------------------------------------------------------
    def identify(self):
        try:
            data = self.command("IDENTIFY", want_len=ID_BYTES)
        except HostError as e:
            raise HostError("identify: no valid answer from a warpfront bridge (%s)" % e)
        shape = parse_identify(data)
        self.shape = shape
        return shape

    def status(self):
        d = self.command("STATUS", want_len=P.STATUS_BYTES)
        st = {n: int.from_bytes(d[o:o + k], "little") for n, o, k in P.status_fields()}
        out = {n: bool(st["flags"] >> i & 1) for i, n in enumerate(P.STATUS_FLAGS)}
        out.update((n, v) for n, v in st.items() if n != "flags")
        return out

    def write_words(self, space, addr, words):
        size, chunk = (8, IMEM_CHUNK) if space == "imem" else (4, MEM_CHUNK)
        name = "WRITE_IMEM" if space == "imem" else "WRITE_MEM"
        for i in range(0, len(words), chunk):
            part = words[i:i + chunk]
            self.command(name, struct.pack("<H", addr + i) +
                         b"".join(w.to_bytes(size, "little") for w in part), want_len=0)

    def read_words(self, space, addr, n):
        size, chunk = (8, IMEM_CHUNK) if space == "imem" else (4, MEM_CHUNK)
        name = "READ_IMEM" if space == "imem" else "READ_MEM"
        out = []
        for i in range(0, n, chunk):
            k = min(chunk, n - i)
            d = self.command(name, struct.pack("<HB", addr + i, k), want_len=k * size)
            out += [int.from_bytes(d[j:j + size], "little") for j in range(0, len(d), size)]
        return out

    def read_reg(self, warp, reg):
        lanes = self.shape["lanes"] if self.shape else None
        d = self.command("READ_REG", bytes([warp, reg]),
                         want_len=None if lanes is None else 4 * lanes)
        return [int.from_bytes(d[j:j + 4], "little") for j in range(0, len(d), 4)]

    def set_cfg(self, knobs):
        self.command("SET_CFG", cfg_bytes(knobs), want_len=0)

    def set_pc(self, warp, pc):
        self.command("SET_PC", struct.pack("<BH", warp, pc), want_len=0)

    def launch(self):
        self.command("LAUNCH", want_len=0)

    def wait_done(self, timeout):
        """Polls STATUS until the run is done; returns its cycle count."""
        t0 = time.monotonic()
        while True:
            st = self.status()
            if st["done"] and not st["busy"]:
                return st["cycle"]
            if time.monotonic() - t0 > timeout:
                raise HostError("timeout: the run did not finish within %.0f s (cycle %d; "
                                "--run-timeout)" % (timeout, st["cycle"]))
            time.sleep(0.001 if self.sim else 0.02)

    def read_state(self):
        """The final state in `wfsim --dump-state`'s layout."""
        s = self.shape
        mem = self.read_words("mem", 0, s["mem_words"])
        regs = [[self.read_reg(w, r) for r in range(s["regs"])] for w in range(s["warps"])]
        return {"warps": s["warps"], "lanes": s["lanes"], "regs": regs, "mem": mem}


def knobs_for(shape, given):
    """The run-time configuration: the options given, else wfsim's default where the
    build allows it (a pinned knob: its pinned value; a latency: at most the build's
    maximum). A value the build cannot run is a HostError naming it."""
    k = {}
    for name, names in KNOB_NAMES.items():
        pin = shape["pin_" + name]
        if given.get(name) is not None:
            if given[name] not in names:
                raise HostError("--%s %s: allowed %s" % (name, given[name], "|".join(names)))
            k[name] = given[name]
            if pin != 0xFF and names.index(given[name]) != (pin - 1 if name == "loops" else pin):
                raise HostError("--%s %s: this build pins %s to %s" % (
                    name, given[name], name, names[pin - 1 if name == "loops" else pin]))
        else:
            k[name] = names[pin - 1 if name == "loops" else pin] if pin != 0xFF \
                else KNOB_DEFAULTS[name]
    for name, lo in (("alu_lat", 1), ("mul_lat", 1), ("lsu_lat", 2)):
        hi = shape[name + "_max"]
        v = given.get(name)
        if v is None:
            v = min(KNOB_DEFAULTS[name], hi)
        elif not lo <= v <= hi:
            raise HostError("--%s %d: this build allows %d..%d (%s_MAX)" % (
                name.replace("_", "-"), v, lo, hi, name.upper()))
        k[name] = v
    v = given.get("active_warps")
    v = 0 if v is None else v
    if not 0 <= v <= shape["warps"]:
        raise HostError("--active-warps %d: this build has %d warps" % (v, shape["warps"]))
    k["active_warps"] = v
    return k


def wfsim_args(shape, knobs):
    """wfsim options for the same machine and configuration."""
    a = []
    for n in SHAPE_OPTS:
        a += ["--" + n.replace("_", "-"), str(shape[n])]
    for n in ("layout", "war", "sched", "loops", "hazard"):
        a += ["--" + n, knobs[n]]
    for n in ("alu_lat", "mul_lat", "lsu_lat", "active_warps"):
        a += ["--" + n.replace("_", "-"), str(knobs[n])]
    for n in STAGE_OPTS:
        a += ["--" + n.replace("_", "-"), str(shape[n])]
    return a


def parse_image(data):
    """A wfsim --emit-image (.wfb) image: (instruction words, {warp: start pc})."""
    if len(data) < 16 or data[:8] != b"WFPROG1\0":
        raise HostError("not a warpfront image (wfsim --emit-image)")
    n, s = struct.unpack_from("<II", data, 8)
    starts = dict(struct.unpack_from("<II", data, 16 + 8 * i) for i in range(s))
    off = 16 + 8 * s
    words = list(struct.unpack_from("<%dQ" % n, data, off))
    return words, starts


def state_json(state):
    """The state as `wfsim --dump-state` writes it (no spaces)."""
    return json.dumps(state, separators=(",", ":"))


def wfsim(args, what):
    if not os.access(WFSIM, os.X_OK):
        raise HostError("%s: no wfsim at %s (make build/wfsim, or set WFSIM)" % (what, WFSIM))
    r = subprocess.run([WFSIM] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if r.returncode:
        raise HostError((r.stderr or r.stdout).strip() or "%s: wfsim failed" % what,
                        2 if r.returncode == 2 else 1)
    return r.stdout


def load_program(shape, prog, mem_init, sim_args, tmp):
    """(instruction words, {warp: start pc}, initial scratchpad) of prog as wfsim
    assembles it for sim_args (--emit-image) and reads --mem-init (None: zeros);
    a program the shape cannot hold is a HostError naming it. tmp: a scratch directory."""
    img = os.path.join(tmp, "prog.wfb")
    wfsim(["--emit-image", img] + sim_args + [prog], "assemble")
    with open(img, "rb") as f:
        words, starts = parse_image(f.read())
    if len(words) > shape["imem_words"]:
        raise HostError("%s: %d instructions; this build's instruction memory holds %d "
                        "(IMEM_WORDS)" % (prog, len(words), shape["imem_words"]))
    bad = [w for w in starts if w >= shape["warps"]]
    if bad:
        raise HostError("%s: .start w%d; this build has %d warps" % (prog, bad[0], shape["warps"]))
    # the initial scratchpad as wfsim reads --mem-init (a run of `exit`)
    mem = [0] * shape["mem_words"]
    if mem_init:
        ex = os.path.join(tmp, "exit.s")
        st = os.path.join(tmp, "init.json")
        with open(ex, "w") as f:
            f.write("exit\n")
        wfsim(["--functional", "--quiet", "--dump-state", st, "--mem-init", mem_init] +
              sim_args + [ex], "--mem-init")
        with open(st) as f:
            mem = json.load(f)["mem"]
    return words, starts, mem


def reference(prog, sim_args, extra, mem_init, tmp):
    """wfsim's (stats, final state) of prog; extra: more wfsim options (a string)"""
    ref = os.path.join(tmp, "ref.json")
    stats = json.loads(wfsim(["--quiet", "--json", "--dump-state", ref] + sim_args +
                             (extra.split() if extra else []) +
                             ([] if not mem_init else ["--mem-init", mem_init]) +
                             [prog], "--check"))
    with open(ref) as f:
        return stats, json.load(f)


def check_state(state, cycles, want, stats, exact):
    """the differences of a board's result from wfsim's: the first state field that
    differs, and the cycle count when exact (IMSHRS=1)"""
    diff = first_difference(state, want)
    errs = [diff] if diff else []
    if exact and cycles != stats["cycles"]:
        errs.append("cycles: board %d, wfsim %d" % (cycles, stats["cycles"]))
    return errs


def run_program(board, a, out=sys.stdout, err=sys.stderr):
    """`wfhost run`: a is the parsed options (prog, mem_init, dump_state, check,
    check_extra, run_timeout, the knobs and shape options). Returns the exit status."""
    shape = board.identify()
    for n in SHAPE_OPTS:
        v = getattr(a, n)
        if v is not None and v != shape[n]:
            raise HostError("--%s %d: the board is built with %s=%d" % (
                n.replace("_", "-"), v, n.upper(), shape[n]))
    knobs = knobs_for(shape, vars(a))
    sim_args = wfsim_args(shape, knobs)
    with tempfile.TemporaryDirectory(prefix="wfhost") as tmp:
        words, starts, mem = load_program(shape, a.prog, a.mem_init, sim_args, tmp)
        # words past the program are 0, as in the C model
        board.write_words("imem", 0, words + [0] * (shape["imem_words"] - len(words)))
        board.write_words("mem", 0, mem)
        board.set_cfg(knobs)
        for w in range(shape["warps"]):
            board.set_pc(w, starts.get(w, 0))
        board.launch()
        cycles = board.wait_done(a.run_timeout)
        state = board.read_state()
        text = state_json(state)
        if a.dump_state == "-":
            print(text, file=out)
        else:
            with open(a.dump_state, "w") as f:
                f.write(text + "\n")
        print("board: %d cycles" % cycles, file=err)
        if not a.check:
            return 0
        stats, want = reference(a.prog, sim_args, a.check_extra, a.mem_init, tmp)
    exact = shape["imshrs"] == 1
    errs = check_state(state, cycles, want, stats, exact)
    note = "cycles %d (wfsim %d%s)" % (cycles, stats["cycles"],
                                      "" if exact else "; IMSHRS>1: not compared")
    if errs:
        print("wfhost: check FAILED %s: %s" % (a.prog, "; ".join(errs)), file=err)
        return 1
    print("wfhost: check ok %s: state equal, %s" % (a.prog, note), file=err)
    return 0


def first_difference(got, want):
    for k in ("warps", "lanes"):
        if got[k] != want.get(k):
            return "%s: board %s, wfsim %s" % (k, got[k], want.get(k))
    for i, (g, w) in enumerate(zip(got["mem"], want["mem"])):
        if g != w:
            return "mem[%d]: board %d, wfsim %d" % (i, g, w)
    if len(got["mem"]) != len(want["mem"]):
        return "memory words: board %d, wfsim %d" % (len(got["mem"]), len(want["mem"]))
    for wi, (gw, ww) in enumerate(zip(got["regs"], want["regs"])):
        for r, (gr, wr) in enumerate(zip(gw, ww)):
            for lane, (g, w) in enumerate(zip(gr, wr)):
                if g != w:
                    return "warp %d r%d lane %d: board %d, wfsim %d" % (wi, r, lane, g, w)
    return None
