# matmul: an 8x8 integer matrix-multiply tile C = A*B (mod 2^32), each
# thread one output element C[i][j] with i = tid >> 3, j = tid & 7, an inner
# loop over k with mad.
# A[i][k] = 8i + k - 20 (mod 2^32), B[k][j] = (k xor j) + 3j.
# Layout (words): C row-major at 0..63 (C[i][j] at 8i + j = tid). There is no
# ordering between warps, so every warp keeps a private copy of the inputs:
# A_w row-major at 64 + 128*wid, B_w row-major at 64 + 128*wid + 64. Each
# thread writes the row A_w[i][*] and the column B_w[*][j] it needs (lanes of
# one warp that share a row or column write the same values), then reads them
# back: sum_k A[i][k]*B[k][j]. Rows and columns no thread of warp w needs stay 0.
# Supports: warps*lanes <= 64, mem_words >= 64 + 128*warps, regs >= 32.
# wfsim-options: --mem-words 2048
        tid  r1
        movi r2, 3
        shr  r3, r1, r2         # i
        movi r4, 7
        and  r5, r1, r4         # j
        wid  r6
        shl  r7, r6, r4         # 128*wid
        addi r7, r7, 64         # A_w base
        shl  r8, r3, r2         # 8i
        add  r9, r7, r8         # &A_w[i][0]
        add  r10, r7, r5
        addi r10, r10, 64       # &B_w[0][j]
        add  r11, r5, r5
        add  r11, r11, r5       # 3j
        addi r12, r8, -20       # A[i][0] = 8i - 20
        movi r13, 0             # k
        mov  r14, r9
        mov  r15, r10
        movi r16, 8
init:   st   [r14], r12         # A[i][k]
        xor  r17, r13, r5
        add  r17, r17, r11      # B[k][j] = (k ^ j) + 3j
        st   [r15], r17
        addi r12, r12, 1
        addi r13, r13, 1
        addi r14, r14, 1        # next column of A's row
        addi r15, r15, 8        # next row of B's column
        addi r16, r16, -1
        bnz  r16, init
        movi r18, 0             # C[i][j] accumulator
        mov  r14, r9
        mov  r15, r10
        movi r16, 8
mm:     ld   r19, [r14]         # A[i][k]
        ld   r20, [r15]         # B[k][j]
        mad  r18, r19, r20, r18
        addi r14, r14, 1
        addi r15, r15, 8
        addi r16, r16, -1
        bnz  r16, mm
        st   [r1], r18          # C[i][j]
        exit
