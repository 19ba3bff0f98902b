"""End-to-end tests of wfsim (`make test-examples`, `make test-asan`: WFSIM
the plain or sanitized binary).
 (a) every sim/examples/*.s with a checker in verif/check_examples.py runs
     with --functional --dump-state under several --warps/--lanes combos and
     its state is compared with the checker's independent expectations;
 (b) command-line behaviour: options, ranges, errors, exit codes, outputs;
 (c) the cycle model (the default engine): its final state equals the
     interpreter's on every example under the combos of (a) and variations of
     the loop mode, layout, scheduler, hazard mode and WAR policy; --trace
     prints the tables of docs/microarch.md §13.1/§13.2; --json, --kanata,
     --max-cycles and their option errors."""
import argparse
import filecmp
import glob
import json
import os
import re

import pytest

from wf.testing import EXAMPLES, sim
from wf.paths import kernel_options
import check_examples

SOURCES = sorted(glob.glob(os.path.join(EXAMPLES, "*.s")))
NAMES = [os.path.basename(s)[:-2] for s in SOURCES]
CHECKED = set(check_examples.CHECKERS)
SEEDS = [k for k in NAMES if k.startswith("seed_")]
V = os.path.join(EXAMPLES, "vecadd.s")
COMBOS = ["--warps 1 --lanes 1", "--warps 2 --lanes 4", "--warps 3 --lanes 5 --regs 16",
          "--warps 4 --lanes 8 --mem-words 2048", "--warps 8 --lanes 32 --active-warps 6"]
VARIATIONS = ["--loops 1", "--loops 2", "--loops 3", "--layout naive", "--sched gto",
              "--hazard stall", "--war inorder", "--war warpboard-commit", "--war warpboard-read",
              "--war bloom"]
CYCLE_CONFIGS = COMBOS + [c for x in VARIATIONS for c in
                          (x, "--warps 3 --lanes 5 --regs 16 " + x,
                           "--warps 4 --lanes 8 --mem-words 2048 --collectors 2 " + x)]
SUMMARY = r"^cycle: %s warps x %s lanes, %s cycles, %s instructions, IPC [0-9]+\.[0-9]{3}$"

# small programs and memory images of (b) and (c), written once per module
FILES = {
    "bad.s": "start:  tid r1\n        foo r1\n        exit\n",
    "r40.s": "        mov r40 <- r1\n        exit\n",
    "hang.s": "loop:   addi r1 <- r1, 1\n        bra loop\n",
    "start.s": ".start w1, second\n        movi r1 <- 5\n        exit\nsecond: movi r1 <- 6\n        exit\n",
    "start3.s": ".start w3, @1\n        nop\n        exit\n",
    "init.hex": "# A then B\n0000000a\n0x14\n\nFFFFFFFF   # -1\n1\n",
    "init.s": "        ld r1 <- [r0 + 0]\n        ld r2 <- [r0 + 2]\n        add r3 <- r1, r2\n"
              "        st [r0 + 15] <- r3\n        exit\n",
    "badinit.hex": "1\n2\nxyz\n",
    "wide.hex": "1\n123456789\n",
    "long.hex": "".join("%d\n" % i for i in range(1, 18)),
}
START_STATE = '{"warps":2,"lanes":1,"regs":[[[0],[5]],[[0],[6]]],"mem":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}'
INIT_MEM = '"mem":[10,20,4294967295,1,0,0,0,0,0,0,0,0,0,0,0,9]}'


@pytest.fixture(scope="module")
def f(tmp):
    """FILES written to the scratch directory: name -> path"""
    for name, text in FILES.items():
        with open(os.path.join(tmp, name), "w") as fh:
            fh.write(text)
    return lambda name: os.path.join(tmp, name)


def src_of(k):
    return os.path.join(EXAMPLES, k + ".s")


def load(path):
    with open(path) as fh:
        return fh.read()


def checker_says(k, state_path, options):
    """check_examples' verdict (None: as expected) on a final state, given the
    size options of the run (the others at wfsim's defaults)"""
    ap = argparse.ArgumentParser()
    check_examples.checker_args(ap)
    a = ap.parse_args([k, state_path] + options.split())
    with open(state_path) as fh:
        state = json.load(fh)
    return check_examples.check(a.kernel, state, a.warps, a.lanes, a.regs, a.mem_words, a.active_warps)


def state_of(tmp, tag, *args):
    """wfsim ARGS --dump-state: the file (the run must pass)"""
    path = os.path.join(tmp, tag + ".json")
    p = sim("--quiet", "--dump-state", path, *args)
    assert p.returncode == 0, "wfsim %s failed: %s" % (" ".join(args), p.stderr[:400])
    return path


