"""The RTL forms `make regress` draws per seed (RTL_FORMS): wf_core parameters
beyond the sizes (verif/cosim/run.sh's WF_RTL_PARAMS) and the wfsim options
their pins fix. Every form must behave exactly as the C model says.

  auto         wf_core as delivered (every knob selectable at run time)
  distributed  BANK_RAM_STYLE="distributed": the banks' registered-read-address
               form (wf_spram READ_ADDR_REG), other RTL with the same behaviour
  fpga         the wf_core of the ECP5 build with every pipeline option
               (the config FPGA_CONFIG of scripts/wf/synth/configs.py through fpga/wf_fpga_top.v):
               every knob pinned, the latency maxima at the pinned latencies,
               distributed banks; the sizes stay the draw's
"""
import functools

from . import fpga_sim
from .synth.configs import CONFIGS

# fpga/wf_fpga_top.v: its CFG_* parameter -> the wf_core pin it sets (PIN_CFG=1)
CFG_PIN = {"CFG_SWIZZLE": "PIN_LAYOUT", "CFG_WAR": "PIN_WAR", "CFG_GTO": "PIN_SCHED",
           "CFG_LOOPS": "PIN_LOOPS", "CFG_STALL": "PIN_HAZARD", "CFG_DECODE_STAGE": "PIN_DECODE_STAGE",
           "CFG_ALLOC_STAGE": "PIN_ALLOC_STAGE", "CFG_HANDOFF_STAGE": "PIN_HANDOFF_STAGE",
           "CFG_FILL_STAGE": "PIN_FILL_STAGE", "CFG_READY_STAGE": "PIN_READY_STAGE",
           "CFG_ALU_LAT": "PIN_ALU_LAT", "CFG_MUL_LAT": "PIN_MUL_LAT", "CFG_LSU_LAT": "PIN_LSU_LAT"}
# wf_core parameters an FPGA config passes through unchanged
PASS_THROUGH = ("ALU_LAT_MAX", "MUL_LAT_MAX", "LSU_LAT_MAX", "BANK_RAM_STYLE")
FPGA_CONFIG = "ecp5-4w4l-rdy"
NAMES = ("auto", "distributed", "fpga")


def fpga_form(config=FPGA_CONFIG):
    """(wf_core parameters, {wfsim option: value}) of an ECP5/iCE40 config of
    scripts/wf/synth/configs.py: the wrapper's defaults (fpga_sim.BASE) with the config's
    CFG_* over them, each as its pin and as the option it fixes."""
    _flow, over, _what = CONFIGS[config]
    by_cfg = {cfg: (opt, names) for opt, (cfg, names) in fpga_sim.RUN.items()}
    knobs = {opt: fpga_sim.BASE[opt] for opt, (cfg, _n) in fpga_sim.RUN.items() if cfg in CFG_PIN}
    params = {k: v for k, v in over.items() if k in PASS_THROUGH}
    for cfg, v in over.items():
        if cfg in CFG_PIN:
            opt, names = by_cfg[cfg]
            knobs[opt] = {n: name for name, n in names.items()}[v] if names else v
    for opt, v in knobs.items():
        cfg, names = fpga_sim.RUN[opt]
        params[CFG_PIN[cfg]] = names[v] if names else v
    return params, {opt: str(v) for opt, v in knobs.items()}


@functools.lru_cache(maxsize=None)
def form(name):
    """(wf_core parameters, pinned wfsim options) of form `name` (NAMES);
    computed once per process (the regression asks per seed)."""
    if name == "auto":
        return {}, {}
    if name == "distributed":
        return {"BANK_RAM_STYLE": "distributed"}, {}
    if name == "fpga":
        return fpga_form()
    raise KeyError(name)


def rtl_params(params):
    """WF_RTL_PARAMS's value: NAME=VALUE words, sorted."""
    return " ".join("%s=%s" % kv for kv in sorted(params.items()))


def env_value(name):
    """WF_RTL_PARAMS's value for form `name` ("" for auto)."""
    return rtl_params(form(name)[0])


def pin_options(opts, pinned):
    """The wfsim option list `opts` (--name value pairs) with every pinned
    option set to its pinned value (appended when absent)."""
    out, seen = list(opts), set()
    for i in range(len(out) - 1):
        name = out[i][2:] if out[i].startswith("--") else None
        if name in pinned:
            out[i + 1] = pinned[name]
            seen.add(name)
    for name in sorted(set(pinned) - seen):
        out += ["--" + name, pinned[name]]
    return out
