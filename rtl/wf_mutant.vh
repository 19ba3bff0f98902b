// Mutants (scripts/mutants.py, docs/verification.md "Mutants"): `WF_MUT_<NAME>
// is 1 when mutant NAME is active, either
//  * at compile time: +define+WF_MUTANT_<NAME> (that one bug is built in), or
//  * at run time: +define+WF_MUTANTS builds every mutant in, each switched on
//    by the plusarg +WF_MUTANT_<NAME> (one Verilated build serves them all),
// and the constant 0 otherwise, so synthesis and normal builds never see them.
`ifndef WF_MUTANT_VH
`define WF_MUTANT_VH
`ifdef WF_MUTANT_SWIZZLE_OFF1
  `define WF_MUT_SWIZZLE_OFF1 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_SWIZZLE_OFF1 ($test$plusargs("WF_MUTANT_SWIZZLE_OFF1") != 0)
`else
  `define WF_MUT_SWIZZLE_OFF1 1'b0
`endif
`ifdef WF_MUTANT_SB_NOT_CLEARED
  `define WF_MUT_SB_NOT_CLEARED 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_SB_NOT_CLEARED ($test$plusargs("WF_MUTANT_SB_NOT_CLEARED") != 0)
`else
  `define WF_MUT_SB_NOT_CLEARED 1'b0
`endif
`ifdef WF_MUTANT_WRITE_PRIORITY
  `define WF_MUT_WRITE_PRIORITY 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_WRITE_PRIORITY ($test$plusargs("WF_MUTANT_WRITE_PRIORITY") != 0)
`else
  `define WF_MUT_WRITE_PRIORITY 1'b0
`endif
`ifdef WF_MUTANT_SR_OVERLAP
  `define WF_MUT_SR_OVERLAP 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_SR_OVERLAP ($test$plusargs("WF_MUTANT_SR_OVERLAP") != 0)
`else
  `define WF_MUT_SR_OVERLAP 1'b0
`endif
`ifdef WF_MUTANT_DEP_BYPASS
  `define WF_MUT_DEP_BYPASS 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_DEP_BYPASS ($test$plusargs("WF_MUTANT_DEP_BYPASS") != 0)
`else
  `define WF_MUT_DEP_BYPASS 1'b0
`endif
`ifdef WF_MUTANT_GTO_NOT_STICKY
  `define WF_MUT_GTO_NOT_STICKY 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_GTO_NOT_STICKY ($test$plusargs("WF_MUTANT_GTO_NOT_STICKY") != 0)
`else
  `define WF_MUT_GTO_NOT_STICKY 1'b0
`endif
`ifdef WF_MUTANT_MSHR_MERGE
  `define WF_MUT_MSHR_MERGE 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_MSHR_MERGE ($test$plusargs("WF_MUTANT_MSHR_MERGE") != 0)
`else
  `define WF_MUT_MSHR_MERGE 1'b0
`endif
`ifdef WF_MUTANT_BLOOM_ANY
  `define WF_MUT_BLOOM_ANY 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_BLOOM_ANY ($test$plusargs("WF_MUTANT_BLOOM_ANY") != 0)
`else
  `define WF_MUT_BLOOM_ANY 1'b0
`endif
`ifdef WF_MUTANT_LSU_SPLIT
  `define WF_MUT_LSU_SPLIT 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_LSU_SPLIT ($test$plusargs("WF_MUTANT_LSU_SPLIT") != 0)
`else
  `define WF_MUT_LSU_SPLIT 1'b0
`endif
`ifdef WF_MUTANT_WB_ORDER
  `define WF_MUT_WB_ORDER 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_WB_ORDER ($test$plusargs("WF_MUTANT_WB_ORDER") != 0)
`else
  `define WF_MUT_WB_ORDER 1'b0
`endif
`ifdef WF_MUTANT_MUL_LAT
  `define WF_MUT_MUL_LAT 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_MUL_LAT ($test$plusargs("WF_MUTANT_MUL_LAT") != 0)
`else
  `define WF_MUT_MUL_LAT 1'b0
`endif
`ifdef WF_MUTANT_PIPE_BUBBLE
  `define WF_MUT_PIPE_BUBBLE 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_PIPE_BUBBLE ($test$plusargs("WF_MUTANT_PIPE_BUBBLE") != 0)
`else
  `define WF_MUT_PIPE_BUBBLE 1'b0
`endif
`ifdef WF_MUTANT_CLEAR_SHORT
  `define WF_MUT_CLEAR_SHORT 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_CLEAR_SHORT ($test$plusargs("WF_MUTANT_CLEAR_SHORT") != 0)
`else
  `define WF_MUT_CLEAR_SHORT 1'b0