@pytest.mark.parametrize("h", ["replay", "stall"])
def test_hazard_flags_are_aliases(h):
    a = sim("--json", "--" + h, "--lanes", "8", src_of("memwrap"))
    b = sim("--json", "--hazard", h, "--lanes", "8", src_of("memwrap"))
    assert a.returncode == 0 and b.returncode == 0 and a.stdout == b.stdout, "--%s differs from --hazard %s" % (h, h)


def test_stall_and_replay_differ():
    a = sim("--json", "--stall", src_of("memwrap")).stdout
    b = sim("--json", "--replay", src_of("memwrap")).stdout
    assert a != b, "--stall and --replay give identical statistics on memwrap.s"


# ---- (a) example kernels against their checkers --------------------------

@pytest.mark.parametrize("k", NAMES)
def test_example_has_checker(k):
    assert k in CHECKED or k.startswith("seed_"), \
        "sim/examples/%s.s has no checker in verif/check_examples.py" % k


@pytest.mark.parametrize("k", SEEDS)
def test_seed_runs(k, expect):
    # owned by the lead: no checker, but it must run to completion
    expect(0, "", "--functional", "--quiet", *kernel_options(src_of(k)), src_of(k))


@pytest.mark.parametrize("combo", COMBOS)
@pytest.mark.parametrize("k", sorted(CHECKED & set(NAMES)))
def test_example_functional(k, combo, tmp):
    st = state_of(tmp, "%s.func" % k, "--functional", *combo.split(), src_of(k))
    assert checker_says(k, st, combo) is None, checker_says(k, st, combo)


# ---- (b) command line -----------------------------------------------------

def test_help(expect):
    expect(0, "--warps N", "--help")


def test_help_warps():
    assert re.search(r"--warps .*1\.\.64, default 8", sim("--help").stdout), \
        "--help does not list --warps with 1..64 and its default"


def test_help_lists_options():
    n = len(re.findall(r"^  --", sim("--help").stdout, re.M))
    assert n >= 30, "--help lists only %d options" % n


def test_version(expect):
    expect(0, "wfsim", "--version")


# RC | TEXT | ARGS: wfsim ARGS exits with RC and prints TEXT (empty: any
# output; V: vecadd.s, T/: the scratch directory)
EXIT_AND_MESSAGE = [tuple(c.split(" | ")) for c in """
2 | wfsim: option --warps: parameter warps='0': allowed 1..64 | --functional --warps 0 V
2 | wfsim: option --warps: parameter warps='65': allowed 1..64 | --functional --warps 65 V
2 | wfsim: option --warps: parameter warps='65': allowed 1..64 | --functional --warps=65 V
2 | wfsim: option --lanes: parameter lanes='33': allowed 1..32 | --functional --lanes 33 V
2 | wfsim: option --layout: parameter layout='diagonal': allowed naive|swizzle | --functional --layout diagonal V
2 | wfsim: option --mem-words: parameter mem_words='100': allowed a power of two in 16..65536 | --functional --mem-words 100 V
2 | wfsim: option --regs: parameter regs='x': allowed 1..128 | --functional --regs x V
2 | wfsim: option --active-warps: parameter active_warps=5: allowed 0..4 | --functional --warps 4 --active-warps 5 V
2 | wfsim: unknown option '--bogus' (see --help) | --functional --bogus V
2 | wfsim: unknown option '--bogus' (see --help) | --functional --bogus=3 V
2 | wfsim: option --warps: missing value; parameter warps: allowed 1..64 | --functional V --warps
2 | wfsim: option --lanes: missing value; parameter lanes: allowed 1..32 | --functional --lanes --warps 2 V
2 | wfsim: option --max-steps: missing value | --functional V --max-steps
2 | wfsim: option --dump-state: missing value | --functional V --dump-state
2 | wfsim: option --functional: takes no value | --functional=yes V
2 | wfsim: no program given | --functional
2 | wfsim: more than one program given | --functional V V
# --mem-init (the files of FILES)
2 | T/badinit.hex:3:1: bad hex word 'xyz' | --functional --mem-init T/badinit.hex T/init.s
2 | T/wide.hex:2:1: hex word '123456789' does not fit in 32 bits | --functional --mem-init T/wide.hex T/init.s
2 | T/long.hex:17:1: more than mem_words=16 words | --functional --mem-words 16 --mem-init T/long.hex T/init.s
0 |  | --functional --mem-words 32 --mem-init T/long.hex T/init.s
2 | T/none.hex | --functional --mem-init T/none.hex T/init.s
# imem_words limits the program length
2 | wfsim: program has 11 instructions; imem_words=8 | --functional --imem-words 8 V
# (c4) --max-cycles: exceeding it is a runtime error naming the limit
1 | wfsim: not done after max_cycles=5 cycles: cycle 5: | --max-cycles 5 V
1 | not done after max_cycles=5 cycles | --max-cycles 5 --trace V
1 | not done after max_cycles=1000 cycles | --max-cycles 1000 T/hang.s
0 | cycle: | --max-cycles 1000 V
# (c6) option errors of the cycle-model options: exit 2, naming the option and its range
2 | wfsim: option --max-cycles: '0' is not allowed (allowed 1..18446744073709551615) | --max-cycles 0 V
2 | wfsim: option --max-cycles: 'lots' is not allowed (allowed 1..18446744073709551615) | --max-cycles lots V
2 | wfsim: option --max-cycles: '-5' is not allowed (allowed 1..18446744073709551615) | --max-cycles=-5 V
2 | wfsim: option --max-cycles: '99999999999999999999' is not allowed | --max-cycles 99999999999999999999 V
2 | wfsim: option --max-cycles: missing value (allowed 1..18446744073709551615) | V --max-cycles
2 | wfsim: option --trace-from: 'x' is not allowed (allowed 0..18446744073709551615) | --trace-from x V
2 | wfsim: option --trace-to: missing value (allowed 0..18446744073709551615) | V --trace-to
2 | wfsim: option --trace-to: 3 is before --trace-from 5 | --trace-from 5 --trace-to 3 V
2 | wfsim: option --kanata: missing value (a file name) | V --kanata
2 | wfsim: option --json: takes no value | --json=1 V
2 | wfsim: option --trace: takes no value | --trace=yes V
2 | wfsim: option --json: needs the cycle model (not with --functional) | --functional --json V
2 | wfsim: option --trace: needs the cycle model | --functional --trace V
2 | wfsim: option --kanata: needs the cycle model | --functional --kanata T/k.log V
2 | wfsim: option --max-cycles: needs the cycle model | --functional --max-cycles 5 V
2 | wfsim: option --max-steps: applies to --functional only | --max-steps 5 V
2 | use at most one of them | --json --trace V
2 | use at most one of them | --json --dump-state - V
2 | wfsim: option --warps: parameter warps='0': allowed 1..64 | --warps 0 V
2 | T/bad.s:2:9: unknown mnemonic 'foo' | T/bad.s
0 | --max-cycles N | --help
0 | --kanata FILE | --help
""".split("\n") if c and not c.startswith("#")]


