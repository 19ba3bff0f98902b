"""The Python driver of the Wishbone top (fpga/wf_wb_top.v; docs/soc.md): the
register map is scripts/wf/socmap.py, the configuration, IDENTIFY's layout
and the wfsim side are the UART route's (scripts/wf/host.py).

A bus is any object with read(offset) and write(offset, value) for the
top's registers (byte offsets from its base), mem_write(addr, words) and
mem_read(addr, n) for system memory, and optionally wait_irq(cycles) (True
when irq_o rose): SimBus (the Verilated fpga/wbsim.cpp), RemoteBus (LiteX's
RemoteClient through litex_server, e.g. over the SoC's UART bridge).

Errors a user must see are HostError(message, exit_status); nothing is
written to the core when the driver refuses a request."""
import os
import subprocess
import tempfile
import time

from . import socmap as S
from .host import (HostError, cfg_bytes, check_state, knobs_for, load_program, parse_identify,
                   reference, wfsim_args)

ERRORS = {v: n for v, n in S.ERRORS}
SPACES = {n: (c, size) for c, n, size in S.SPACES}
REG = {name: S.reg_offset(name) for name, *_ in S.REGS}
POISON = 0xA5A5A5A5      # what the results' area holds before the transfers back


def _bit(reg, field):
    return 1 << S.fields(reg)[field][0]


