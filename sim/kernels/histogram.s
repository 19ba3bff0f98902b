# histogram: 8-bin histogram of 4 items per thread, one private histogram
# slice per warp (no inter-warp races).
# Items: data[4t + k] = 5t + 3k for k = 0..3, bin(v) = (v xor (v >> 3)) & 7.
# Layout (words): data at 0 + 4*tid + k; warp w's slice at S = 512 + 16*w:
# bins at S+0..S+7, the lane count L at S+8, a dummy word at S+9 (stays 0).
# L comes from every lane storing lane + 1 to S+8 (the highest lane wins).
# Lanes of one warp may hit the same bin, and st keeps only the highest lane,
# so the lanes take turns: an outer loop over j = 0..L-1 (count from S+8,
# decided by lane 0) and an inner loop over the items. In turn j, lane j
# does ld/add 1/st on its bin; every other lane redirects the same ld/add 0/st
# to the dummy word, so exactly one lane updates a bin per st.
# Result: S+b = number of the warp's items with bin b, summing to 4*L.
# Supports: warps*lanes <= 128, warps <= 32, mem_words >= 1024, regs >= 32.
        tid  r1
        lane r2
        wid  r3
        movi r4, 4
        shl  r5, r3, r4         # 16*w
        addi r5, r5, 512        # S
        movi r6, 2
        shl  r7, r1, r6         # 4t: this thread's items
        movi r8, 5
        mul  r9, r1, r8         # v = 5t
        movi r10, 4
        mov  r11, r7
init:   st   [r11], r9          # data[4t + k] = 5t + 3k
        addi r9, r9, 3
        addi r11, r11, 1
        addi r10, r10, -1
        bnz  r10, init
        addi r12, r2, 1
        st   [r5 + 8], r12      # highest lane wins: L
        ld   r13, [r5 + 8]      # L
        movi r14, 0             # j: whose turn
        movi r15, 1
        movi r16, 3
        movi r17, 7
        addi r18, r5, 9         # dummy word
turn:   xor  r20, r2, r14
        min  r20, r20, r15
        sub  r20, r15, r20      # active = (lane == j)
        mov  r21, r7
        movi r22, 4
items:  ld   r23, [r21]         # v
        shr  r24, r23, r16
        xor  r24, r24, r23
        and  r24, r24, r17      # bin
        add  r24, r24, r5
        sub  r24, r24, r18
        mad  r24, r24, r20, r18 # active ? S + bin : dummy
        ld   r25, [r24]
        add  r25, r25, r20
        st   [r24], r25
        addi r21, r21, 1
        addi r22, r22, -1
        bnz  r22, items
        addi r14, r14, 1
        sub  r26, r13, r14      # turns left (lane 0 decides)
        bnz  r26, turn
        exit
