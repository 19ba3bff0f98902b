# The instruction right behind a reader writes the register it reads while
# the reader sits in the issue handoff register, in no collector unit yet
# (§5.6): under bloom and warpboard-read only IH holds the writer back.
        tid  r2
        add  r1, r2, r3
        movi r2, 7
        add  r4, r1, r2
        st   [r2], r4
        exit