`endif
`ifdef WF_MUTANT_SPRAM_MASK
  `define WF_MUT_SPRAM_MASK 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_SPRAM_MASK ($test$plusargs("WF_MUTANT_SPRAM_MASK") != 0)
`else
  `define WF_MUT_SPRAM_MASK 1'b0
`endif
`ifdef WF_MUTANT_FETCH_REFILL_PRIO
  `define WF_MUT_FETCH_REFILL_PRIO 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_FETCH_REFILL_PRIO ($test$plusargs("WF_MUTANT_FETCH_REFILL_PRIO") != 0)
`else
  `define WF_MUT_FETCH_REFILL_PRIO 1'b0
`endif
`ifdef WF_MUTANT_FETCH_MERGE_FILL
  `define WF_MUT_FETCH_MERGE_FILL 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_FETCH_MERGE_FILL ($test$plusargs("WF_MUTANT_FETCH_MERGE_FILL") != 0)
`else
  `define WF_MUT_FETCH_MERGE_FILL 1'b0
`endif
`ifdef WF_MUTANT_FETCH_RR_HIT_ONLY
  `define WF_MUT_FETCH_RR_HIT_ONLY 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_FETCH_RR_HIT_ONLY ($test$plusargs("WF_MUTANT_FETCH_RR_HIT_ONLY") != 0)
`else
  `define WF_MUT_FETCH_RR_HIT_ONLY 1'b0
`endif
`ifdef WF_MUTANT_FETCH_MODE1_INFLIGHT
  `define WF_MUT_FETCH_MODE1_INFLIGHT 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_FETCH_MODE1_INFLIGHT ($test$plusargs("WF_MUTANT_FETCH_MODE1_INFLIGHT") != 0)
`else
  `define WF_MUT_FETCH_MODE1_INFLIGHT 1'b0
`endif
`ifdef WF_MUTANT_DEP_NO_WAW
  `define WF_MUT_DEP_NO_WAW 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_DEP_NO_WAW ($test$plusargs("WF_MUTANT_DEP_NO_WAW") != 0)
`else
  `define WF_MUT_DEP_NO_WAW 1'b0
`endif
`ifdef WF_MUTANT_GAP_SKIP_SLOT1
  `define WF_MUT_GAP_SKIP_SLOT1 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_GAP_SKIP_SLOT1 ($test$plusargs("WF_MUTANT_GAP_SKIP_SLOT1") != 0)
`else
  `define WF_MUT_GAP_SKIP_SLOT1 1'b0
`endif
`ifdef WF_MUTANT_CF_EQUAL
  `define WF_MUT_CF_EQUAL 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_CF_EQUAL ($test$plusargs("WF_MUTANT_CF_EQUAL") != 0)
`else
  `define WF_MUT_CF_EQUAL 1'b0
`endif
`ifdef WF_MUTANT_SB_FULL_OFF1
  `define WF_MUT_SB_FULL_OFF1 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_SB_FULL_OFF1 ($test$plusargs("WF_MUTANT_SB_FULL_OFF1") != 0)
`else
  `define WF_MUT_SB_FULL_OFF1 1'b0
`endif
`ifdef WF_MUTANT_SB_FULL_HELD
  `define WF_MUT_SB_FULL_HELD 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_SB_FULL_HELD ($test$plusargs("WF_MUTANT_SB_FULL_HELD") != 0)
`else
  `define WF_MUT_SB_FULL_HELD 1'b0
`endif
`ifdef WF_MUTANT_LRR_REPLAY
  `define WF_MUT_LRR_REPLAY 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_LRR_REPLAY ($test$plusargs("WF_MUTANT_LRR_REPLAY") != 0)
`else
  `define WF_MUT_LRR_REPLAY 1'b0
`endif
`ifdef WF_MUTANT_MEM_ORDER
  `define WF_MUT_MEM_ORDER 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_MEM_ORDER ($test$plusargs("WF_MUTANT_MEM_ORDER") != 0)
`else
  `define WF_MUT_MEM_ORDER 1'b0
`endif
`ifdef WF_MUTANT_GTO_OLDEST_HIGH
  `define WF_MUT_GTO_OLDEST_HIGH 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_GTO_OLDEST_HIGH ($test$plusargs("WF_MUTANT_GTO_OLDEST_HIGH") != 0)
`else
  `define WF_MUT_GTO_OLDEST_HIGH 1'b0
`endif
`ifdef WF_MUTANT_STALL_ADVANCES
  `define WF_MUT_STALL_ADVANCES 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_STALL_ADVANCES ($test$plusargs("WF_MUTANT_STALL_ADVANCES") != 0)
`else
  `define WF_MUT_STALL_ADVANCES 1'b0