def help_params():
    """every parameter of the table with its default (wfsim --help)"""
    p = sim("--help")
    return re.findall(r"^  (--[a-z-]*) (?:N|NAME) .*default ([^)]*)\)$", p.stdout, re.M)


PARAMS = help_params()


def test_help_has_parameters():
    assert len(PARAMS) >= 20, "could not read the parameters from --help"


# every parameter of the table is an option, with its default value (and the
# engines' run limits: --max-steps is the interpreter's, --max-cycles the cycle model's)
@pytest.mark.parametrize("opt,dflt", [p for p in PARAMS if p[0] != "--max-cycles"])
def test_parameter_default_functional(opt, dflt, expect):
    expect(0, "functional:", "--functional", opt, dflt, V)


@pytest.mark.parametrize("opt,dflt", [p for p in PARAMS if p[0] != "--max-cycles"])
def test_parameter_default_functional_eq(opt, dflt, expect):
    expect(0, "functional:", "--functional", "%s=%s" % (opt, dflt), V)


@pytest.mark.parametrize("opt,dflt", [p for p in PARAMS if p[0] != "--max-steps"])
def test_parameter_default_cycle(opt, dflt, expect):
    expect(0, "cycle:", opt, dflt, V)


def test_functional_summary(expect):
    expect(0, "functional: 2 warps x 4 lanes, 22 instructions retired", "--functional", "--warps", "2",
           "--lanes", "4", V)


def test_functional_quiet():
    p = sim("--functional", "--quiet", V)
    assert p.returncode == 0 and not p.stdout and not p.stderr, "--quiet still printed: " + p.stdout + p.stderr


def dump_state_to_stdout(*engine):
    p = sim(*engine, "--warps", "1", "--lanes", "2", "--mem-words", "16", "--dump-state", "-", V)
    assert p.returncode == 0
    d = json.loads(p.stdout)
    assert d["warps"] == 1 and d["lanes"] == 2 and len(d["mem"]) == 16


def test_functional_dump_state_stdout():
    dump_state_to_stdout("--functional")


# assembly errors: the file:line:col line, exit 2
def test_unknown_mnemonic(f, expect):
    expect(2, f("bad.s") + ":2:9: unknown mnemonic 'foo'", "--functional", f("bad.s"))


def test_register_range(f, expect):
    expect(2, f("r40.s") + ":1:13: register r40 out of range (regs=32)", "--functional", f("r40.s"))


def test_missing_program(f, expect):
    expect(2, f("nosuch.s"), "--functional", f("nosuch.s"))


