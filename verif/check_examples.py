#!/usr/bin/env python3
"""Checks the final state of a sim/examples kernel against its intent.

Usage:
  check_examples.py --list
      print the kernels that have a checker, one per line
  check_examples.py KERNEL STATE.json [--warps W] [--lanes L] [--regs R] [--mem-words M]
                    [--active-warps A]
      STATE.json is `wfsim --functional --dump-state` output of sim/examples/KERNEL.s
      run with those options (defaults: wfsim's); exit 0 when it matches, else print the first
      difference and exit 1.

The expected values come from what each kernel is meant to compute, written
as plain Python formulas (a closed form where one exists), not from
re-interpreting the instructions. Every memory word a kernel does not write
must be 0, and every register of a warp that is not launched must be 0.
Python 3 standard library only.
"""
import argparse
import json
import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wfstate import checker_args, compare_state, threads  # noqa: E402

MASK = 0xFFFFFFFF


def fact(n):
    f = 1
    for i in range(2, n + 1):
        f *= i
    return f


# Each checker gets (warps launched, lanes, mem_words) and returns
# (mem: dict word -> value, regs: dict (warp, reg, lane) -> value).
def vecadd(active, lanes, m):
    mem, regs = {}, {}
    for w, l, t in threads(active, lanes):
        a, b = 3 * t, t + 7
        mem[t], mem[256 + t], mem[512 + t] = a, b, a + b
        regs[(w, 1, l)] = t
        regs[(w, 7, l)] = a + b
    return mem, regs


def saxpy(active, lanes, m):
    mem, regs = {}, {}
    for w, l, t in threads(active, lanes):
        x, y = (t - 3) & MASK, 100
        mem[t] = x
        mem[256 + t] = (5 * (t - 3) + y) & MASK
        regs[(w, 2, l)] = x
        regs[(w, 7, l)] = mem[256 + t]
    return mem, regs


def sum_loop(active, lanes, m):
    mem, regs = {}, {}
    for w, l, t in threads(active, lanes):
        n = t + 1
        mem[t] = n * (n + 1) // 2
        regs[(w, 7, l)] = mem[t]
        regs[(w, 4, l)] = 0  # loop counter ran down to 0
        regs[(w, 6, l)] = 32 * (w + 1) + 1  # i after K iterations
    return mem, regs


def fact_k(active, lanes, m):
    mem, regs = {}, {}
    for w in range(active):
        n = 10 + 2 * w
        for l in range(lanes):
            t = w * lanes + l
            mem[t] = ((l + 1) * fact(n)) & MASK
            regs[(w, 3, l)] = mem[t]
            regs[(w, 4, l)] = 0
    return mem, regs


def memwrap(active, lanes, m):
    mem, regs = {}, {}
    for w, l, t in threads(active, lanes):
        mem[m - 1 - t] = 7 * t + 1
        mem[t] = 7 * t + 2
        mem[257 + t] = 7 * t + 3
        regs[(w, 4, l)] = MASK - t
        regs[(w, 6, l)] = 7 * t + 2
        regs[(w, 9, l)] = 7 * t + 2
    return mem, regs


CHECKERS = {
    "vecadd": (vecadd, 256, 1024),  # (function, max threads, min mem_words)
    "saxpy": (saxpy, 256, 512),
    "sum_loop": (sum_loop, None, None),
    "fact": (fact_k, None, None),
    "memwrap": (memwrap, 256, 1024),
}


def check(kernel, state, warps, lanes, nregs, mem_words, active):
    fn, max_threads, min_mem = CHECKERS[kernel]
    active = active or warps
    threads = active * lanes
    if max_threads is not None and threads > max_threads:
        return "%s needs at most %d threads, got %d" % (kernel, max_threads, threads)
    if threads > mem_words or (min_mem is not None and mem_words < min_mem):
        return "%s: mem_words=%d too small" % (kernel, mem_words)
    return compare_state(state, warps, lanes, nregs, mem_words, active,
                         fn(active, lanes, mem_words))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true")
    checker_args(ap)
    a = ap.parse_args()
    if a.list:
        print("\n".join(sorted(CHECKERS)))
        return 0
    if not a.kernel or not a.state:
        ap.error("KERNEL and STATE.json are required")
    if a.kernel not in CHECKERS:
        print("check_examples: no checker for kernel '%s'" % a.kernel)
        return 2
    try:
        with open(a.state) as f:
            state = json.load(f)
    except (OSError, ValueError) as e:
        print("check_examples: %s: cannot read state: %s" % (a.state, e))
        return 1
    msg = check(a.kernel, state, a.warps, a.lanes, a.regs, a.mem_words, a.active_warps)
    if msg:
        print("check_examples: %s (--warps %d --lanes %d --mem-words %d --active-warps %d): %s"
              % (a.kernel, a.warps, a.lanes, a.mem_words, a.active_warps, msg))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
