# sum_loop: each thread stores mem[tid] = 1 + 2 + ... + (tid+1).
# bnz follows lane 0, so the loop runs a warp-uniform count K = 32*(wid+1),
# which is >= every lane's tid+1 (lanes <= 32); lane t adds i only while
# i <= t+1, using the 0/1 weight max(0, min(1, t+2-i)). Needs tid < mem_words.
        tid  r1
        addi r3 ← r1, 2         # n + 1, where n = tid + 1
        wid  r4
        addi r4 ← r4, 1
        movi r5 ← 32
        mul  r4 ← r4, r5        # K = 32*(wid+1) iterations
        movi r6 ← 1             # i
        movi r7 ← 0             # sum
        movi r8 ← 0             # constant 0
        movi r9 ← 1             # constant 1
loop:   sub  r10 ← r3, r6       # n + 1 - i
        min  r10 ← r10, r9
        max  r10 ← r10, r8      # weight: 1 while i <= n, else 0
        mad  r7 ← r6, r10, r7   # sum += i * weight
        addi r6 ← r6, 1
        addi r4 ← r4, -1
        bnz  r4, loop
        st   [r1] ← r7          # n*(n+1)/2
        exit
