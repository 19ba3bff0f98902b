# §5.7 condition 2: r25 and r17 hash to the same Bloom bits (16 bits, §8.5),
# so once the reader of r17 leaves the issue handoff register for its CU the
# filter blocks the writer of r25 behind it, which IH's exact register
# compare (§5.6) did not: with ready_stage the warp must not be eligible in
# the cycle the reader enters its CU.
        tid  r17
        add  r1, r17, r17
        movi r25, 7
        add  r4, r1, r25
        st   [r17], r4
        exit
