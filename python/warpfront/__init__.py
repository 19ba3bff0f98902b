"""warpfront from Python: a thin cffi (ABI mode) layer over the installed
libwarpfront.so (`make install`; docs/verification.md "Linking the model: C
and Python"). The C declarations are read from the installed public headers,
so no layout is repeated here; the C library does the work (assembler,
configuration names and range checks, the cycle model).

The library and headers are found through WARPFRONT_PREFIX (an install
prefix), else the install this copy came from (the one `make install` puts
under PREFIX/share/warpfront/python writes _install.py), else `pkg-config
warpfront`."""
import json
import os
import re
import subprocess
import tempfile

import cffi

__all__ = ["WarpfrontError", "Config", "Program", "Model", "assemble", "disassemble", "params",
           "compare", "trace_ports", "decode_trace", "Lockstep", "LockstepCore", "Host", "Checker"]

_HEADERS = ["wf_opcodes.h", "wf_enums.h", "wf_isa.h", "wf_config.h", "wf_program.h", "wf_functional.h", "warpfront.h"]


class WarpfrontError(Exception):
    """An error reported by the C library (its message unchanged)."""


def _locate():
    pre = os.environ.get("WARPFRONT_PREFIX")
    if pre:
        return os.path.join(pre, "lib"), os.path.join(pre, "include")
    try:  # the copy `make install` put under share/warpfront/python knows its install
        from . import _install
        return _install.LIBDIR, _install.INCLUDEDIR
    except ImportError:
        pass
    try:
        def var(v):
            return subprocess.run(["pkg-config", "--variable=" + v, "warpfront"], check=True,
                                  capture_output=True, text=True).stdout.strip()
        return var("libdir"), var("includedir")
    except (OSError, subprocess.CalledProcessError) as e:
        raise ImportError("warpfront: set WARPFRONT_PREFIX or PKG_CONFIG_PATH to an install "
                          "of `make install` (%s)" % e) from None


def _cdef_text(path):
    """A public header as cffi's cdef accepts it: no comments, C++ guards,
    includes or static inline functions; integer #defines kept; an X-macro
    table (`#define TABLE(X) X(name, ...) ...`) expanded where a line applies
    it to a one-line macro (`TABLE(FIELD)`, `#define FIELD(name, value) unsigned name;`)."""
    with open(path) as f:
        t = f.read()
    t = re.sub(r"/\*.*?\*/", " ", t, flags=re.S)
    t = re.sub(r"#ifdef __cplusplus.*?#endif", " ", t, flags=re.S)
    t = re.sub(r"static inline[^{]*\{[^}]*\}", " ", t)
    t = re.sub(r"\\\n", " ", t)  # continued lines
    out, tables, fields = [], {}, {}
    for line in t.splitlines():
        s = line.strip()
        if s.startswith("#"):
            # integer literals only (cffi takes no expressions or other names)
            m = re.match(r"#define\s+(\w+)\s+\(?(-?(?:0[xX][0-9a-fA-F]+|\d+))[uUlL]*\)?\s*$", s)
            if m:
                out.append("#define %s %s" % m.groups())
            m = re.match(r"#define\s+(\w+)\((\w+)\)\s+(.*)$", s)
            if m:  # a table: the first argument of every row
                tables[m.group(1)] = re.findall(r"\b%s\(\s*(\w+)" % m.group(2), m.group(3))
            m = re.match(r"#define\s+(\w+)\((\w+),[^)]*\)\s+(.*)$", s)
            if m:
                fields[m.group(1)] = (m.group(2), m.group(3))
            continue
        m = re.match(r"\s*(\w+)\((\w+)\)\s*$", line)
        if m and m.group(1) in tables and m.group(2) in fields:
            arg, body = fields[m.group(2)]
            line = " ".join(re.sub(r"\b%s\b" % arg, n, body) for n in tables[m.group(1)])
        out.append(line)
    return "\n".join(out)


