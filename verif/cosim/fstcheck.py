#!/usr/bin/env python3
"""fstcheck.py FILE.fst: exit 0 when FILE is a complete FST waveform (the
Verilator --trace-fst output), 1 with the reason otherwise. Needs no GTKWave:
FST is a sequence of blocks (type byte, 8-byte big-endian length counting
itself); a complete file starts with the header block and has geometry,
hierarchy and value-change blocks. Used by verif/cosim/selftest.sh and
tests/tools/test_readme.py."""
import struct
import sys


def check(cond, why):
    if not cond:
        sys.exit(f"{sys.argv[1]}: not a complete FST file: {why}")


if len(sys.argv) != 2:
    sys.exit("usage: fstcheck.py FILE.fst")
try:
    d = open(sys.argv[1], "rb").read()
except OSError as e:
    sys.exit(f"fstcheck: {e}")
check(len(d) >= 1 + 329, f"{len(d)} bytes, shorter than the header")
kinds, pos = [], 0
while pos < len(d):
    t = d[pos]
    n = struct.unpack(">Q", d[pos + 1:pos + 9])[0]
    if n < 8 or pos + 1 + n > len(d):
        sys.exit(f"{sys.argv[1]}: block at {pos}: length {n} past the end ({len(d)} bytes): truncated")
    kinds.append(t)
    pos += 1 + n
hdr = d[:1 + 329]
start, end = struct.unpack(">QQ", hdr[9:25])
e = struct.unpack("<d", hdr[25:33])[0]
check(kinds[0] == 0 and struct.unpack(">Q", d[1:9])[0] == 329, "no FST header block first")
check(abs(e - 2.718281828459045) < 1e-12, "header endian test value")
check(end > start, f"time range {start}..{end}")
check(3 in kinds, "no geometry block")
check(any(k in (4, 6, 7) for k in kinds), "no hierarchy block")
check(any(k in (1, 5, 8) for k in kinds), "no value-change block")
print(f"  {len(d)} bytes, {len(kinds)} blocks, time {start}..{end}")
