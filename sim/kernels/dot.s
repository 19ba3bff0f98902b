# dot: per-warp dot product of x and y with a reduction through the scratchpad.
# Layout (words): x at 0, y at 256, partial products at 512 (all by tid),
# the warp's lane count at 768 + wid, the warp's result at 832 + wid.
# Each thread writes x[t] = t + 1 and y[t] = 3t - 100 (mod 2^32), loads them
# back and stores its partial x[t]*y[t] at 512 + t. To learn the warp width,
# every lane stores lane + 1 to the same word 768 + wid: the highest lane wins,
# leaving L = lanes. Then the warp sums its L partials (512 + wid*L ..) in a
# loop whose count comes from that word; bnz follows lane 0, and every lane
# runs the same loop on the same addresses, so all lanes end with the sum
#   out[w] = sum over the warp's t of (t + 1)*(3t - 100)  (mod 2^32)
# in r13, and store it to 832 + wid.
# Supports: warps*lanes <= 256, warps <= 64, mem_words >= 1024, regs >= 16.
        tid  r1
        lane r2
        wid  r3
        addi r4, r1, 1          # x[t] = t + 1
        movi r5, 3
        mul  r6, r1, r5
        addi r6, r6, -100       # y[t] = 3t - 100
        st   [r1], r4
        st   [r1 + 256], r6
        ld   r7, [r1]
        ld   r8, [r1 + 256]
        mul  r9, r7, r8         # partial product
        st   [r1 + 512], r9
        addi r10, r2, 1
        st   [r3 + 768], r10    # highest lane wins: word = L
        ld   r11, [r3 + 768]    # loop count L
        sub  r12, r1, r2        # wid*L, the warp's first tid
        addi r12, r12, 512      # address of its first partial
        movi r13, 0             # sum
red:    ld   r14, [r12]
        add  r13, r13, r14
        addi r12, r12, 1
        addi r11, r11, -1
        bnz  r11, red           # lane 0's count decides
        st   [r3 + 832], r13    # every lane stores the same sum
        exit
