# The seed's swizzled layout + operand collector example (Fig 3.16-3.17):
# bank = (r + w) mod 4, four collector units (loop mode 3).
# docs/microarch.md §13.2 predicts the cycle table; the seed's schedule
# "c0 w1:i1, c1 w2:i1, c2 w3:i1, c3 w0:i2" is our cycles 11..14.
# wfsim-options: --warps 4 --banks 4 --layout swizzle --loops 3 --collectors 4 --alu-lat 1 --mul-lat 4 --imiss-lat 8 --ibuf 2 --sb-entries 4 --sched lrr
i1:     add r1 ← r2, r5
i2:     mad r4 ← r3, r7, r1     # reads i1's r1
        exit
