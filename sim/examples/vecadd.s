# vecadd: C[tid] = A[tid] + B[tid], with A at word 0, B at 256, C at 512.
# Each thread first writes its own inputs, A[tid] = 3*tid and B[tid] = tid + 7,
# so the kernel needs no --mem-init; then it loads them back and adds, giving
# C[tid] = 4*tid + 7. Needs warps*lanes <= 256 and mem_words >= 1024.
        tid  r1                 # r1 = tid = wid*lanes + lane
        movi r2 <- 3
        mul  r3 <- r1, r2       # A[tid] = 3*tid
        addi r4 <- r1, 7        # B[tid] = tid + 7
        st   [r1] <- r3
        st   [r1 + 256] <- r4
        ld   r5 <- [r1 + 0]     # a warp's ld sees its own older st
        ld   r6 <- [r1 + 256]
        add  r7 <- r5, r6       # C[tid]
        st   [r1 + 512] <- r7
        exit