# a program that does not terminate: runtime error, exit 1
def test_max_steps(f, expect):
    expect(1, "wfsim: warp 0 did not exit within 1000 instructions (pc 0)", "--functional", "--max-steps",
           "1000", f("hang.s"))


def test_default_max_steps(f, expect):
    expect(1, "did not exit within 10000000 instructions", "--functional", "--warps", "1", "--lanes", "1",
           f("hang.s"))


def test_max_steps_zero(f, expect):
    expect(2, "wfsim: option --max-steps: '0' is not allowed", "--functional", "--max-steps", "0", f("hang.s"))


# .start, and a .start beyond the machine's warps
START_OPTS = ["--warps", "2", "--lanes", "1", "--regs", "2", "--mem-words", "16"]
INIT_OPTS = ["--warps", "1", "--lanes", "1", "--regs", "4", "--mem-words", "16"]


def test_start(f, tmp):
    assert START_STATE in load(state_of(tmp, "start", "--functional", *START_OPTS, f("start.s")))


def test_start_beyond_warps(f, expect):
    expect(2, "warp 3: .start given but the machine has warps=2", "--functional", "--warps", "2", f("start3.s"))


def test_mem_init(f, tmp):
    st = state_of(tmp, "init", "--functional", *INIT_OPTS, "--mem-init", f("init.hex"), f("init.s"))
    assert INIT_MEM in load(st)




# --emit-hex, --emit-image, --disasm on every example: no run needed
def count_insns(path):
    """instructions in a source file, counted from the text: lines left after
    removing comments, labels and directives"""
    n = 0
    for line in load(path).split("\n"):
        line = re.sub(r"^\s*([A-Za-z_][A-Za-z0-9_]*:\s*)*", "", line.split("#", 1)[0])
        if not re.match(r"^\s*\.", line) and line.strip():
            n += 1
    return n


EMITTED = NAMES + ["start"]


def emitted(k, f, tmp):
    """k's --emit-hex and --emit-image files (k: an example or FILES' start.s)"""
    src = src_of(k) if k in NAMES else f(k + ".s")
    hexf, wfb = (os.path.join(tmp, k + e) for e in (".hex", ".wfb"))
    if not os.path.exists(wfb):
        p = sim("--emit-hex", hexf, "--emit-image", wfb, src)
        assert p.returncode == 0 and not p.stdout and os.path.isfile(hexf) and os.path.isfile(wfb), \
            "wfsim --emit-hex --emit-image %s.s: %s" % (k, p.stderr + p.stdout)
    return src, hexf, wfb


@pytest.mark.parametrize("k", EMITTED)
def test_emit_hex_lines(k, f, tmp):
    src, hexf, _ = emitted(k, f, tmp)
    n, lines = count_insns(src), len(load(hexf).splitlines())
    assert n == lines, "%s.s: --emit-hex wrote %d lines for %d instructions" % (k, lines, n)


@pytest.mark.parametrize("k", EMITTED)
def test_emit_hex_words(k, f, tmp):
    _, hexf, _ = emitted(k, f, tmp)
    assert all(re.match(r"^[0-9a-f]{16}$", w) for w in load(hexf).splitlines()), \
        "%s.hex: a line is not 16 hex digits" % k


@pytest.mark.parametrize("k", EMITTED)
def test_disasm_reassembles(k, f, tmp):
    src, hexf, wfb = emitted(k, f, tmp)
    dis = os.path.join(tmp, k + ".dis.s")
    with open(dis, "w") as fh:
        p = sim("--disasm", src, stdout=fh)
    assert p.returncode == 0, "wfsim --disasm %s.s: %s" % (k, p.stderr)
    re_hex, re_wfb = (os.path.join(tmp, k + ".re" + e) for e in (".hex", ".wfb"))
    p = sim("--emit-hex", re_hex, "--emit-image", re_wfb, dis)
    assert p.returncode == 0 and filecmp.cmp(hexf, re_hex, False) and filecmp.cmp(wfb, re_wfb, False), \
        "%s.s: --disasm output does not reassemble to the same words and start pcs %s" % (k, p.stderr)


@pytest.mark.parametrize("k", EMITTED)
def test_image_runs_like_source(k, f, tmp):
    # the binary image runs like the source
    src, _, wfb = emitted(k, f, tmp)
    opts = ["--functional", "--warps", "2", "--lanes", "3"]
    a = state_of(tmp, k + ".src", *opts, src)
    b = state_of(tmp, k + ".img", *opts, wfb)
    assert filecmp.cmp(a, b, False), "%s: running the .wfb image differs from running the source" % k


def test_junk_image(tmp, expect):
    junk = os.path.join(tmp, "junk.wfb")
    with open(junk, "wb") as fh:
        fh.write(b"WFPROG1\0garbage")
    expect(2, junk + ": ", "--functional", junk)


