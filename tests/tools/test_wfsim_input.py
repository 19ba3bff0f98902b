"""wfsim against hostile command lines and inputs (wfsim --help, docs/isa.md
"Limits the loader enforces"): numbers are decimal only, messages keep their
range, one format on stdout, every write checked (stdout too), no output over
an input, the input size cap, outputs checked before the run, .start against
--warps, NUL bytes refused at file:line:col."""
import filecmp
import os
import shutil
import subprocess

import pytest

from wf.testing import EXAMPLES, WFSIM, sim

CAP = 16777216  # WF_MAX_TEXT_BYTES


@pytest.fixture(scope="module")
def p(tmp):
    """a copy of vecadd.s in the scratch directory, and hang.s beside it"""
    shutil.copy(os.path.join(EXAMPLES, "vecadd.s"), os.path.join(tmp, "p.s"))
    with open(os.path.join(tmp, "hang.s"), "w") as fh:
        fh.write("loop: bra loop\n")
    return os.path.join(tmp, "p.s")


def write(path, data):
    with open(path, "wb") as fh:
        fh.write(data)
    return path


# numbers: decimal only, in every number option; the message names the range
NOT_DECIMAL = ["010", "08", "09", "0x10", "+8", " 8", "8 ", "-0", "1e1"]


@pytest.mark.parametrize("v", NOT_DECIMAL)
@pytest.mark.parametrize("text,opt", [
    ("parameter warps='%s': allowed 1..64", ["--warps", "%s"]),
    ("parameter ibuf='%s': allowed 1..8", ["--ibuf=%s"]),
    ("option --max-cycles: '%s' is not allowed (allowed 1..18446744073709551615)", ["--max-cycles", "%s"]),
    ("option --trace-from: '%s' is not allowed (allowed 0..18446744073709551615)", ["--trace-from=%s"]),
], ids=["warps", "ibuf", "max-cycles", "trace-from"])
def test_decimal_only(v, text, opt, p, expect):
    expect(2, text % v, *[o % v if "%" in o else o for o in opt], p)


def test_decimal_warps(p, expect):
    expect(0, "cycle: 8 warps", "--warps", "8", p)


def test_decimal_ibuf(p, expect):
    expect(0, "cycle:", "--ibuf", "8", p)


# a value of any length: the message still ends with the range, on one line
@pytest.mark.parametrize("text,opt", [
    ("...': allowed 1..64", "--warps"),
    ("...' is not allowed (allowed 1..18446744073709551615)", "--max-cycles"),
    ("...': allowed naive|swizzle", "--layout"),
])
def test_long_value(text, opt, p, expect):
    expect(2, text, opt, "9" * 300, p)


# one format on stdout
@pytest.mark.parametrize("rc,text,args", [
    (2, "use at most one of them", "--disasm --json"),
    (2, "use at most one of them", "--emit-hex - --json"),
    (2, "use at most one of them", "--emit-hex - --trace"),
    (2, "use at most one of them", "--emit-hex - --disasm"),
    (2, "use at most one of them", "--emit-image - --emit-hex -"),
    (0, "", "--emit-hex -"),
])
def test_one_format_on_stdout(rc, text, args, p, expect):
    expect(rc, text, *args.split(), p)


# every write checked, stdout included
FULL_ARGS = ["--trace P", "--disasm P", "P", "--emit-hex - P", "--functional P", "--help", "--version",
             "--json P", "--kanata - P", "--dump-state - P", "--trace --max-cycles 5 H"]
full = pytest.mark.skipif(not os.access("/dev/full", os.W_OK), reason="no writable /dev/full")


def to_full(args):
    with open("/dev/full", "w") as devfull:
        return subprocess.run([WFSIM] + args, stdin=subprocess.DEVNULL, stdout=devfull, stderr=subprocess.PIPE,
                              universal_newlines=True, errors="replace", timeout=60)


@full
@pytest.mark.parametrize("args", FULL_ARGS)
def test_write_error(args, p):
    argv = [p if a == "P" else os.path.join(os.path.dirname(p), "hang.s") if a == "H" else a for a in args.split()]
    r = to_full(argv)
    assert r.returncode != 0, "wfsim %s > /dev/full exited 0" % args
    assert "write error" in r.stderr, "wfsim %s > /dev/full: no write error message: %s" % (args, r.stderr[:200])


@full
def test_write_error_exit_2(p):
    assert to_full(["--trace", p]).returncode == 2, "--trace > /dev/full: not exit 2"


# an output over an input is refused, and the input is left as it was
@pytest.fixture(scope="module")
def guarded(p, tmp):
    """the inputs the refusals must leave as they were, and their copies"""
    shutil.copy(p, os.path.join(tmp, "orig.s"))
    init = write(os.path.join(tmp, "init.hex"), b"1\n2\n")
    shutil.copy(init, os.path.join(tmp, "init.orig"))
    os.symlink(p, os.path.join(tmp, "link.s"))
    return tmp


