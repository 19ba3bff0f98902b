# bankconflict: register-bank pressure. Every source and destination of the
# loop body is one of r4, r8, ..., r28: with 4 banks and the naive layout
# (bank = r mod 4) all of them sit in bank 0, for every warp, so each warp's
# operand reads serialise and all warps fight over the same bank. With the
# swizzled layout (bank = (r + w) mod 4) a warp's sources still share a bank,
# but different warps use different banks, so `--layout naive` and
# `--layout swizzle` differ strongly (compare --json "banks").
# Computes, with t = tid and K = 32 iterations:
#   r16 = K*t*(t+1), r20 = 3K*(t+1), r24 = K*t,
#   r28 = xor over i = 1..K of (i*t*(t+1) mod 2^32),
# stored at 4t + 0..3 (mod 2^32 everywhere).
# Supports: 4*warps*lanes <= mem_words (so up to 8192 threads), regs >= 32.
        tid  r4                 # t
        addi r8, r4, 1          # t + 1
        movi r12, 3
        movi r16, 0
        movi r20, 0
        movi r24, 0
        movi r28, 0
        movi r1, 32             # K
loop:   mad  r16, r4, r8, r16   # += t(t+1)      banks 0,0,0 (naive)
        mad  r20, r8, r12, r20  # += 3(t+1)      banks 0,0,0
        add  r24, r24, r4       # += t           banks 0,0
        xor  r28, r28, r16      # ^= i*t(t+1)    banks 0,0
        addi r1, r1, -1
        bnz  r1, loop
        movi r3, 2
        shl  r2, r4, r3         # 4t
        st   [r2 + 0], r16
        st   [r2 + 1], r20
        st   [r2 + 2], r24
        st   [r2 + 3], r28
        exit