# ---- (c) the cycle model ----------------------------------------------------

# (c1) final state: cycle model == interpreter (and the checker) for every
# example, under the combos of (a) and variations of every policy parameter
C1 = [k for k in NAMES if k in CHECKED or k.startswith("seed_")]


def cycle_and_functional(k, c, tmp):
    base = kernel_options(src_of(k)) if k.startswith("seed_") else []
    tag = "%s.%d" % (k, CYCLE_CONFIGS.index(c))
    fst = state_of(tmp, tag + ".f", "--functional", *base, *c.split(), src_of(k))
    cst = os.path.join(tmp, tag + ".c.json")
    if not os.path.exists(cst):
        state_of(tmp, tag + ".c", *base, *c.split(), src_of(k))
    return fst, cst


@pytest.mark.parametrize("c", CYCLE_CONFIGS)
@pytest.mark.parametrize("k", C1)
def test_cycle_equals_functional(k, c, tmp):
    fst, cst = cycle_and_functional(k, c, tmp)
    assert filecmp.cmp(fst, cst, False), \
        "%s.s %s: the cycle model's final state differs from the interpreter's" % (k, c)


@pytest.mark.parametrize("c", CYCLE_CONFIGS)
@pytest.mark.parametrize("k", [k for k in C1 if k in CHECKED])
def test_cycle_checker(k, c, tmp):
    _, cst = cycle_and_functional(k, c, tmp)
    # the checker takes the size options only
    sizes = " ".join(re.findall(r"--(?:warps|lanes|regs|mem-words|active-warps) [0-9]+", c))
    msg = checker_says(k, cst, sizes)
    assert msg is None, "cycle %s.s %s: %s" % (k, c, msg)


# (c2) --trace reproduces docs/microarch.md §13.1 and §13.2
NAIVE, SWZ = src_of("seed_naive"), src_of("seed_swizzle")


def trace_of(src, tmp, *extra):
    path = os.path.join(tmp, os.path.basename(src) + "".join(extra) + ".trace")
    if not os.path.exists(path):
        p = sim("--quiet", *kernel_options(src), *(extra or ["--trace"]), src)
        assert p.returncode == 0, "wfsim --trace %s: %s" % (os.path.basename(src), p.stderr)
        with open(path, "w") as fh:
            fh.write(p.stdout)
    return load(path).splitlines()


def row(lines, cyc):
    return next((ln for ln in lines if ln.split()[:1] == [str(cyc)]), "")


# rows of the tables: the cycle's row up to the collector column (65
# characters: cycle, issue as wN:pcP, bank0..bank3) is exactly this: §13.1
# (NAIVE_ROWS) and §13.2 (SWZ_ROWS)
NAIVE_ROWS = """
    10  w0:pc0
    11  w1:pc0       R w0.r4    R w0.r5    R w0.r6
    12  w2:pc0       R w1.r4    R w1.r5    R w1.r6
    13  w3:pc0       R w2.r4    R w2.r5    R w2.r6
    14  w0:pc1       R w3.r4    R w3.r5    R w3.r6
    15                          R w0.r5    W w0.r2
    16                          R w0.r1    W w1.r2
    17  w1:pc1                  W w0.r5    W w2.r2
    18  w0:pc2                  R w1.r5    W w3.r2
    19  w1:pc2                  R w1.r1
    20  w2:pc1                  W w1.r5
""".split("\n")[1:-1]
SWZ_ROWS = """
    10  w0:pc0
    11  w1:pc0                  R w0.r5    R w0.r2
    12  w2:pc0                             R w1.r5    R w1.r2
    13  w3:pc0       R w2.r2    W w0.r1               R w2.r5
    14  w0:pc1       R w3.r5    R w3.r2    W w1.r1
    15  w1:pc1                  R w0.r1               W w2.r1
    16  w2:pc1       W w3.r1               R w1.r1    R w0.r3
    17  w3:pc1       R w1.r3    R w2.r3               R w0.r7
""".split("\n")[1:-1]
# the collector column: SR holds w0:i2 in 15 and 16 (naive); issues to CUs
# (swizzle): w0:i1 CU0 (10), w3:i1 CU0 (13), w0:i2 CU1 (14), w1:i2 CU2 (15),
# w2:i2 CU0 (16), w3:i2 CU3 (17); the CU column is the state at the start of a
# cycle; u1 in 17: r1 read in 15, r3 in 16, r7 in 17
NAIVE_HAS = [(15, "SR:w0.pc1[ab]"), (16, "SR:w0.pc1[b]")]
SWZ_HAS = [(11, "u0:w0.pc0[ab]"), (14, "u0:w3.pc0[ab]"), (15, "u1:w0.pc1[abc]"), (16, "u2:w1.pc1[abc]"),
           (17, "u0:w2.pc1[abc]"), (17, "u1:w0.pc1[b]"), (18, "u3:w3.pc1[abc]")]


