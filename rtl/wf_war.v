// WAR hazards out of the operand collector (§8, loop mode 3 only): the
// readiness rule of each policy, the inorder `older` mask of a new CU and
// the per-CU dispatch permission, and the derived per-warp state (collecting
// for warpboard-read, the Bloom filter). Mirrors cmodel/war.c.
// The derived state is the contract's function of the start-of-cycle CUs
// (§8.4, §8.5); it is kept in a register computed from the CUs' next state
// at the end of the previous cycle (the same value), so the hashing is not
// in front of readiness (docs/critpath.md 4e). The older masks themselves
// are CU state (wf_collector). With handoff_stage (§5.6) readiness also
// sees the issue handoff register IH (ih_*), whose instruction is in no CU.
`include "wf_defs.vh"    // instruction fields, opcodes, trace layout (generated)
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_war #(
    parameter integer WARPS      = 8,
    parameter integer IBUF       = 2,
    parameter integer COLLECTORS = 4,
    parameter integer REGS       = 32,
    parameter integer BLOOM_BITS = 16
) (
    input  wire                      clk_i,
    input  wire                      rst_ni,
    input  wire                      launch_i,
    input  wire [2:0]                war_i,      // wf_war_policy
    input  wire                      mode3_i,
    input  wire [COLLECTORS-1:0]     cu_valid_i,
    input  wire [COLLECTORS*6-1:0]   cu_warp_i,
    // the CUs' next state (wf_collector), for the derived-state register and
    // the dispatch permission of the next state
    input  wire [COLLECTORS*16-1:0]  nx_older_i,
    input  wire [COLLECTORS-1:0]     nx_valid_i,
    input  wire [COLLECTORS*3-1:0]   nx_pending_i,
    // the CUs' next word and warp: CU u's is the allocated one (al_word_i,
    // al_warp_i) if al_take_i[u], else its present one (cu_word_i, cu_warp_i)
    input  wire [COLLECTORS*64-1:0]  cu_word_i,
    input  wire [COLLECTORS-1:0]     al_take_i,
    input  wire [63:0]               al_word_i,
    input  wire [WARPS*IBUF*64-1:0]  slot_word_i, // I-buffer words (slot 0 = head)
    input  wire [WARPS-1:0]          inflight_nz_i,
    input  wire [2:0]                disp_valid_i, // this cycle's dispatches (§12 signal 5)
    input  wire [3*5-1:0]            disp_h_i,
    input  wire [5:0]                al_warp_i,    // the warp of the CU written this cycle
    input  wire                      ih_valid_i,   // IH (§5.6)
    input  wire [5:0]                ih_warp_i,
    input  wire [63:0]               ih_wd_i,
    output reg  [WARPS-1:0]          allows_o,     // readiness item 5 for each head
    output reg  [COLLECTORS-1:0]     dispatch_ok_o, // §8.2 for the CUs' next state
    output reg  [15:0]               older_new_o,
    output reg  [WARPS-1:0]          collecting_o,  // start-of-cycle derived state
    output reg  [WARPS*64-1:0]       filter_o
);
  `include "wf_enums.vh"  // WAR_* policies shared with the C model (generated)
  localparam integer C = COLLECTORS;
  localparam [5:0] BM = BLOOM_BITS[5:0] - 6'd1;   // mod BLOOM_BITS as a mask

  // §8.5 H(r): bits r mod m and (5r + r/16 + 3) mod m
  // m = BLOOM_BITS is a power of two <= 64 (wf_core checks it), so x mod m
  // is the low bits of x mod 64: 6-bit sums, no 32-bit adder or divider.
  function automatic [63:0] f_bloom(input [6:0] r);
    reg [5:0] h0, h1;
    begin
      h0 = r[5:0] & BM;
      // 5r as 4r + r: a constant product would take a DSP block on ECP5;
      // mutant BLOOM_H1: h1 without its floor(r/16) term
      h1 = ({r[3:0], 2'b00} + r[5:0] + (`WF_MUT_BLOOM_H1 ? 6'd0 : {3'd0, r[6:4]}) + 6'd3) & BM;
      f_bloom = (64'd1 << h0) | (64'd1 << h1);
    end
  endfunction
  `include "wf_isa.vh"   // opcode decode functions shared by the blocks, NUNITS

  // derived state of the CUs at the end of this cycle = at the start of the
  // next (each CU's warp compared with every warp number: a constant-offset
  // write, no index arithmetic, docs/critpath.md 4.). The present and the
  // allocated words are hashed, and the warps compared, before the choice
  // between them, so the allocation select is not in front of the hash
  // (docs/critpath.md 4m).
  reg [WARPS-1:0]    collecting_d;
  reg [WARPS*64-1:0] filter_d;
  function automatic [63:0] f_src_bits(input [63:0] wd, input [2:0] pend);
    begin
      f_src_bits = 64'd0;
      if (pend[0]) f_src_bits = f_src_bits | f_bloom(wd[`WF_INSN_RA_LSB +: `WF_REG_BITS]);
      if (pend[1]) f_src_bits = f_src_bits | f_bloom(wd[`WF_INSN_RB_LSB +: `WF_REG_BITS]);
      if (pend[2]) f_src_bits = f_src_bits | f_bloom(wd[`WF_INSN_RC_LSB +: `WF_REG_BITS]);
    end
  endfunction
  always @* begin : p_derive
    integer u, w;
    reg [63:0] cu_bits;
    reg        in_w;
    collecting_d = '0;
    filter_d = '0;
    u = 0; w = 0; cu_bits = 64'd0; in_w = 1'b0;
    if (mode3_i)
      for (u = 0; u < C; u = u + 1)
        // mutant WBREAD_VALID: a CU counts as collecting while valid, even with no pending slot
        if (nx_valid_i[u] && (nx_pending_i[u*3 +: 3] != 3'd0 || `WF_MUT_WBREAD_VALID)) begin
          cu_bits = al_take_i[u] ? f_src_bits(al_word_i, nx_pending_i[u*3 +: 3])
                                 : f_src_bits(cu_word_i[u*64 +: 64], nx_pending_i[u*3 +: 3]);
          for (w = 0; w < WARPS; w = w + 1) begin
            in_w = al_take_i[u] ? al_warp_i == w[5:0] : cu_warp_i[u*6 +: 6] == w[5:0];
            if (in_w) begin
              collecting_d[w] = 1'b1;
              filter_d[w*64 +: 64] = filter_d[w*64 +: 64] | cu_bits;
            end
          end
        end
  end
  // launch empties every CU (wf_collector), so the derived state is 0
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      collecting_o <= '0;
      filter_o <= '0;
    end else if (launch_i) begin
      collecting_o <= '0;
      filter_o <= '0;
    end else begin
      collecting_o <= collecting_d;
      filter_o <= filter_d;
    end
  end

  // §5.6: IH holds an instruction of warp w (with a source; reading the head's rd)
  // mutant IH_WAR_OFF: readiness ignores IH
  wire [1:0] ih_nsrc = f_nsrc(ih_wd_i[`WF_INSN_OP]);
  function automatic f_ih_reads(input [6:0] r);
    f_ih_reads = (ih_nsrc > 2'd0 && ih_wd_i[`WF_INSN_RA_LSB +: `WF_REG_BITS] == r) ||
                 (ih_nsrc > 2'd1 && ih_wd_i[`WF_INSN_RB_LSB +: `WF_REG_BITS] == r) ||
                 (ih_nsrc > 2'd2 && ih_wd_i[`WF_INSN_RC_LSB +: `WF_REG_BITS] == r);
  endfunction

  // readiness item 5 (used only for heads that need a CU). Bloom: for each
  // register r (programs name r < REGS) the filter test of H(r), whose bits
  // are constants, selected by the head's rd: no hash adder and no decoder
  // after the head word (docs/critpath.md 4h).
  always @* begin : p_allows
    integer w, r;
    reg [63:0] hb;
    reg [63:0] wd;
    reg ih_w, blocked;
    hb = 64'd0; r = 0; blocked = 1'b0;
    for (w = 0; w < WARPS; w = w + 1) begin
      wd = slot_word_i[w*IBUF*64 +: 64];
      ih_w = ih_valid_i && ih_warp_i == w[5:0] && !`WF_MUT_IH_WAR_OFF;
      allows_o[w] = 1'b1;
      if (mode3_i)
        case (war_i)
          WAR_WB_COMMIT: allows_o[w] = !inflight_nz_i[w];
          WAR_WB_READ:   allows_o[w] = !collecting_o[w] && !(ih_w && ih_nsrc != 2'd0);
          WAR_BLOOM:
            if (f_writes(wd[`WF_INSN_OP])) begin
              blocked = 1'b0;
              for (r = 0; r < REGS; r = r + 1) begin
                hb = f_bloom(r[6:0]);
                // mutant BLOOM_ANY: any one hash bit blocks, not both
                blocked = blocked | (wd[`WF_INSN_RD_LSB +: `WF_REG_BITS] == r[6:0] &&
                                     (`WF_MUT_BLOOM_ANY ? (filter_o[w*64 +: 64] & hb) != 64'd0
                                                        : (filter_o[w*64 +: 64] & hb) == hb));
              end
              allows_o[w] = !blocked && !(ih_w && f_ih_reads(wd[`WF_INSN_RD_LSB +: `WF_REG_BITS]));
            end
          default: allows_o[w] = 1'b1;
        endcase
    end
  end

  // §8.2: dispatch only with older = 0, for the CUs' next state: wf_collector
  // keeps its dispatch candidates in a register computed from that state
  always @* begin : p_dok
    integer u;
    for (u = 0; u < C; u = u + 1)
      dispatch_ok_o[u] = war_i != WAR_INORDER || nx_older_i[u*16 +: 16] == 16'd0;
  end

  // the new CU's older mask: valid CUs of the warp minus those dispatched now
  always @* begin : p_older
    integer u, x;
    older_new_o = 16'd0;
    for (u = 0; u < C; u = u + 1)
      if (cu_valid_i[u] && cu_warp_i[u*6 +: 6] == al_warp_i) older_new_o[u] = 1'b1;
    for (x = 0; x < NUNITS; x = x + 1)
      // mutant INORDER_SAME_CYCLE: a CU dispatched in the allocation cycle stays in the mask
      if (disp_valid_i[x] && disp_h_i[x*5 +: 5] < C[4:0] && !`WF_MUT_INORDER_SAME_CYCLE)
        older_new_o[disp_h_i[x*5 +: 4]] = 1'b0;
  end
endmodule