_libdir, _incdir = _locate()
ffi = cffi.FFI()
# libwfverif: the comparator (verif/compare.c), the RTL trace decoder
# (verif/rtlobs.c) and the testbench side of wf_core (verif/host.c)
# and the lockstep core (verif/lockstep.c) the C harnesses are adapters of;
# wf_cov (cmodel/include/wf_cov.h) only by pointer there
# and the transaction-level checker (verif/txcheck.c)
_VERIF_HEADERS = ["wf_layout.h", "wf_compare.h", "wf_rtlobs.h", "wf_host.h", "wf_lockstep.h", "wf_txcheck.h"]
ffi.cdef("\n".join(_cdef_text(os.path.join(_incdir, "warpfront", h)) for h in _HEADERS))
# wf_cmp_history's rows are sized by a sizeof expression cffi cannot parse:
# the size of wf_obs without warp[], evaluated here from the declarations above
_OBS_HEAD = "sizeof(wf_obs) - sizeof(((wf_obs *)0)->warp)"
_obs_head = ffi.sizeof("wf_obs") - ffi.sizeof(dict(ffi.typeof("wf_obs").fields)["warp"].type)
ffi.cdef("typedef struct wf_cov_opaque wf_cov;\n" +
         "\n".join(_cdef_text(os.path.join(_incdir, "warpfront", h)).replace(_OBS_HEAD, str(_obs_head))
                   for h in _VERIF_HEADERS))
ffi.cdef("FILE *fdopen(int fd, const char *mode); int fclose(FILE *f); int fflush(FILE *f);")  # wf_cmp_report's text
lib = ffi.dlopen(os.path.join(_libdir, "libwarpfront.so.0"))
verif = ffi.dlopen(os.path.join(_libdir, "libwfverif.so.0"))
_libc = ffi.dlopen(None)
_ERRLEN = 1024


def _err():
    return ffi.new("char[]", _ERRLEN)


def _str(buf):
    return ffi.string(buf).decode()


def _todict(cd):
    """cdata (struct, array or scalar) as Python dicts, lists and ints."""
    if not isinstance(cd, ffi.CData):
        return cd
    t = ffi.typeof(cd)
    if t.kind == "struct":
        return {name: _todict(getattr(cd, name)) for name, _ in t.fields}
    if t.kind == "array":
        return [_todict(x) for x in cd]
    return cd


def params():
    """The configuration parameters: name, range text, default (wfsim's options)."""
    n = ffi.new("size_t *")
    ps = lib.wf_params(n)
    out = []
    for i in range(n[0]):
        buf = _err()
        lib.wf_param_range(ps + i, buf, _ERRLEN)
        out.append({"name": _str(ps[i].name), "range": _str(buf), "default": ps[i].dflt})
    return out


class Config:
    """A machine configuration. Config(warps=4, war="inorder") sets parameters
    by wfsim's names ('-' or '_'); values go through wf_config_set, so a bad
    name or value raises ValueError with wfsim's message."""

    def __init__(self, **kw):
        self._c = ffi.new("wf_config *")
        lib.wf_config_default(self._c)
        for k, v in kw.items():
            self[k] = v

    def __setitem__(self, name, value):
        buf = _err()
        if lib.wf_config_set(self._c, name.encode(), str(value).encode(), buf, _ERRLEN) != ffi.NULL:
            raise ValueError(_str(buf))

    def __getitem__(self, name):
        p = lib.wf_param_find(name.encode())
        if p == ffi.NULL:
            raise KeyError(name)
        return lib.wf_config_get(self._c, p)

    def check(self):
        buf = _err()
        if lib.wf_config_check(self._c, buf, _ERRLEN) != ffi.NULL:
            raise ValueError(_str(buf))


class Program:
    """An assembled program (wf_program); words is the list of 64-bit words."""

    def __init__(self):
        self._p = ffi.gc(ffi.new("wf_program *"), lib.wf_program_free)

    @property
    def words(self):
        return [self._p.words[i] for i in range(self._p.len)]


