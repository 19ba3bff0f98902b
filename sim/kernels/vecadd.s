# vecadd: C[i] = A[i] + B[i] for i = tid (one element per thread).
# Layout (words): A at 0, B at 256, C at 512, each indexed by tid.
# Each thread writes its own inputs first (no --mem-init needed):
#   A[i] = i*i + 1, B[i] = 65536 - 5*i (wraps modulo 2^32 for i > 13107),
# loads them back (a warp's ld sees its own older st) and stores
#   C[i] = i*i + 1 + 65536 - 5*i  (mod 2^32).
# Every warp touches only its own tids' words.
# Supports: warps*lanes <= 256, mem_words >= 1024, regs >= 8.
        tid  r1                 # i = wid*lanes + lane
        mul  r2 <- r1, r1
        addi r2 <- r2, 1        # A[i] = i*i + 1
        movi r3 <- 5
        mul  r4 <- r1, r3
        movi r5 <- 65536
        sub  r5 <- r5, r4       # B[i] = 65536 - 5i
        st   [r1] <- r2
        st   [r1 + 256] <- r5
        ld   r6 <- [r1]
        ld   r7 <- [r1 + 256]
        add  r7 <- r6, r7       # C[i]
        st   [r1 + 512] <- r7
        exit