@pytest.mark.parametrize("src,header", [(NAIVE, "SR"), (SWZ, "collectors")], ids=["naive", "swizzle"])
def test_trace_runs(src, header, tmp):
    trace_of(src, tmp)


@pytest.mark.parametrize("src,header", [(NAIVE, "SR"), (SWZ, "collectors")], ids=["naive", "swizzle"])
def test_trace_header(src, header, tmp):
    head = trace_of(src, tmp)[0]
    assert re.match(r"^ cycle  issue +bank0 +bank1 +bank2 +bank3 +%s$" % header, head), head


@pytest.mark.parametrize("src,want", [(NAIVE, r) for r in NAIVE_ROWS] + [(SWZ, r) for r in SWZ_ROWS],
                         ids=["naive-" + r.split()[0] for r in NAIVE_ROWS] + ["swizzle-" + r.split()[0] for r in SWZ_ROWS])
def test_trace_row(src, want, tmp):
    assert row(trace_of(src, tmp), want.split()[0])[:65].rstrip() == want


@pytest.mark.parametrize("src,cyc,text", [(NAIVE,) + h for h in NAIVE_HAS] + [(SWZ,) + h for h in SWZ_HAS],
                         ids=["naive-%d" % h[0] for h in NAIVE_HAS] + ["swizzle-%d" % h[0] for h in SWZ_HAS])
def test_trace_collectors(src, cyc, text, tmp):
    assert text in row(trace_of(src, tmp), cyc)


def test_trace_window(tmp):
    lines = trace_of(NAIVE, tmp, "--trace-from", "14", "--trace-to", "16")
    assert len(lines) == 4 and lines[1].split()[0] == "14" and lines[3].split()[0] == "16", \
        "--trace-from 14 --trace-to 16: expected the header and cycles 14..16, got: %s" % lines


def test_trace_window_row(tmp):
    lines = trace_of(NAIVE, tmp, "--trace-from", "14", "--trace-to", "16")
    assert row(lines, 14)[:65].rstrip() == NAIVE_ROWS[4]


def test_trace_every_cycle():
    # every cycle has a row, and the table ends with the summary line
    ncyc = json.loads(sim("--quiet", "--json", NAIVE, *kernel_options(NAIVE)).stdout)["cycles"]
    p = sim(*kernel_options(NAIVE), "--trace", NAIVE)
    lines = (p.stdout + p.stderr).splitlines()
    assert sum(1 for ln in lines if re.match(r"^ +[0-9]+  ", ln)) == ncyc
    assert re.match(SUMMARY % (4, 8, ncyc, 12), lines[-1]), lines[-2:]


# (c3) --json: one valid JSON object with the statistics
JSON_CONFIGS = ["", "--collectors 1 --mem-line 1 --warps 4 --lanes 8",
                "--hazard stall --collectors 1 --mem-line 1 --banks 3"]


def stats_of(k, c, tmp):
    """k's --json run under c: (stdout, stderr)"""
    out = os.path.join(tmp, "%s.%d.stats" % (k, JSON_CONFIGS.index(c)))
    if not os.path.exists(out):
        p = sim(*kernel_options(src_of(k)), *c.split(), "--json", src_of(k))
        assert p.returncode == 0, "wfsim --json %s %s.s failed: %s" % (c, k, p.stderr[:400])
        with open(out, "w") as fh, open(out + ".err", "w") as fe:
            fh.write(p.stdout)
            fe.write(p.stderr)
    return load(out), load(out + ".err")


@pytest.mark.parametrize("c", JSON_CONFIGS)
@pytest.mark.parametrize("k", NAMES)
def test_json_valid(k, c, tmp):
    json.loads(stats_of(k, c, tmp)[0])


