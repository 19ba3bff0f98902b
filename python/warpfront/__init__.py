"""warpfront from Python: a thin cffi (ABI mode) layer over the installed
libwarpfront.so (`make install`; docs/verification.md "Linking the model: C
and Python"). The C declarations are read from the installed public headers,
so no layout is repeated here; the C library does the work (assembler,
configuration names and range checks, the cycle model).

The library and headers are found through WARPFRONT_PREFIX (an install
prefix) or else `pkg-config warpfront`."""
import os
import re
import subprocess

import cffi

__all__ = ["WarpfrontError", "Config", "Program", "Model", "assemble", "disassemble", "params",
           "compare"]

_HEADERS = ["wf_opcodes.h", "wf_isa.h", "wf_config.h", "wf_program.h", "wf_functional.h", "warpfront.h"]


class WarpfrontError(Exception):
    """An error reported by the C library (its message unchanged)."""


def _locate():
    pre = os.environ.get("WARPFRONT_PREFIX")
    if pre:
        return os.path.join(pre, "lib"), os.path.join(pre, "include")
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
    includes or static inline functions; integer #defines kept."""
    t = open(path).read()
    t = re.sub(r"/\*.*?\*/", " ", t, flags=re.S)
    t = re.sub(r"#ifdef __cplusplus.*?#endif", " ", t, flags=re.S)
    t = re.sub(r"static inline[^{]*\{[^}]*\}", " ", t)
    # sized by sizeof expressions cffi cannot evaluate; used through pointers only
    t = re.sub(r"typedef struct \{[^}]*\} wf_cmp_history;", "typedef struct wf_cmp_history wf_cmp_history;", t)
    out = []
    for line in t.splitlines():
        s = line.strip()
        if s.startswith("#"):
            m = re.match(r"#define\s+(\w+)\s+\(?(-?\w+)\)?\s*$", s)
            if m:
                out.append("#define %s %s" % m.groups())
            continue
        out.append(line)
    return "\n".join(out)


_libdir, _incdir = _locate()
ffi = cffi.FFI()
ffi.cdef("\n".join(_cdef_text(os.path.join(_incdir, "warpfront", h)) for h in _HEADERS + ["wf_compare.h"]))
lib = ffi.dlopen(os.path.join(_libdir, "libwarpfront.so.0"))
verif = ffi.dlopen(os.path.join(_libdir, "libwfverif.so.0"))  # the comparator (verif/compare.c)
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
    hazard=False leaves warp[].hazard out, as the harnesses' option does."""
    e, a, d = ffi.new("wf_obs *", expected), ffi.new("wf_obs *", actual), ffi.new("wf_cmp_diff *")
    flags = 0 if hazard else verif.WF_CMP_NO_HAZARD
    if not verif.wf_cmp_obs_flags(config._c, e, a, flags, d):
        return None
    return {"cycle": d.cycle, "path": _str(d.path), "expected": d.expected, "actual": d.actual}
