# wfsim-options: --lanes 32 --mem-words 16 --war none --imiss-lat 256 --icache-lines 1 --icache-line 1 --lsu-lat 32
        tid r1
        movi r2, 40
loop:   st [r1 + 3] <- r2
        ld r3 <- [r1 + 7]
        addi r2 <- r2, -1
        bnz r2, loop
        exit
