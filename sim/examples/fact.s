# fact: mem[tid] = (lane + 1) * n! mod 2^32 with n = 10 + 2*wid.
# The loop count n is uniform in a warp (bnz follows lane 0); from 13! on the
# product wraps modulo 2^32. Needs tid < mem_words.
        tid  r1
        lane r2
        addi r3, r2, 1          # f = lane + 1
        wid  r4
        add  r4, r4, r4
        addi r4, r4, 10         # i = n = 10 + 2*wid
loop:   mul  r3, r3, r4         # f = f * i
        addi r4, r4, -1
        bnz  r4, loop           # until i = 0
        st   [r1 + 0], r3
        exit