@pytest.mark.parametrize("c", JSON_CONFIGS)
@pytest.mark.parametrize("k", NAMES)
def test_json_statistics(k, c, tmp):
    d = json.loads(stats_of(k, c, tmp)[0])
    nb = re.findall(r"--banks ([0-9]+)", " ".join(kernel_options(src_of(k))) + " " + c)
    banks = int(nb[-1]) if nb else 4
    assert d["cycles"] > 0, "cycles"
    assert d["instructions"] > 0, "instructions"
    assert d["ipc"] == d["instructions"] / d["cycles"], "ipc %r != %r" % (d["ipc"], d["instructions"] / d["cycles"])
    s = d["issue_slots"]
    assert sum(s[x] for x in ("issued", "replayed", "collector_stall", "lsu_stall", "no_ready")) == d["cycles"], \
        "issue slots do not add up to cycles"
    for x in ("reads", "writes", "read_conflict_cycles", "write_conflict_cycles"):
        assert isinstance(d["banks"][x], list) and len(d["banks"][x]) == banks, "banks." + x
    assert sum(d["banks"]["writes"]) >= 1
    for x in ("collector", "memory"):
        assert x in d["replays"], "replays." + x
    for x in ("hits", "misses", "merges", "mshr_full", "fills"):
        assert x in d["icache"], "icache." + x
    assert d["icache"]["misses"] == d["icache"]["fills"]
    for x in ("scoreboard_full_stalls", "war_blocks", "lsu_pieces", "gto_switches", "branches", "branches_taken"):
        assert isinstance(d[x], int), x
    assert d["scoreboard_full_stalls"] == d["hazard_warp_cycles"]["sb_full"]
    assert d["war_blocks"] == d["hazard_warp_cycles"]["war"]
    assert "sum" in d["collector_occupancy"] and "mean" in d["collector_occupancy"]
    assert sum(d["dispatches"].values()) <= d["instructions"] + s["replayed"]


@pytest.mark.parametrize("c", JSON_CONFIGS)
@pytest.mark.parametrize("k", NAMES)
def test_json_summary_on_stderr(k, c, tmp):
    # the summary goes to stderr, stdout stays one JSON document
    err = stats_of(k, c, tmp)[1]
    assert re.search(SUMMARY % (("[0-9]+",) * 4), err, re.M), "no summary line on stderr: " + err


def test_memwrap_replays_and_stalls():
    # the memory-splitting configuration really replays and stalls
    m = src_of("memwrap")
    r = json.loads(sim("--quiet", "--collectors", "1", "--mem-line", "1", "--json", m).stdout)
    s = json.loads(sim("--quiet", "--hazard", "stall", "--collectors", "1", "--mem-line", "1", "--json", m).stdout)
    assert r["replays"]["memory"] > 0 and r["replays"]["collector"] > 0, r["replays"]
    assert s["issue_slots"]["lsu_stall"] > 0 and s["issue_slots"]["collector_stall"] > 0, s["issue_slots"]
    assert s["replays"] == {"collector": 0, "memory": 0}
    assert r["instructions"] == s["instructions"]


# summary line, --quiet, --dump-state -
def test_cycle_summary(expect):
    expect(0, "", "--warps", "2", "--lanes", "4", V)


def test_cycle_summary_line(expect):
    p = sim("--warps", "2", "--lanes", "4", V)
    assert re.search(SUMMARY % (2, 4, "[0-9]+", 22), p.stdout + p.stderr, re.M), \
        "cycle summary line: " + p.stdout + p.stderr


def test_cycle_quiet():
    p = sim("--quiet", V)
    assert p.returncode == 0 and not p.stdout and not p.stderr, "cycle --quiet still printed: " + p.stdout + p.stderr


def test_cycle_dump_state_stdout():
    dump_state_to_stdout()


# --mem-init, .start and .wfb images on the cycle model
def test_cycle_mem_init(f, tmp):
    a = state_of(tmp, "init.f", "--functional", *INIT_OPTS, "--mem-init", f("init.hex"), f("init.s"))
    b = state_of(tmp, "init.c", *INIT_OPTS, "--mem-init", f("init.hex"), f("init.s"))
    assert filecmp.cmp(a, b, False), "cycle --mem-init: unexpected state " + load(b)


def test_cycle_start(f, tmp):
    a = state_of(tmp, "start.f", "--functional", *START_OPTS, f("start.s"))
    b = state_of(tmp, "start.c", *START_OPTS, f("start.s"))
    assert filecmp.cmp(a, b, False), "cycle .start w1: unexpected state " + load(b)


def test_cycle_image(f, tmp):
    _, _, wfb = emitted("vecadd", f, tmp)
    a = state_of(tmp, "vecadd.fsrc", "--functional", "--warps", "2", "--lanes", "3", V)
    b = state_of(tmp, "vecadd.cimg", "--warps", "2", "--lanes", "3", wfb)
    assert filecmp.cmp(a, b, False), "cycle model on vecadd.wfb differs from the interpreter on vecadd.s"


def test_cycle_imem_words(expect):
    expect(2, "wfsim: program has 11 instructions; imem_words=8", "--imem-words", "8", V)


def test_cycle_mem_init_too_long(f, expect):
    expect(2, f("long.hex") + ":17:1: more than mem_words=16 words", "--mem-words", "16", "--mem-init",
           f("long.hex"), f("init.s"))


# (c4) --max-cycles (and EXIT_AND_MESSAGE)
def test_max_cycles_kanata(tmp, expect):
    kan = os.path.join(tmp, "short.kan")
    expect(1, "not done after max_cycles=30 cycles", "--max-cycles", "30", "--kanata", kan, V)


