#!/usr/bin/env python3
"""Checks the final state of a sim/kernels kernel against its intent.

Usage:
  check_kernels.py --list
      print the kernels that have a checker, one per line
  check_kernels.py KERNEL STATE.json [--warps W] [--lanes L] [--regs R] [--mem-words M]
                   [--active-warps A]
      STATE.json is `wfsim --dump-state` output (cycle model or --functional) of
      sim/kernels/KERNEL.s run with those options (defaults: wfsim's, plus the
      kernel's `# wfsim-options:` line, which the caller passes on to both);
      exit 0 when it matches, else print the first difference and exit 1.
  check_kernels.py --supports KERNEL [--warps W] [--lanes L] [--regs R] [--mem-words M]
      exit 0 when the kernel supports that configuration, else print why and exit 1.
  check_kernels.py --batch FILE
      each line of FILE holds the arguments of one of the two forms above; prints one
      line per input line, `ok` or `FAIL: message` (one process for many checks);
      exit 0 when every line printed ok, else 1.

The expected values come from what each kernel computes (the math in its
header comment), written as plain Python, not from re-interpreting the
instructions. Every memory word a kernel does not write must be 0, and every
register of a warp that is not launched must be 0. Python 3 standard library only.
"""
import argparse
import json
import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wfstate import checker_args, compare_state, threads  # noqa: E402

MASK = 0xFFFFFFFF


# Each checker gets (warps launched, lanes, mem_words) and returns
# (mem: dict word -> value, regs: dict (warp, reg, lane) -> value).
def vecadd(active, lanes, m):
    mem, regs = {}, {}
    for w, l, t in threads(active, lanes):
        a, b = (t * t + 1) & MASK, (65536 - 5 * t) & MASK
        mem[t], mem[256 + t], mem[512 + t] = a, b, (a + b) & MASK
        regs[(w, 1, l)] = t
        regs[(w, 7, l)] = mem[512 + t]
    return mem, regs


def saxpy(active, lanes, m):
    mem, regs = {}, {}
    for w, l, t in threads(active, lanes):
        for i in (t, t + 64, t + 128, t + 192):
            x, y = 2 * i + 1, i * i
            mem[i] = x
            mem[256 + i] = (-3 * x + y) & MASK
        regs[(w, 3, l)] = 0
        regs[(w, 4, l)] = t + 256
        regs[(w, 7, l)] = mem[256 + t + 192]  # the last element
    return mem, regs


def dot(active, lanes, m):
    mem, regs = {}, {}
    for w in range(active):
        ts = range(w * lanes, (w + 1) * lanes)
        total = sum((t + 1) * (3 * t - 100) for t in ts) & MASK
        mem[768 + w] = lanes
        mem[832 + w] = total
        for l, t in enumerate(ts):
            x, y = t + 1, (3 * t - 100) & MASK
            mem[t], mem[256 + t], mem[512 + t] = x, y, (x * y) & MASK
            regs[(w, 13, l)] = total
            regs[(w, 11, l)] = 0
            regs[(w, 10, l)] = l + 1
            regs[(w, 12, l)] = 512 + (w + 1) * lanes
    return mem, regs


def matmul(active, lanes, m):
    mem, regs = {}, {}

    def a_(i, k):
        return (8 * i + k - 20) & MASK

    def b_(k, j):
        return (k ^ j) + 3 * j

    for w, l, t in threads(active, lanes):
        i, j = t >> 3, t & 7
        base = 64 + 128 * w
        for k in range(8):
            mem[base + 8 * i + k] = a_(i, k)
            mem[base + 64 + 8 * k + j] = b_(k, j)
        c = sum(a_(i, k) * b_(k, j) for k in range(8)) & MASK
        mem[t] = c
        regs[(w, 18, l)] = c
        regs[(w, 3, l)], regs[(w, 5, l)] = i, j
    return mem, regs


def stencil(active, lanes, m):
    def f(i):
        return (3 * i * i + 7) & MASK

    mem, regs = {}, {}
    for w, l, t in threads(active, lanes):
        tile = 512 + w * (lanes + 2)
        for k in range(lanes + 2):
            mem[tile + k] = f(w * lanes + k - 1)
        mem[t] = (f(t - 1) + 2 * f(t) + f(t + 1)) & MASK
        regs[(w, 14, l)] = mem[t]
        regs[(w, 11, l)] = f(t)
    return mem, regs


def histogram(active, lanes, m):
    mem, regs = {}, {}
    for w in range(active):
        s = 512 + 16 * w
        counts = [0] * 8
        for l in range(lanes):
            t = w * lanes + l
            for k in range(4):
                v = 5 * t + 3 * k
                mem[4 * t + k] = v
                counts[(v ^ (v >> 3)) & 7] += 1
        for b in range(8):
            mem[s + b] = counts[b]
        mem[s + 8] = lanes
        mem[s + 9] = 0
        for l in range(lanes):
            regs[(w, 13, l)] = lanes
            regs[(w, 14, l)] = lanes
            regs[(w, 26, l)] = 0
    return mem, regs


