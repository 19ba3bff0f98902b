# memwrap: ld/st addresses are (a + sext(imm)) mod M, M = mem_words.
# With T = tid (needs warps*lanes <= 256 and mem_words >= 1024):
#   mem[M-1-T] = 7T+1  base 0xFFFFFFFF - T wraps to the top of memory
#   mem[T]     = 7T+2  offset -8388608 (2^23 is a multiple of M)
#   mem[257+T] = 7T+3  base T-1 (0xFFFFFFFF for T = 0) plus 258
#   r6 = 7T+2 and r9 = mem[T] = 7T+2, read back through [r10 - 5], r10 = T+5
        tid  r1
        movi r2 <- 7
        mul  r3 <- r1, r2
        addi r3 <- r3, 1        # 7T+1
        movi r4 <- -1
        sub  r4 <- r4, r1       # 0xFFFFFFFF - T
        st   [r4 + 0] <- r3     # word M-1-T
        addi r5 <- r4, 8388607  # the same word again, via the largest offsets
        ld   r6 <- [r5 + -8388607]
        addi r6 <- r6, 1        # 7T+2
        st   [r1 + -8388608] <- r6   # word T
        addi r7 <- r1, -1       # T-1
        addi r8 <- r6, 1        # 7T+3
        st   [r7 + 258] <- r8   # word 257+T
        addi r10 <- r1, 5
        ld   r9 <- [r10 - 5]    # word T
        exit