def assemble(text, regs=32, name="<python>"):
    """Assembles source text; WarpfrontError 'name:line:col: message' on error."""
    prog, buf = Program(), _err()
    if lib.wf_assemble(name.encode(), text.encode(), regs, prog._p, buf, _ERRLEN):
        raise WarpfrontError(_str(buf))
    return prog


def disassemble(words, regs=32):
    """One canonical assembler line per word (branch targets as @pc)."""
    out = []
    for i, w in enumerate(words):
        insn, buf = ffi.new("wf_insn *"), _err()
        msg = lib.wf_decode(w, regs, insn)
        if msg != ffi.NULL:
            raise WarpfrontError("word %d: %s" % (i, _str(msg)))
        lib.wf_disasm(insn, buf, _ERRLEN)
        out.append(_str(buf))
    return out


class Model:
    """The cycle model of a configuration with a program loaded (launched).
    mem: None (scratchpad all 0) or the cfg mem_words initial words."""

    def __init__(self, config, program, mem=None):
        buf = _err()
        m = lib.wf_model_create(config._c, buf, _ERRLEN)
        if m == ffi.NULL:
            raise ValueError(_str(buf))
        self._m = ffi.gc(m, lib.wf_model_destroy)
        self.config = config
        self._prog = program  # the model keeps pointers into it
        image = ffi.NULL
        if mem is not None:
            if len(mem) != config["mem_words"]:
                raise ValueError("mem: %d words given, mem_words is %d" % (len(mem), config["mem_words"]))
            image = self._mem = ffi.new("uint32_t[]", list(mem))
        if lib.wf_model_load(self._m, program._p, image, buf, _ERRLEN):
            raise WarpfrontError(_str(buf))

    def step(self):
        """Simulates one cycle; returns its observation record (§11) as a dict."""
        lib.wf_model_step(self._m)
        return self.obs()

    def obs(self):
        return _todict(lib.wf_model_obs(self._m)[0])

    @property
    def done(self):
        return bool(lib.wf_model_done(self._m))

    @property
    def cycle(self):
        return lib.wf_model_cycle(self._m)

    def run(self, max_cycles=10_000_000):
        """Steps to done; WarpfrontError (the model's message) on max_cycles or the watchdog."""
        buf = _err()
        if lib.wf_model_run(self._m, max_cycles, buf, _ERRLEN):
            raise WarpfrontError(_str(buf))

    def stats(self):
        return _todict(lib.wf_model_stats(self._m)[0])

    def final_state(self):
        """{'regs': [warp][reg][lane], 'mem': [...], 'retired': [per warp]} as wfsim --dump-state."""
        st = ffi.new("wf_arch_state *")
        if lib.wf_model_final_state(self._m, st):
            raise MemoryError("wf_model_final_state")
        try:
            W, R, L = st.warps, st.regs, st.lanes
            regs = [[[st.reg[(w * R + r) * L + l] for l in range(L)] for r in range(R)] for w in range(W)]
            return {"regs": regs, "mem": list(st.mem[0:st.mem_words]), "retired": list(st.retired[0:W])}
        finally:
            lib.wf_arch_free(st)


def compare(config, expected, actual, hazard=True):
    """The lockstep comparator (wf_cmp_obs_flags) on two observation records
    (dicts as Model.step returns): None when equal, else the first difference
    {'cycle', 'path' (e.g. 'warp[3].ibuf[1].dep'), 'expected', 'actual'}.
    hazard=False leaves warp[].hazard and hazard_mask out, as the harnesses' option does."""
    e, a, d = ffi.new("wf_obs *", expected), ffi.new("wf_obs *", actual), ffi.new("wf_cmp_diff *")
    flags = 0 if hazard else verif.WF_CMP_NO_HAZARD
    if not verif.wf_cmp_obs_flags(config._c, e, a, flags, d):
        return None
    return {"cycle": d.cycle, "path": _str(d.path), "expected": d.expected, "actual": d.actual}


