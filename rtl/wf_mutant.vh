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
`ifdef WF_MUTANT_FD_REFETCH
  `define WF_MUT_FD_REFETCH 1'b1
`elsif WF_MUTANTS
  `define WF_MUT_FD_REFETCH ($test$plusargs("WF_MUTANT_FD_REFETCH") != 0)
`else
  `define WF_MUT_FD_REFETCH 1'b0
`endif
`endif
