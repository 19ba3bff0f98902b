#!/usr/bin/env python3
"""Random warpfront programs for the RTL smoke test (verif/rtl_smoke).

    randprog.py SEED > prog.s

Straight-line blocks of random ALU/MUL/LSU instructions, bounded countdown
loops (bnz), forward bra skips, nops, and sometimes a .start for warp 1.
Registers r0..r15 are data, r20..r23 loop counters (never written by the
random instructions), so every program terminates. Memory accesses may race
between warps: the harness compares the RTL with the cycle model every cycle
regardless, and checks the interpreter only when the cycle model agrees with
it (docs/isa.md: racing programs are outside that comparison).
"""
import random
import sys

R3 = ["add", "sub", "and", "or", "xor", "shl", "shr", "min", "max", "mul"]


def reg(rng):
    return f"r{rng.randrange(16)}"


def insn(rng):
    k = rng.random()
    if k < 0.35:
        return f"{rng.choice(R3)} {reg(rng)} <- {reg(rng)}, {reg(rng)}"
    if k < 0.42:
        return f"mad {reg(rng)} <- {reg(rng)}, {reg(rng)}, {reg(rng)}"
    if k < 0.50:
        return f"addi {reg(rng)} <- {reg(rng)}, {rng.randint(-40, 40)}"
    if k < 0.55:
        return f"movi {reg(rng)} <- {rng.randint(-100000, 100000)}"
    if k < 0.58:
        return f"mov {reg(rng)} <- {reg(rng)}"
    if k < 0.63:
        return f"{rng.choice(['tid', 'wid', 'lane'])} {reg(rng)}"
    if k < 0.78:
        return f"ld {reg(rng)} <- [{reg(rng)} + {rng.randint(-64, 64)}]"
    if k < 0.92:
        return f"st [{reg(rng)} + {rng.randint(-64, 64)}] <- {reg(rng)}"
    return "nop"


def block(rng, n, out):
    for _ in range(n):
        out.append("        " + insn(rng))


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    rng = random.Random(seed)
    out = [f"# random program, seed {seed} (verif/rtl_smoke/randprog.py)"]
    out.append("        tid r1")
    out.append("        lane r2")
    out.append("        wid r3")
    out.append("S:")  # the .start target: after the preamble, before every loop counter
    label = 0
    nloops = 0
    for _ in range(rng.randint(2, 5)):
        c = rng.random()
        if c < 0.45 and nloops < 4:
            cnt = f"r{20 + nloops}"
            nloops += 1
            out.append(f"        movi {cnt} <- {rng.randint(1, 4)}")
            out.append(f"L{label}:")
            block(rng, rng.randint(1, 8), out)
            out.append(f"        addi {cnt} <- {cnt}, -1")
            out.append(f"        bnz {cnt}, L{label}")
            label += 1
        elif c < 0.6:
            out.append(f"        bra L{label}")
            block(rng, rng.randint(1, 3), out)
            out.append(f"L{label}:")
            label += 1
        else:
            block(rng, rng.randint(3, 12), out)
    # a data-dependent branch on lane 0 (taken or not)
    out.append(f"        bnz {reg(rng)}, L{label}")
    block(rng, rng.randint(1, 4), out)
    out.append(f"L{label}:")
    out.append("        exit")
    if rng.random() < 0.3:
        out.append("        .start w1, S")  # warp 1 skips the preamble
    print("\n".join(out))


if __name__ == "__main__":
    main()
