# saxpy: y[i] = a*x[i] + y[i] with a = 5, x at word 0 and y at word 256,
# i = tid. Each thread writes its inputs first: x[i] = i - 3 (negative, i.e.
# wrapping, for i < 3) and y[i] = 100, so y[i] ends as 5*(i-3) + 100 mod 2^32.
# Needs warps*lanes <= 256 and mem_words >= 512.
        tid  r1
        addi r2, r1, -3         # x[i]
        movi r3, 100            # y[i]
        st   [r1], r2
        st   [r1 + 256], r3
        movi r4, 5              # a
        ld   r5, [r1]
        ld   r6, [r1 + 256]
        mad  r7, r4, r5, r6     # a*x[i] + y[i]
        st   [r1 + 256], r7
        exit