@pytest.mark.parametrize("text,args", [
    ("--dump-state {p}: is also the program; refusing to overwrite an input", "--dump-state {p} {p}"),
    ("is also the program", "--emit-hex {t}/link.s {p}"),
    ("is also the program", "--kanata {p} {p}"),
    ("is also the program", "--cov {p} {p}"),
    ("is also the program", "--emit-image {p} {p}"),
    ("--dump-state {t}/init.hex: is also --mem-init", "--mem-init {t}/init.hex --dump-state {t}/init.hex {p}"),
    ("--cov {t}/o.json: same file as --kanata", "--kanata {t}/o.json --cov {t}/o.json {p}"),
])
def test_output_over_input(text, args, p, guarded, expect):
    expect(2, text.format(p=p, t=guarded), *args.format(p=p, t=guarded).split())


def test_output_over_input_relative(p, guarded):
    assert sim("--dump-state", "./p.s", "p.s", cwd=guarded).returncode == 2, "--dump-state ./p.s p.s not refused"


def test_inputs_untouched(p, guarded):
    # (after the refusals above: pytest runs a module's tests in order)
    assert filecmp.cmp(p, os.path.join(guarded, "orig.s"), False) and \
        filecmp.cmp(os.path.join(guarded, "init.hex"), os.path.join(guarded, "init.orig"), False), \
        "an input was overwritten"


# the input size cap (16 MiB: WF_MAX_TEXT_BYTES), for the program and the memory image
def test_cap_program(expect):
    expect(2, "/dev/zero: larger than %d bytes (the input size limit, docs/isa.md)" % CAP, "/dev/zero")


def test_cap_mem_init(p, expect):
    expect(2, "/dev/zero: larger than %d bytes" % CAP, "--mem-init", "/dev/zero", p)


@pytest.fixture
def big(tmp):
    path = write(os.path.join(tmp, "big.s"), b"exit\n" + b"#" * (CAP - 5))
    yield path
    for f in (path, os.path.join(tmp, "big.hex")):
        if os.path.exists(f):
            os.remove(f)


def test_cap_exactly(big, tmp, expect):
    expect(0, "", "--emit-hex", os.path.join(tmp, "big.hex"), big)


def test_cap_one_over(big, tmp, expect):
    with open(big, "ab") as fh:
        fh.write(b"\n")
    expect(2, "larger than %d bytes" % CAP, "--emit-hex", os.path.join(tmp, "big.hex"), big)


# output paths checked before the run: a bad path fails first (not the run)
def test_bad_dump_state_path(p, tmp, expect):
    s = os.path.join(tmp, "no", "such", "dir", "s.json")
    expect(2, "--dump-state %s: cannot open" % s, "--max-cycles", "5", "--dump-state", s,
           os.path.join(tmp, "hang.s"))


def test_bad_cov_path(p, tmp, expect):
    c = os.path.join(tmp, "no", "c.json")
    expect(2, "--cov %s: cannot open" % c, "--max-cycles", "5", "--cov", c, os.path.join(tmp, "hang.s"))


def test_bad_cov_path_before_run(p, tmp):
    r = sim("--max-cycles", "5", "--cov", os.path.join(tmp, "no", "c.json"), os.path.join(tmp, "hang.s"))
    assert "not done after" not in r.stderr, "--cov to a bad path: the program ran first"


# and a failed run leaves no empty output behind
def test_failed_run(p, tmp, expect):
    expect(1, "not done after", "--max-cycles", "5", "--dump-state", os.path.join(tmp, "s.json"),
           os.path.join(tmp, "hang.s"))


def test_failed_run_no_output(p, tmp):
    s = os.path.join(tmp, "s2.json")
    sim("--max-cycles", "5", "--dump-state", s, os.path.join(tmp, "hang.s"))
    assert not os.path.exists(s), "a failed run left --dump-state's file"


# .start against --warps, also when the start pc is 0
@pytest.fixture(scope="module")
def start(tmp):
    return write(os.path.join(tmp, "start.s"), b".start w5, top\ntop: exit\n")


@pytest.mark.parametrize("rc,text,args", [
    (2, "warp 5: .start given but the machine has warps=2", "--warps 2"),
    (2, "warp 5: .start given but the machine has warps=2", "--functional --warps 2"),
    (0, "", "--warps 6"),
])
def test_start_warps(rc, text, args, start, expect):
    expect(rc, text, *args.split(), start)


def test_start_image(start, tmp):
    assert sim("--emit-image", os.path.join(tmp, "start.wfb"), start).returncode == 0, "--emit-image start.s"


def test_start_image_warps(start, tmp, expect):
    wfb = os.path.join(tmp, "start5.wfb")
    sim("--emit-image", wfb, start)
    expect(2, "warp 5: .start given but the machine has warps=2", "--warps", "2", wfb)


# NUL bytes: refused at file:line:col, in the program and the memory image
def test_nul_source(tmp, expect):
    s = write(os.path.join(tmp, "nul.s"), b"nop\nnop # a\0b\nexit\n")
    expect(2, s + ":2:8: NUL byte in the source", s)


def test_nul_mem_init(p, tmp, expect):
    h = write(os.path.join(tmp, "nul.hex"), b"# x\n1\0garbage\n2\n")
    expect(2, h + ":2:2: NUL byte in the memory image", "--mem-init", h, p)


def test_long_line_numbers(p, tmp, expect):
    # line numbers stay right after a very long line
    h = write(os.path.join(tmp, "longline.hex"), b"1 #" + b"x" * 2000 + b"\nzz\n")
    expect(2, h + ":2:1: bad hex word 'zz'", "--mem-init", h, p)