class SimBus:
    """fpga/wbsim.cpp (the Verilated top, a bus master and a system memory) over pipes."""
    def __init__(self, exe, sys_base, sys_size, wait=0):
        if not os.access(exe, os.X_OK):
            raise HostError("no simulated SoC bus at %s (build it: make test-soc)" % exe)
        self.proc = subprocess.Popen([exe, "--wait", str(wait)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, universal_newlines=True, bufsize=1)
        self.sys_base, self.sys_size = sys_base, sys_size

    def _cmd(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        ans = self.proc.stdout.readline().strip()
        if not ans:
            raise HostError("the simulated SoC bus stopped (%s)" % line.split()[0])
        if ans.startswith("error:"):
            raise HostError("simulated SoC bus: " + ans[6:].strip())
        return ans

    def read(self, off):
        return int(self._cmd("r %x" % off), 16)

    def write(self, off, value, sel=0xF):
        self._cmd("w %x %x %x" % (off, value & 0xFFFFFFFF, sel))

    def mem_write(self, addr, words):
        for i in range(0, len(words), 256):
            self._cmd("mw %x %s" % (addr + 4 * i, " ".join("%x" % w for w in words[i:i + 256])))

    def mem_read(self, addr, n):
        out = []
        for i in range(0, n, 256):
            k = min(256, n - i)
            out += [int(x, 16) for x in self._cmd("mr %x %x" % (addr + 4 * i, k)).split()]
        return out

    def wait_irq(self, cycles):
        return self._cmd("irq %x" % cycles).startswith("irq")

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class RemoteBus:
    """LiteX's RemoteClient (litex_server: the UART bridge, Etherbone, JTAG) as a bus:
    the top at base, system memory at its own addresses (no interrupt: the driver polls)"""
    def __init__(self, client, base, sys_base, sys_size):
        self.client, self.base = client, base
        self.sys_base, self.sys_size = sys_base, sys_size

    def read(self, off):
        return self.client.read(self.base + off)

    def write(self, off, value, sel=0xF):
        if sel != 0xF:
            raise HostError("RemoteBus: the UART bridge writes whole words only")
        self.client.write(self.base + off, value & 0xFFFFFFFF)

    def mem_write(self, addr, words):
        for i in range(0, len(words), 64):
            self.client.write(addr + 4 * i, list(words[i:i + 64]))

    def mem_read(self, addr, n):
        out = []
        for i in range(0, n, 64):
            k = min(64, n - i)
            d = self.client.read(addr + 4 * i, length=k)
            out += d if isinstance(d, list) else [d]
        return out


class Soc:
    """One warpfront core on a bus; sys_base/sys_size: the system memory the
    driver may use for transfers (the top's SYS_BASE/SYS_SIZE window)."""
    def __init__(self, bus, sys_base=None, sys_size=None):
        self.bus = bus
        self.sys_base = bus.sys_base if sys_base is None else sys_base
        self.sys_size = bus.sys_size if sys_size is None else sys_size
        self.shape = None

    # ---- registers -------------------------------------------------------------------
    def rd(self, name):
        return self.bus.read(REG[name])

    def wr(self, name, value):
        self.bus.write(REG[name], value)

    def error(self):
        """(code name, count) of ERROR"""
        v = self.rd("error")
        return ERRORS.get(v & 0xFF, "error %d" % (v & 0xFF)), v >> 8 & 0xFF

    def _checked(self, what):
        """raises HostError when the core refused the last command (and clears ERROR)"""
        name, _ = self.error()
        if name != "OK":
            self.wr("error", 0)
            raise HostError("%s: the core refused it: %s" % (what, name), 1)

    def identify(self):
        v = self.rd("id")
        if v & 0xFFFF != S.ID_MAGIC:
            raise HostError("identify: not a warpfront Wishbone top (ID 0x%08x)" % v)
        if v >> 16 != S.VERSION:
            raise HostError("identify: register map version %d, this driver %d" % (v >> 16, S.VERSION))
        data = b"".join(self.bus.read(S.ID_BASE + 4 * i).to_bytes(4, "little")
                        for i in range(S.ID_WORDS))
        self.shape = parse_identify(data)
        return self.shape

    def status(self):
        v = self.rd("status")
        return {f: bool(v >> lsb & 1) for f, (lsb, _) in S.fields("status").items()}

    def cycles(self):
        lo = self.rd("cycle_lo")
        return self.rd("cycle_hi") << 32 | lo

    # ---- commands --------------------------------------------------------------------
    def _idle(self, what):
        st = self.status()
        if st["busy"] or st["dma_busy"]:
            raise HostError("%s: the core is busy (%s); wait for it first" % (
                what, "a run is on" if st["busy"] else "a transfer is on"), 1)

    def set_cfg(self, knobs):
        self._idle("set_cfg")
        b = cfg_bytes(knobs) + b"\0"
        self.wr("cfg0", int.from_bytes(b[:4], "little"))
        self.wr("cfg1", int.from_bytes(b[4:8], "little"))
        self._checked("set_cfg")

    def set_pc(self, warp, pc):
        self.wr("pc_sel", warp)
        self.wr("start_pc", pc)
        self._checked("set_pc w%d" % warp)

    def dma(self, space, to_sys, local, sys_addr, n, timeout=1 << 21):
        """one transfer of n items between system memory at sys_addr and the space
        (imem, mem, regs) from item local; waits for it"""
        code, size = SPACES[space]
        what = "dma %s %s" % (space, "to system memory" if to_sys else "from system memory")
        limit = {"imem": "imem_words", "mem": "mem_words"}.get(space)
        items = self.shape[limit] if limit else \
            self.shape["warps"] * self.shape["regs"] * self.shape["lanes"]
        if n < 1 or local < 0 or local + n > items:
            raise HostError("%s: items %d..%d outside the %s space (%d items)" % (
                what, local, local + n - 1, space, items))
        if sys_addr % 4 or sys_addr < self.sys_base or \
                sys_addr + n * size > self.sys_base + self.sys_size:
            raise HostError("%s: system memory 0x%x..0x%x outside the window 0x%x..0x%x" % (
                what, sys_addr, sys_addr + n * size - 1, self.sys_base,
                self.sys_base + self.sys_size - 1))
        self._idle(what)
        self.wr("dma_sys", sys_addr)
        self.wr("dma_local", self.reg_index(local) if space == "regs" else local)
        self.wr("dma_len", n)
        self.wr("dma_ctrl", code << S.fields("dma_ctrl")["space"][0] |
                int(to_sys) << S.fields("dma_ctrl")["to_sys"][0])
        self._checked(what)
        self.wr("ctrl", _bit("ctrl", "dma"))
        self._checked(what)
        self._wait(lambda st: not st["dma_busy"], "dma", timeout, what)

    def reg_index(self, i):
        """item i of the regs space (lane, register, warp order) as DMA_LOCAL's index"""
        s = self.shape
        lb = (s["lanes"] - 1).bit_length()
        rb = (s["regs"] - 1).bit_length()
        lane, r, w = i % s["lanes"], i // s["lanes"] % s["regs"], i // (s["lanes"] * s["regs"])
        return w << (rb + lb) | r << lb | lane

    def launch(self):
        self._idle("launch")
        self.wr("ctrl", _bit("ctrl", "launch"))
        self._checked("launch")

    def _wait(self, done, irq, timeout, what):
        """waits for the interrupt (when the bus has one) or polls; clears it"""
        bit = 1 << S.IRQS.index(irq)
        self.wr("irq_enable", bit)
        t0 = time.monotonic()
        while True:
            if hasattr(self.bus, "wait_irq") and not self.bus.wait_irq(timeout):
                raise HostError("%s: no interrupt within %d cycles" % (what, timeout), 1)
            st = self.status()
            if done(st):
                break
            if time.monotonic() - t0 > 60:
                raise HostError("%s: not finished (timeout)" % what)
        if not self.rd("irq_pending") & bit:
            raise HostError("%s: finished without its interrupt" % what, 1)
        self.wr("irq_pending", bit)
        self.wr("irq_enable", 0)

    def wait_done(self, timeout=1 << 21):
        self._wait(lambda st: st["done"] and not st["busy"], "done", timeout, "run")
        return self.cycles()

    # ---- a program, end to end --------------------------------------------------------
    def run(self, prog, knobs, mem_init=None):
        """Assembles prog (wfsim), puts the image and the scratchpad into system
        memory, DMAs them in, configures, launches, waits for the interrupt, DMAs
        the scratchpad and the registers back; (state as wfsim --dump-state, cycles)."""
        s = self.shape or self.identify()
        sim_args = wfsim_args(s, knobs)
        with tempfile.TemporaryDirectory(prefix="wfsoc") as tmp:
            words, starts, mem = load_program(s, prog, mem_init, sim_args, tmp)
        img = words + [0] * (s["imem_words"] - len(words))   # past the program: 0, as wfsim
        nregs = s["warps"] * s["regs"] * s["lanes"]
        a_img = self.sys_base
        a_mem = a_img + 8 * len(img)
        a_out = a_mem + 4 * len(mem)
        if a_out + 4 * (len(mem) + nregs) > self.sys_base + self.sys_size:
            raise HostError("%s: the image, data and results need %d bytes; the system memory "
                            "window has %d" % (prog, a_out + 4 * (len(mem) + nregs) - self.sys_base,
                                               self.sys_size))
        self.bus.mem_write(a_img, [x for w in img for x in (w & 0xFFFFFFFF, w >> 32)])
        self.bus.mem_write(a_mem, mem)
        self.dma("imem", False, 0, a_img, len(img))
        self.dma("mem", False, 0, a_mem, len(mem))
        self.set_cfg(knobs)
        for w in range(s["warps"]):
            self.set_pc(w, starts.get(w, 0))
        self.launch()
        cycles = self.wait_done()
        # the results' area is filled first, so a transfer that falls short shows
        self.bus.mem_write(a_out, [POISON] * (len(mem) + nregs))
        self.dma("mem", True, 0, a_out, len(mem))
        self.dma("regs", True, 0, a_out + 4 * len(mem), nregs)
        out = self.bus.mem_read(a_out, len(mem) + nregs)
        flat = out[len(mem):]
        L, R = s["lanes"], s["regs"]
        regs = [[flat[(w * R + r) * L:(w * R + r + 1) * L] for r in range(R)]
                for w in range(s["warps"])]
        return {"warps": s["warps"], "lanes": L, "regs": regs, "mem": out[:len(mem)]}, cycles


def check_program(soc, prog, given, mem_init=None, extra=None):
    """runs prog on the SoC and on wfsim; the differences, each naming prog and the field"""
    s = soc.shape or soc.identify()
    knobs = knobs_for(s, given)
    try:
        state, cycles = soc.run(prog, knobs, mem_init)
    except HostError as e:
        raise HostError("%s: %s" % (prog, e), e.status)
    with tempfile.TemporaryDirectory(prefix="wfsoc") as tmp:
        stats, want = reference(prog, wfsim_args(s, knobs), extra, mem_init, tmp)
    return ["%s: %s" % (prog, e) for e in check_state(state, cycles, want, stats,
                                                       s["imshrs"] == 1)], state, cycles
