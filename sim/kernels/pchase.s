# pchase: pointer chase through a circular linked list of 8 nodes per thread.
# Layout (words): thread t's arena is 16t .. 16t+15: nodes k = 0..7 at 16t + k,
# the traversal's sum at 16t + 8, its final pointer at 16t + 9.
# Build: the list visits k_j = (t + 5j) & 7, j = 0, 1, ..., 7, then wraps
# (5 is odd, so that is every node once). Node k holds
# ((3k + t + 1) << 16) | next address, where next = 16t + k_{j+1}.
# Chase: from p = 16t + k_0, 13 dependent loads, each w = mem[p],
# sum += w >> 16, p = w & 0xFFFF: sum = sum over j = 0..12 of (3k_j + t + 1),
# final p = 16t + k_13 = 16t + k_5.
# Supports: 16*warps*lanes <= mem_words (so up to 4096 threads), regs >= 16.
        tid  r1
        movi r3, 4
        shl  r2, r1, r3         # arena base 16t
        movi r6, 7
        movi r9, 16
        movi r10, 3
        addi r11, r1, 1         # t + 1
        mov  r5, r1             # t + 5j
        movi r8, 8
build:  and  r12, r5, r6        # k_j
        addi r5, r5, 5
        and  r13, r5, r6        # k_{j+1}
        mad  r14, r12, r10, r11 # value 3k + t + 1
        shl  r14, r14, r9
        add  r13, r13, r2       # next address
        or   r14, r14, r13
        add  r12, r12, r2       # node address
        st   [r12], r14
        addi r8, r8, -1
        bnz  r8, build
        and  r12, r1, r6
        add  r12, r12, r2       # p = head
        movi r15, 0xFFFF
        movi r7, 0              # sum
        movi r8, 13
chase:  ld   r13, [r12]         # depends on the previous load
        shr  r14, r13, r9
        add  r7, r7, r14
        and  r12, r13, r15      # p = next
        addi r8, r8, -1
        bnz  r8, chase
        st   [r2 + 8], r7
        st   [r2 + 9], r12
        exit
