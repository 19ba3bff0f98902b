"""Comparison of a wfsim --dump-state JSON with a checker's expectation,
shared by verif/check_examples.py and verif/check_kernels.py, and their
command line."""


def compare_state(state, warps, lanes, nregs, mem_words, active, expected):
    """expected = (exp_mem {addr: word}, exp_regs {(w, r, l): word}); every
    other memory word must be 0, and warps that were not launched must keep
    all registers 0. Returns None or the first difference as text."""
    if state.get("warps") != warps or state.get("lanes") != lanes:
        return "state is %sx%s, expected %dx%d" % (state.get("warps"), state.get("lanes"),
                                                  warps, lanes)
    mem, regs = state["mem"], state["regs"]
    if len(mem) != mem_words:
        return "state has %d memory words, expected %d" % (len(mem), mem_words)
    if len(regs) != warps or any(len(wv) != nregs for wv in regs) or \
            any(len(rv) != lanes for wv in regs for rv in wv):
        return "register array shape does not match %d warps x %d regs x %d lanes" % (
            warps, nregs, lanes)
    exp_mem, exp_regs = expected
    if any(not 0 <= k < mem_words for k in exp_mem):
        return "checker bug: expected address out of range"
    for i, got in enumerate(mem):
        want = exp_mem.get(i, 0)
        if got != want:
            return "mem[%d]: got %d, expected %d" % (i, got, want)
    for (w, r, l), want in sorted(exp_regs.items()):
        got = regs[w][r][l]
        if got != want:
            return "warp %d r%d lane %d: got %d, expected %d" % (w, r, l, got, want)
    for w in range(active, warps):
        for r, lanes_vals in enumerate(regs[w]):
            for l, v in enumerate(lanes_vals):
                if v:
                    return "warp %d (not launched) r%d lane %d: got %d, expected 0" % (w, r, l, v)
    return None


def checker_args(ap):
    """A checker's command line after its own flags: KERNEL STATE.json and
    the size options of wfsim (with wfsim's defaults) that the state has."""
    ap.add_argument("kernel", nargs="?")
    ap.add_argument("state", nargs="?")
    ap.add_argument("--warps", type=int, default=8)
    ap.add_argument("--lanes", type=int, default=8)
    ap.add_argument("--regs", type=int, default=32)
    ap.add_argument("--mem-words", type=int, default=1024)
    ap.add_argument("--active-warps", type=int, default=0)


def threads(active, lanes):
    """(warp, lane, global thread id) of every launched thread, warp-major"""
    for w in range(active):
        for l in range(lanes):
            yield w, l, w * lanes + l