def pchase(active, lanes, m):
    mem, regs = {}, {}
    for w, l, t in threads(active, lanes):
        order = [(t + 5 * j) & 7 for j in range(8)]
        assert sorted(order) == list(range(8))
        for j, k in enumerate(order):
            nxt = order[(j + 1) % 8]
            mem[16 * t + k] = ((3 * k + t + 1) << 16) | (16 * t + nxt)
        s = sum(3 * order[j % 8] + t + 1 for j in range(13))
        mem[16 * t + 8] = s
        mem[16 * t + 9] = 16 * t + order[13 % 8]
        regs[(w, 7, l)] = s
        regs[(w, 8, l)] = 0
        regs[(w, 12, l)] = mem[16 * t + 9]
    return mem, regs


def bankconflict(active, lanes, m):
    mem, regs = {}, {}
    K = 32
    for w, l, t in threads(active, lanes):
        p = t * (t + 1)
        x = 0
        for i in range(1, K + 1):
            x ^= (i * p) & MASK
        vals = [(K * p) & MASK, (3 * K * (t + 1)) & MASK, (K * t) & MASK, x]
        for n, v in enumerate(vals):
            mem[4 * t + n] = v
            regs[(w, 16 + 4 * n, l)] = v
        regs[(w, 1, l)] = 0
    return mem, regs


# name -> (function, limits(warps, lanes, mem_words) -> [(condition, what)], min regs)
CHECKERS = {
    "vecadd": (vecadd, lambda w, l, m: [(w * l <= 256, "warps*lanes <= 256"),
                                        (m >= 1024, "mem_words >= 1024")], 8),
    "saxpy": (saxpy, lambda w, l, m: [(w * l <= 64, "warps*lanes <= 64"),
                                      (m >= 512, "mem_words >= 512")], 8),
    "dot": (dot, lambda w, l, m: [(w * l <= 256, "warps*lanes <= 256"),
                                  (m >= 1024, "mem_words >= 1024")], 16),
    "matmul": (matmul, lambda w, l, m: [(w * l <= 64, "warps*lanes <= 64"),
                                        (m >= 64 + 128 * w, "mem_words >= 64 + 128*warps")], 32),
    "stencil": (stencil, lambda w, l, m: [(w * l <= 256, "warps*lanes <= 256"),
                                          (m >= 1024, "mem_words >= 1024")], 16),
    "histogram": (histogram, lambda w, l, m: [(w * l <= 128, "warps*lanes <= 128"),
                                              (w <= 32, "warps <= 32"),
                                              (m >= 1024, "mem_words >= 1024")], 32),
    "pchase": (pchase, lambda w, l, m: [(16 * w * l <= m, "16*warps*lanes <= mem_words")], 16),
    "bankconflict": (bankconflict,
                     lambda w, l, m: [(4 * w * l <= m, "4*warps*lanes <= mem_words")], 32),
}


def unsupported(kernel, warps, lanes, nregs, mem_words):
    """None when the kernel supports the configuration, else the broken rule."""
    _, limits, min_regs = CHECKERS[kernel]
    for cond, what in limits(warps, lanes, mem_words):
        if not cond:
            return "%s needs %s (warps=%d lanes=%d mem_words=%d)" % (
                kernel, what, warps, lanes, mem_words)
    if nregs < min_regs:
        return "%s needs regs >= %d, got %d" % (kernel, min_regs, nregs)
    return None


def check(kernel, state, warps, lanes, nregs, mem_words, active):
    fn = CHECKERS[kernel][0]
    active = active or warps
    # the layout limits apply to the warps that are launched (and all of them)
    why = unsupported(kernel, warps, lanes, nregs, mem_words)
    if why:
        return why
    return compare_state(state, warps, lanes, nregs, mem_words, active,
                         fn(active, lanes, mem_words))


def parser():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--batch", metavar="FILE")
    ap.add_argument("--supports", action="store_true")
    checker_args(ap)
    return ap


def run_one(ap, a):
    """(exit status, message or None) of one check."""
    if not a.kernel or (not a.state and not a.supports):
        ap.error("KERNEL and STATE.json are required")
    if a.kernel not in CHECKERS:
        return 2, "check_kernels: no checker for kernel '%s'" % a.kernel
    if a.supports:
        why = unsupported(a.kernel, a.warps, a.lanes, a.regs, a.mem_words)
        return (1, "check_kernels: " + why) if why else (0, None)
    try:
        with open(a.state) as f:
            state = json.load(f)
    except (OSError, ValueError) as e:
        return 1, "check_kernels: %s: cannot read state: %s" % (a.state, e)
    msg = check(a.kernel, state, a.warps, a.lanes, a.regs, a.mem_words, a.active_warps)
    if msg:
        return 1, ("check_kernels: %s (--warps %d --lanes %d --regs %d --mem-words %d "
                   "--active-warps %d): %s" % (a.kernel, a.warps, a.lanes, a.regs,
                                                a.mem_words, a.active_warps, msg))
    return 0, None


def main():
    ap = parser()
    a = ap.parse_args()
    if a.list:
        print("\n".join(sorted(CHECKERS)))
        return 0
    if a.batch:
        worst = 0
        with open(a.batch) as f:
            for line in f:
                if not line.strip():
                    continue
                rc, msg = run_one(ap, parser().parse_args(line.split()))
                worst = max(worst, rc)
                print("ok" if rc == 0 else "FAIL: %s" % msg)
        return 1 if worst else 0
    rc, msg = run_one(ap, a)
    if msg:
        print(msg)
    return rc


if __name__ == "__main__":
    sys.exit(main())