`endif
`ifdef WF_MUTANT_HAZARD_ORDER
  `define WF_MUT_HAZARD_ORDER 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_HAZARD_ORDER ($test$plusargs("WF_MUTANT_HAZARD_ORDER") != 0)
`else
  `define WF_MUT_HAZARD_ORDER 1'b0
`endif
`ifdef WF_MUTANT_INFLIGHT_MODE2
  `define WF_MUT_INFLIGHT_MODE2 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_INFLIGHT_MODE2 ($test$plusargs("WF_MUTANT_INFLIGHT_MODE2") != 0)
`else
  `define WF_MUT_INFLIGHT_MODE2 1'b0
`endif
`ifdef WF_MUTANT_REGFILE_MASK
  `define WF_MUT_REGFILE_MASK 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_REGFILE_MASK ($test$plusargs("WF_MUTANT_REGFILE_MASK") != 0)
`else
  `define WF_MUT_REGFILE_MASK 1'b0
`endif
`ifdef WF_MUTANT_ARB_LOWEST_CU
  `define WF_MUT_ARB_LOWEST_CU 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_ARB_LOWEST_CU ($test$plusargs("WF_MUTANT_ARB_LOWEST_CU") != 0)
`else
  `define WF_MUT_ARB_LOWEST_CU 1'b0
`endif
`ifdef WF_MUTANT_ARB_SLOT_HIGH
  `define WF_MUT_ARB_SLOT_HIGH 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_ARB_SLOT_HIGH ($test$plusargs("WF_MUTANT_ARB_SLOT_HIGH") != 0)
`else
  `define WF_MUT_ARB_SLOT_HIGH 1'b0
`endif
`ifdef WF_MUTANT_NO_MERGE
  `define WF_MUT_NO_MERGE 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_NO_MERGE ($test$plusargs("WF_MUTANT_NO_MERGE") != 0)
`else
  `define WF_MUT_NO_MERGE 1'b0
`endif
`ifdef WF_MUTANT_DISP_LOWEST
  `define WF_MUT_DISP_LOWEST 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_DISP_LOWEST ($test$plusargs("WF_MUTANT_DISP_LOWEST") != 0)
`else
  `define WF_MUT_DISP_LOWEST 1'b0
`endif
`ifdef WF_MUTANT_SR_WRITTEN_BANK
  `define WF_MUT_SR_WRITTEN_BANK 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_SR_WRITTEN_BANK ($test$plusargs("WF_MUTANT_SR_WRITTEN_BANK") != 0)
`else
  `define WF_MUT_SR_WRITTEN_BANK 1'b0
`endif
`ifdef WF_MUTANT_INORDER_SAME_CYCLE
  `define WF_MUT_INORDER_SAME_CYCLE 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_INORDER_SAME_CYCLE ($test$plusargs("WF_MUTANT_INORDER_SAME_CYCLE") != 0)
`else
  `define WF_MUT_INORDER_SAME_CYCLE 1'b0
`endif
`ifdef WF_MUTANT_BLOOM_H1
  `define WF_MUT_BLOOM_H1 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_BLOOM_H1 ($test$plusargs("WF_MUTANT_BLOOM_H1") != 0)
`else
  `define WF_MUT_BLOOM_H1 1'b0
`endif
`ifdef WF_MUTANT_WBREAD_VALID
  `define WF_MUT_WBREAD_VALID 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_WBREAD_VALID ($test$plusargs("WF_MUTANT_WBREAD_VALID") != 0)
`else
  `define WF_MUT_WBREAD_VALID 1'b0
`endif
`ifdef WF_MUTANT_BNZ_STALE
  `define WF_MUT_BNZ_STALE 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_BNZ_STALE ($test$plusargs("WF_MUTANT_BNZ_STALE") != 0)
`else
  `define WF_MUT_BNZ_STALE 1'b0
`endif
`ifdef WF_MUTANT_LSU_ST_ORDER
  `define WF_MUT_LSU_ST_ORDER 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_LSU_ST_ORDER ($test$plusargs("WF_MUTANT_LSU_ST_ORDER") != 0)
`else
  `define WF_MUT_LSU_ST_ORDER 1'b0
`endif
`ifdef WF_MUTANT_LSU_STALL_DISPATCH
  `define WF_MUT_LSU_STALL_DISPATCH 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_LSU_STALL_DISPATCH ($test$plusargs("WF_MUTANT_LSU_STALL_DISPATCH") != 0)
`else
  `define WF_MUT_LSU_STALL_DISPATCH 1'b0
