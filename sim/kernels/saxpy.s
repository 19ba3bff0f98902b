# saxpy: y[i] = a*x[i] + y[i] with a = -3, over 256 elements.
# Layout (words): x at 0..255, y at 256..511.
# Thread t owns the elements i = t, t+64, t+128, t+192 (a strided loop of
# four iterations), so threads never share an element.
# Pass 1 writes the inputs x[i] = 2i + 1 and y[i] = i*i; pass 2 loads them
# back and stores y[i] = -3*(2i + 1) + i*i (mod 2^32). Elements of thread
# ids >= warps*lanes stay 0.
# Supports: warps*lanes <= 64, mem_words >= 512, regs >= 8.
        tid  r1
        movi r2, -3             # a
        movi r3, 4              # iterations
        mov  r4, r1             # i = t
init:   add  r5, r4, r4
        addi r5, r5, 1          # x[i] = 2i + 1
        mul  r6, r4, r4         # y[i] = i*i
        st   [r4], r5
        st   [r4 + 256], r6
        addi r4, r4, 64         # next element of this thread
        addi r3, r3, -1
        bnz  r3, init
        movi r3, 4
        mov  r4, r1
comp:   ld   r5, [r4]           # x[i]
        ld   r6, [r4 + 256]     # y[i]
        mad  r7, r2, r5, r6     # a*x[i] + y[i]
        st   [r4 + 256], r7
        addi r4, r4, 64
        addi r3, r3, -1
        bnz  r3, comp
        exit