def check_pins(config, pins):
    """wf_core pins against the configuration (wf_host_check_pins): pins is
    {"HAZARD": 0, ...} (PIN_<name> = value, the WF_RTL_PARAMS words of a
    pinned build). None when the configuration drives every pinned input to
    its pin's value; WarpfrontError naming the option, the input and the pin
    when it contradicts one, or for an unknown pin name."""
    p, err = ffi.new("wf_launch_pins *"), _err()
    verif.wf_host_pins_none(p)
    for name, v in pins.items():
        if verif.wf_host_set_pin(p, name.encode(), int(v)):
            raise WarpfrontError("PIN_%s: no such pin (verif/include/wf_host.h WF_LAUNCH_PINS)" % name)
    if verif.wf_host_check_pins(config._c, p, err, _ERRLEN):
        raise WarpfrontError(_str(err))


def trace_version():
    """The trace layout version this decoder reads (WF_TRACE_VERSION,
    scripts/wf/layout.py): what the RTL must report on obs_version_o."""
    return verif.WF_TRACE_VERSION


def trace_ports(config):
    """The RTL's trace ports (rtl/wf_core.v, verif/include/wf_rtlobs.h) at the
    configuration's sizes: [(port name, bits)] in the decoder's order."""
    return [(_str(verif.wf_rtl_trace_port_name(p)), verif.wf_rtl_trace_bits(config._c, p))
            for p in range(verif.WF_RTL_PORTS)]