`endif
`ifdef WF_MUTANT_LSU_END_REPLAY
  `define WF_MUT_LSU_END_REPLAY 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_LSU_END_REPLAY ($test$plusargs("WF_MUTANT_LSU_END_REPLAY") != 0)
`else
  `define WF_MUT_LSU_END_REPLAY 1'b0
`endif
`ifdef WF_MUTANT_WB_REL_PIECE
  `define WF_MUT_WB_REL_PIECE 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_WB_REL_PIECE ($test$plusargs("WF_MUTANT_WB_REL_PIECE") != 0)
`else
  `define WF_MUT_WB_REL_PIECE 1'b0
`endif
`ifdef WF_MUTANT_WB_MUL_OVER_LSU
  `define WF_MUT_WB_MUL_OVER_LSU 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_WB_MUL_OVER_LSU ($test$plusargs("WF_MUTANT_WB_MUL_OVER_LSU") != 0)
`else
  `define WF_MUT_WB_MUL_OVER_LSU 1'b0
`endif
`ifdef WF_MUTANT_ROWS_FLOOR
  `define WF_MUT_ROWS_FLOOR 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_ROWS_FLOOR ($test$plusargs("WF_MUTANT_ROWS_FLOOR") != 0)
`else
  `define WF_MUT_ROWS_FLOOR 1'b0
`endif
`ifdef WF_MUTANT_PIPE_STAY_STALE
  `define WF_MUT_PIPE_STAY_STALE 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_PIPE_STAY_STALE ($test$plusargs("WF_MUTANT_PIPE_STAY_STALE") != 0)
`else
  `define WF_MUT_PIPE_STAY_STALE 1'b0
`endif
`ifdef WF_MUTANT_ACTIVE_OFF1
  `define WF_MUT_ACTIVE_OFF1 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_ACTIVE_OFF1 ($test$plusargs("WF_MUTANT_ACTIVE_OFF1") != 0)
`else
  `define WF_MUT_ACTIVE_OFF1 1'b0
`endif
`ifdef WF_MUTANT_MODE3_DECODE
  `define WF_MUT_MODE3_DECODE 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_MODE3_DECODE ($test$plusargs("WF_MUTANT_MODE3_DECODE") != 0)
`else
  `define WF_MUT_MODE3_DECODE 1'b0
`endif
`ifdef WF_MUTANT_FD_REFETCH
  `define WF_MUT_FD_REFETCH 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_FD_REFETCH ($test$plusargs("WF_MUTANT_FD_REFETCH") != 0)
`else
  `define WF_MUT_FD_REFETCH 1'b0
`endif
`ifdef WF_MUTANT_AR_READY_OFF
  `define WF_MUT_AR_READY_OFF 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_AR_READY_OFF ($test$plusargs("WF_MUTANT_AR_READY_OFF") != 0)
`else
  `define WF_MUT_AR_READY_OFF 1'b0
`endif
`ifdef WF_MUTANT_IH_WAR_OFF
  `define WF_MUT_IH_WAR_OFF 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_IH_WAR_OFF ($test$plusargs("WF_MUTANT_IH_WAR_OFF") != 0)
`else
  `define WF_MUT_IH_WAR_OFF 1'b0
`endif
`ifdef WF_MUTANT_IH_NOT_RESERVED
  `define WF_MUT_IH_NOT_RESERVED 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_IH_NOT_RESERVED ($test$plusargs("WF_MUTANT_IH_NOT_RESERVED") != 0)
`else
  `define WF_MUT_IH_NOT_RESERVED 1'b0
`endif
`ifdef WF_MUTANT_FS_REGRANT
  `define WF_MUT_FS_REGRANT 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_FS_REGRANT ($test$plusargs("WF_MUTANT_FS_REGRANT") != 0)
`else
  `define WF_MUT_FS_REGRANT 1'b0
`endif
`ifdef WF_MUTANT_FS_FILL_EARLY
  `define WF_MUT_FS_FILL_EARLY 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_FS_FILL_EARLY ($test$plusargs("WF_MUTANT_FS_FILL_EARLY") != 0)
`else
  `define WF_MUT_FS_FILL_EARLY 1'b0
`endif
`ifdef WF_MUTANT_RS_OWN_KEEP
  `define WF_MUT_RS_OWN_KEEP 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_RS_OWN_KEEP ($test$plusargs("WF_MUTANT_RS_OWN_KEEP") != 0)
`else
  `define WF_MUT_RS_OWN_KEEP 1'b0
`endif
`ifdef WF_MUTANT_RS_IH_KEEP
  `define WF_MUT_RS_IH_KEEP 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_RS_IH_KEEP ($test$plusargs("WF_MUTANT_RS_IH_KEEP") != 0)
`else
  `define WF_MUT_RS_IH_KEEP 1'b0
`endif
`endif