def test_max_cycles_kanata_log(tmp):
    kan = os.path.join(tmp, "short2.kan")
    sim("--max-cycles", "30", "--kanata", kan, V)
    assert load(kan).split("\n")[0] == "Kanata\t0004", "--kanata after --max-cycles: no log"


def vecadd_cycles():
    return json.loads(sim("--quiet", "--json", V).stdout)["cycles"]


def test_max_cycles_exactly_enough(expect):
    expect(0, "cycle:", "--max-cycles", vecadd_cycles(), V)


def test_max_cycles_one_short(expect):
    n = vecadd_cycles() - 1
    expect(1, "max_cycles=%d" % n, "--max-cycles", n, V)


# (c5) --kanata: a Kanata 0004 log, one I line per issue event (issued +
# replayed) with ids 0, 1, 2, ... in file order, every instance ends (R ... 0
# once per instruction, R ... 1 for replayed instances), stages from F, Ib,
# Is, Rd, X, Wb
KANATA_CONFIGS = ["", "--collectors 1 --mem-line 1 --warps 4 --lanes 8", "--hazard stall --loops 2 --mem-line 1",
                  "--loops 1 --sched gto"]


@pytest.mark.parametrize("c", KANATA_CONFIGS)
@pytest.mark.parametrize("k", NAMES)
def test_kanata(k, c, tmp):
    kan = os.path.join(tmp, "%s.kan" % k)
    opts = kernel_options(src_of(k))
    p = sim("--quiet", *opts, *c.split(), "--kanata", kan, "--json", src_of(k))
    assert p.returncode == 0, "wfsim --kanata %s %s.s failed: %s" % (c, k, p.stderr[:400])
    st = json.loads(p.stdout)
    # one collector unit in loop mode 3: collector replays
    both = c + " " + " ".join(opts)
    flushed = c.startswith("--collectors") and not re.match(r"--collectors.*--loops 2", both)
    lines = load(kan).split("\n")
    assert lines[0] == "Kanata\t0004", "first line %r" % lines[0]
    assert lines[1].startswith("C=\t"), "second line %r" % lines[1]
    ids, ends, stages, cyc = {}, {}, set(), 0
    for ln in lines[2:]:
        if not ln:
            continue
        x = ln.split("\t")
        if x[0] == "C":
            cyc += int(x[1])
            assert int(x[1]) > 0
        elif x[0] == "I":
            assert len(x) == 4 and x[1] == str(len(ids)), "I ids not 0, 1, 2, ...: %r" % ln
            ids[x[1]] = cyc
        elif x[0] == "L":
            assert x[1] in ids and (x[2] == "0" and " pc" in x[3] or x[2] == "1"), ln
        elif x[0] == "S":
            assert x[1] in ids and x[1] not in ends
            stages.add(x[3])
        elif x[0] == "R":
            assert x[1] in ids and x[1] not in ends and x[3] in ("0", "1")
            ends[x[1]] = x[3]
        else:
            raise AssertionError("unknown line %r" % ln)
    issues = st["issue_slots"]["issued"] + st["issue_slots"]["replayed"]
    assert len(ids) == issues, "%d I lines, %d issue events" % (len(ids), issues)
    assert len(ends) == len(ids), "%d instances never end" % (len(ids) - len(ends))
    r0 = sum(1 for v in ends.values() if v == "0")
    assert r0 == st["instructions"], "%d retired, %d instructions" % (r0, st["instructions"])
    assert stages <= {"F", "Ib", "Is", "Rd", "X", "Wb"}, stages
    assert {"F", "Ib", "Is", "Rd", "X", "Wb"} <= stages, stages
    if flushed:
        assert r0 < len(ids), "no flushed instance"


def test_kanata_stdout():
    # to stdout: the log alone
    p = sim("--kanata", "-", V)
    assert p.returncode == 0 and p.stdout.split("\n")[0] == "Kanata\t0004"
    assert not re.search(r"^cycle:", p.stdout, re.M) and re.search(r"^cycle:", p.stderr, re.M), \
        "--kanata - did not write only the log to stdout"


def test_kanata_cannot_open(tmp, expect):
    k = os.path.join(tmp, "nodir", "k.log")
    expect(2, "wfsim: --kanata %s: cannot open" % k, "--kanata", k, V)


# (b), (c4), (c6): EXIT_AND_MESSAGE
@pytest.mark.parametrize("rc,text,line", EXIT_AND_MESSAGE)
def test_exit_and_message(rc, text, line, f, expect):
    t = os.path.dirname(f("x")) + "/"
    expect(int(rc), text.replace("T/", t), *[V if w == "V" else w.replace("T/", t) for w in line.split()])