class _Trace:
    """The trace ports as the C decoder takes them (wf_rtl_trace: LSB-first
    32-bit words), filled from Python ints."""

    def __init__(self, config):
        self.config = config
        self.ports = trace_ports(config)
        self._words = [(b + 31) // 32 or 1 for _, b in self.ports]
        self._bufs = [ffi.new("uint32_t[]", n) for n in self._words]
        self.t = ffi.new("wf_rtl_trace *")
        for (field, _), buf in zip(ffi.typeof("wf_rtl_trace").fields, self._bufs):
            setattr(self.t, field, buf)
        self.obs = ffi.new("wf_obs *")

    def fill(self, values):
        """values: port name -> int (the port's bits, and 'obs_version_o': the
        layout version the RTL reports) into self.t"""
        for (name, _), n, buf in zip(self.ports, self._words, self._bufs):
            ffi.memmove(buf, int(values[name]).to_bytes(4 * n, "little"), 4 * n)
        self.t.version = int(values["obs_version_o"])
        return self.t

    def decode(self, values):
        """values as fill's; the record in self.obs. A trace of another layout
        version raises WarpfrontError (the decoder's message)."""
        if verif.wf_rtl_trace_decode(self.config._c, self.fill(values), self.obs):
            msg = ffi.new("char[]", 256)
            verif.wf_rtl_trace_check_version(self.t.version, msg, 256)
            raise WarpfrontError(_str(msg))
        return self.obs


def decode_trace(config, values):
    """One cycle of the RTL's trace ports (port name -> int, e.g. {'obs_o':
    ..., 'obs_wb_o': ..., 'obs_version_o': ...}) decoded by the harnesses' decoder
    (wf_rtl_trace_decode): the observation record as a dict, as Model.step
    returns it."""
    return _todict(_Trace(config).decode(values)[0])


def _diff(d):
    return {"cycle": d.cycle, "path": _str(d.path), "expected": d.expected, "actual": d.actual}


class Lockstep:
    """The per-cycle lockstep check of an RTL against the cycle model as the
    C++ harness does it: step(values) runs one model cycle, decodes the RTL's
    trace ports of the same cycle (values: port name -> int) and compares the
    two records with the comparator's history (wf_cmp_step). Returns None, or
    the first difference {'cycle', 'path', 'expected' (model), 'actual' (RTL)};
    report() is then the harnesses' LOCKSTEP MISMATCH text."""

    def __init__(self, model, hazard=True):
        self.model, self.config = model, model.config
        self._trace = _Trace(self.config)
        self._hist = ffi.new("wf_cmp_history *")
        verif.wf_cmp_history_init(self._hist)
        self._flags = 0 if hazard else verif.WF_CMP_NO_HAZARD
        self._d = ffi.new("wf_cmp_diff *")

    def step(self, values):
        lib.wf_model_step(self.model._m)
        rtl = self._trace.decode(values)
        if verif.wf_cmp_step(self.config._c, self._hist, lib.wf_model_obs(self.model._m), rtl,
                             self._flags, self._d):
            return _diff(self._d)
        return None

    def report(self, diff, seed=0, repro=None):
        """wf_cmp_report's text for a difference (step's, or one of the
        caller's such as {'cycle', 'path': 'done_o', 'expected', 'actual'})."""
        d = ffi.new("wf_cmp_diff *", {"differs": 1, "cycle": diff["cycle"], "path": diff["path"].encode(),
                                      "expected": diff["expected"], "actual": diff["actual"]})
        with tempfile.TemporaryFile("w+") as tmp:
            f = _libc.fdopen(os.dup(tmp.fileno()), b"w")
            if f == ffi.NULL:
                raise OSError("fdopen failed")
            verif.wf_cmp_report(f, self.config._c, d, self._hist, seed,
                                repro.encode() if repro else ffi.NULL)
            _libc.fclose(f)
            tmp.seek(0)
            return tmp.read()


class LockstepCore:
    """The lockstep core of the C harnesses (verif/include/wf_lockstep.h) in
    its push form, as the DPI-C entry points use it: the oracles (interpreter
    and cycle model run to done; WarpfrontError when the model hangs), a
    model stepped beside the RTL, the reports of the C harnesses (LOCKSTEP
    MISMATCH with the history, seed and reproduce line; FINAL STATE MISMATCH)
    and the final-state check. Per cycle: model_step(); when it or the RTL
    is done check_done(rtl_done), else compare(trace port values); after done
    final(regs, mem, rtl_cycles). Each returns True while no failure is
    reported; report() is the text of the reports so far."""

    def __init__(self, config, program, name, cmp="full", seed=1, repro="", max_cycles=None):
        self.config = config
        err = _err()
        if max_cycles is None:  # every harness's default (wf_host.h)
            max_cycles = verif.WF_HOST_MAX_CYCLES
        self._oracle = ffi.new("wf_host_oracle *")
        if verif.wf_host_oracle_run(config._c, program._p, max_cycles, self._oracle, err, _ERRLEN):
            raise WarpfrontError(_str(err))
        level = verif.wf_cmp_level_parse(cmp.encode())
        if level < 0:
            self.close()
            raise ValueError("cmp: '%s' is not a compare level" % cmp)
        self._tmp = tempfile.TemporaryFile("w+")
        self._f = _libc.fdopen(os.dup(self._tmp.fileno()), b"w")
        self._keep = [program, ffi.new("char[]", name.encode()), ffi.new("char[]", repro.encode())]
        opts = ffi.new("wf_ls_opts *", {"cfg": config._c, "prog": program._p, "prog_name": self._keep[1],
                                        "oracle": self._oracle, "cmp": level, "model": 1, "final": 1,
                                        "seed": seed, "repro": self._keep[2], "report": self._f, "runs": 1})
        self._ls = verif.wf_ls_create(opts, err, _ERRLEN)
        if self._ls == ffi.NULL or verif.wf_ls_launch(self._ls):
            self.close()
            raise WarpfrontError(_str(err) if self._ls == ffi.NULL else "the model could not be loaded")
        self._trace = _Trace(config)

    def model_step(self):
        """The model's cycle: True when the model is done (no record this cycle)."""
        return verif.wf_ls_model_step(self._ls) == 1

    def compare(self, values):
        """The RTL's trace ports of this cycle (port name -> int, and
        'obs_version_o') against the model's record. A trace of another layout
        version raises WarpfrontError."""
        st = verif.wf_ls_compare(self._ls, self._trace.fill(values))
        if st == verif.WF_LS_VERSION:
            msg = ffi.new("char[]", 256)
            verif.wf_rtl_trace_check_version(self._trace.t.version, msg, 256)
            raise WarpfrontError(_str(msg))
        return st == verif.WF_LS_PASS

    def check_done(self, rtl_done):
        return verif.wf_ls_check_done(self._ls, int(rtl_done)) == verif.WF_LS_PASS

    def final(self, regs, mem, rtl_cycles):
        """The read-back state (regs[warp][reg][lane], mem[word]) and the RTL's
        cycle count against the oracles."""
        c = self.config
        st = ffi.new("wf_arch_state *")
        if lib.wf_arch_alloc(st, c["warps"], c["lanes"], c["regs"], c["mem_words"]):
            raise MemoryError("wf_arch_alloc")
        try:
            L, R = c["lanes"], c["regs"]
            for w, wr in enumerate(regs):
                for r, lanes in enumerate(wr):
                    for l, v in enumerate(lanes):
                        st.reg[(w * R + r) * L + l] = v
            for a, v in enumerate(mem):
                st.mem[a] = v
            return verif.wf_ls_final(self._ls, st, rtl_cycles) == verif.WF_LS_PASS
        finally:
            lib.wf_arch_free(st)

    def model_cycles(self):
        """the oracle cycle model's cycle count"""
        return self._oracle.model_cycles

    def report(self):
        _libc.fflush(self._f)
        self._tmp.seek(0)
        return self._tmp.read()

    def close(self):
        if getattr(self, "_ls", None) is not None:
            verif.wf_ls_destroy(self._ls)
            self._ls = None
        if getattr(self, "_f", None) is not None:
            _libc.fclose(self._f)
            self._f = None
            self._tmp.close()
        if getattr(self, "_oracle", None) is not None:
            verif.wf_host_oracle_free(self._oracle)
            self._oracle = None

    def __del__(self):
        self.close()


class Host:
    """The testbench side of wf_core's pins (verif/include/wf_host.h, as the
    C++ and SystemC harnesses use it): the launch inputs, the start PCs and
    the instruction memory of §3.3 for a configuration and program."""

    def __init__(self, config, program):
        self.config, self.program = config, program
        self._im = ffi.new("wf_imem *")
        verif.wf_imem_init(self._im, config._c, program._p)
        self._line_words = 2 * config["icache_line"]
        self._line = ffi.new("uint32_t[]", max(self._line_words, 1))
        self._mshr = ffi.new("unsigned *")

    def launch_inputs(self):
        """{'swizzle', 'war', 'gto', 'loops', 'stall', 'alu_lat', ...}: the cfg_<name>_i values."""
        li = ffi.new("wf_launch_inputs *")
        verif.wf_host_launch_inputs(self.config._c, li)
        return _todict(li[0])

    def start_pcs(self):
        """start_pc_i as an int (16 bits per warp, warp 0 lowest)."""
        n = (self.config["warps"] * 16 + 31) // 32
        w = ffi.new("uint32_t[]", n)
        verif.wf_host_start_pcs(self.config._c, self.program._p, w)
        return int.from_bytes(ffi.buffer(w), "little")

    def imem_ready(self, cycle):
        return verif.wf_imem_ready(self._im, cycle)

    def imem_request(self, cycle, mshr, line):
        """A request handshaken in cycle; False when too many are pending (an RTL bug)."""
        return verif.wf_imem_request(self._im, cycle, mshr, line) == 0

    def imem_response(self, cycle):
        """None, or (mshr, line data as an int: imem_resp_data_i) answered in cycle."""
        if not verif.wf_imem_response(self._im, cycle, self._mshr, self._line):
            return None
        return self._mshr[0], int.from_bytes(ffi.buffer(self._line, 4 * self._line_words), "little")


class Checker:
    """The transaction-level checker (verif/include/wf_txcheck.h): a monitor of
    any front end reports its events with its own cycle numbers; the cycle
    model runs the same program and configuration and checks them per warp in
    program order with a timing tolerance ("order", "window", "exact",
    "drift"; window: the cycles either side). Every call returns the status,
    "pass" while nothing diverged, else "fail" or "error" (bad input, the
    model's limit); the first divergence stays: result() as a dict with the
    keys of the JSON record, json() its text. events: the kinds the monitor
    reports (a subset of "retire", "write", "branch", "store"; None: all)."""

    _KINDS = {"retire": 1, "write": 2, "branch": 4, "store": 8}

    def __init__(self, config, program, mem=None, timing="order", window=0, events=None, max_cycles=0):
        t = verif.wf_tx_timing_parse(timing.encode())
        if t < 0:
            raise ValueError("timing: '%s' is not one of order, window, exact, drift" % timing)
        mask = 0
        for k in events or ():
            if k not in self._KINDS:
                raise ValueError("events: '%s' is not one of %s" % (k, ", ".join(self._KINDS)))
            mask |= self._KINDS[k]
        image = ffi.NULL
        if mem is not None:
            if len(mem) != config["mem_words"]:
                raise ValueError("mem: %d words given, mem_words is %d" % (len(mem), config["mem_words"]))
            image = ffi.new("uint32_t[]", list(mem))
        opts = ffi.new("wf_tx_opts *", {"timing": t, "window": window, "events": mask, "max_cycles": max_cycles})
        err = _err()
        tx = verif.wf_tx_create(config._c, program._p, image, opts, err, _ERRLEN)
        if tx == ffi.NULL:
            raise WarpfrontError(_str(err))
        self._tx = ffi.gc(tx, verif.wf_tx_destroy)
        self.config = config
        self._lanes = config["lanes"]
        self._a = ffi.new("uint32_t[]", self._lanes)
        self._d = ffi.new("uint32_t[]", self._lanes)

    def _st(self, rc):
        return _str(verif.wf_tx_status_name(rc))

    def _fill(self, lanes):
        """lanes: {lane: value or (addr, data)} -> the lane mask; the arrays filled"""
        mask = 0
        for l, v in lanes.items():
            if not 0 <= l < self._lanes:
                raise ValueError("lane %d out of range 0..%d" % (l, self._lanes - 1))
            mask |= 1 << l
            if isinstance(v, tuple):
                self._a[l], self._d[l] = v
            else:
                self._d[l] = v
        return mask

    def retire(self, cycle, warp, pc):
        """An instruction of warp at pc issued for good (once, never for a replay)."""
        return self._st(verif.wf_tx_retire(self._tx, cycle, warp, pc))

    def write(self, cycle, warp, reg, lanes):
        """A register write: lanes = {lane: value}."""
        return self._st(verif.wf_tx_write(self._tx, cycle, warp, reg, self._fill(lanes), self._d))

    def branch(self, cycle, warp, pc, taken, target):
        return self._st(verif.wf_tx_branch(self._tx, cycle, warp, pc, int(bool(taken)), target))

    def store(self, cycle, warp, lanes):
        """A store: lanes = {lane: (scratchpad word address, data)}."""
        return self._st(verif.wf_tx_store(self._tx, cycle, warp, self._fill(lanes), self._a, self._d))

    def done(self, cycle):
        """The DUT's run ended at cycle: what the model produced and the DUT did not report is missing."""
        return self._st(verif.wf_tx_done(self._tx, cycle))

    @property
    def status(self):
        return self._st(verif.wf_tx_status(self._tx))

    @property
    def matched(self):
        return verif.wf_tx_matched(self._tx)

    def result(self):
        """The first divergence as the JSON record's dict (json.loads of json())."""
        return json.loads(self.json())

    def json(self):
        d = verif.wf_tx_result(self._tx)
        n = verif.wf_tx_json(d, ffi.NULL, 0)
        buf = ffi.new("char[]", n + 1)
        verif.wf_tx_json(d, buf, n + 1)
        return _str(buf)

    def text(self):
        """The divergence as the console lines of wf_tx_format."""
        d = verif.wf_tx_result(self._tx)
        n = verif.wf_tx_format(d, ffi.NULL, 0)
        buf = ffi.new("char[]", n + 1)
        verif.wf_tx_format(d, buf, n + 1)
        return _str(buf)
