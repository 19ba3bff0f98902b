# The seed's naive banked register file example (textbook Fig 3.12-3.14):
# naive layout (bank = r mod 4), one staging register (loop mode 2).
# docs/microarch.md §13.1 predicts the cycle table; the seed's schedule
# "cycle 0 w3:i1, cycle 1 w0:i2, cycle 4 w1:i2" is our cycles 13, 14, 17.
# wfsim-options: --warps 4 --banks 4 --layout naive --loops 2 --alu-lat 1 --mul-lat 4 --imiss-lat 8 --ibuf 2 --sb-entries 4 --sched lrr
i1:     mad r2 ← r5, r4, r6     # banks: r2->2, r5->1, r4->0, r6->2
i2:     add r5 ← r5, r1         # banks: r5->1, r1->1: both in bank 1
        exit
