# A split ld replays while the scoreboard is full: three MUL results are
# outstanding and the ld holds the fourth entry across its 8 pieces (one line
# per lane), so each re-issue needs the entry it holds (§4.3, §9.2).
        lane r1
        movi r2, 2
        shl  r3, r1, r2         # lane * 4: one scratchpad line per lane
        tid  r4
        mul  r5, r4, r4
        mul  r6, r4, r4
        mul  r7, r4, r4
        ld   r8, [r3]
        add  r9, r8, r5
        exit
