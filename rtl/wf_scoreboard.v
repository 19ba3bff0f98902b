// The Coon scoreboard (§4.1, §4.3): per warp SB_ENTRIES entries {valid, reg};
// the lowest free entry is allocated at issue, an entry is released by its
// instruction's final writeback; with alloc_stage the allocation record AR
// (§4.4). Mirrors cmodel/scoreboard.c (the per-slot dependency-bit updates
// live with the slots in wf_ibuffer).
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_scoreboard #(
    parameter integer WARPS      = 8,
    parameter integer SB_ENTRIES = 4
) (
    input  wire                 clk_i,
    input  wire                 rst_ni,
    input  wire                 launch_i,
    input  wire                 astage_i,     // alloc_stage (§4.4)
    input  wire [WARPS*8-1:0]   rel_mask_i,   // entries released this cycle
    input  wire                 alloc_valid_i,  // a new entry this cycle (AR, WF_ASSERT)
    input  wire [WARPS-1:0]     alloc_1h_i,     // the warp allocating it, one-hot: its free_entry_o
    input  wire [5:0]           alloc_warp_i,   // alloc_warp/entry: the same allocation, for AR
    input  wire [2:0]           alloc_entry_i,
    input  wire [6:0]           alloc_reg_i,
    output wire [WARPS*8-1:0]   sb_valid_o,   // bit e of warp w at w*8+e
    output wire [WARPS*56-1:0]  sb_reg_o,     // 7 bits per entry
    output reg  [WARPS*3-1:0]   free_entry_o, // lowest free entry at the start of the cycle
    output reg  [WARPS-1:0]     full_o,       // all SB_ENTRIES valid
    // §4.4 the allocation record: last cycle's allocation (alloc_stage = 1)
    output reg                  ar_valid_o,
    output reg  [5:0]           ar_warp_o,
    output reg  [2:0]           ar_entry_o,
    output reg  [6:0]           ar_reg_o,
    // this cycle's register writebacks (wf_writeback), for the WF_ASSERT
    // checks only (unused otherwise)
    input  wire [2:0]           wb_valid_i,
    input  wire [3*6-1:0]       wb_warp_i,
    input  wire [3*7-1:0]       wb_rd_i,
    input  wire [2:0]           wb_sbv_i,
    input  wire [3*3-1:0]       wb_sbe_i
);
  reg [WARPS*8-1:0]  sb_valid_q, sb_valid_d;
  reg [WARPS*56-1:0] sb_reg_q, sb_reg_d;
  assign sb_valid_o = sb_valid_q;
  assign sb_reg_o   = sb_reg_q;

  `include "wf_isa.vh"   // NUNITS (generated)
  `include "wf_sel.vh"   // run-time-index part selects without a multiplier

  always @* begin : p_free
    integer w, e;
    for (w = 0; w < WARPS; w = w + 1) begin
      full_o[w] = 1'b1;
      free_entry_o[w*3 +: 3] = 3'd0;
      for (e = SB_ENTRIES - 1; e >= 0; e = e - 1)
        if (!sb_valid_q[w*8 + e]) begin
          // mutant SB_FULL_OFF1: the last entry does not count for full
          if (!(`WF_MUT_SB_FULL_OFF1 && e == SB_ENTRIES - 1 && e != 0)) full_o[w] = 1'b0;
          free_entry_o[w*3 +: 3] = e[2:0];
        end
    end
  end

  // The allocated entry is the chosen warp's lowest free entry (§4.3), found
  // per warp from its one-hot and its own free_entry_o: no warp number, entry
  // select or index w*8 + e lies between the issue choice and the flops
  // (docs/critpath.md 4f, 4h).
  always @* begin : p_alloc
    integer w, e;
    // mutant SB_NOT_CLEARED: the release of entry 1 is lost
    sb_valid_d = sb_valid_q & ~(rel_mask_i & ~(`WF_MUT_SB_NOT_CLEARED ? {WARPS{8'h02}} : {WARPS{8'h00}}));
    sb_reg_d   = sb_reg_q;
    for (w = 0; w < WARPS; w = w + 1)
      for (e = 0; e < SB_ENTRIES; e = e + 1)
        if (alloc_1h_i[w] && free_entry_o[w*3 +: 3] == e[2:0]) begin
          sb_valid_d[w*8 + e] = 1'b1;
`ifndef WF_ASSERT_SELFTEST_SB_WB
          sb_reg_d[(w*8 + e)*7 +: 7] = alloc_reg_i;
`else     // assertion self-test: the entry records the wrong register
          sb_reg_d[(w*8 + e)*7 +: 7] = alloc_reg_i ^ 7'd1;
`endif
        end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sb_valid_q <= '0;
      sb_reg_q   <= '0;
      ar_valid_o <= 1'b0;
    end else if (launch_i) begin
      sb_valid_q <= '0;
      sb_reg_q   <= '0;
      ar_valid_o <= 1'b0;
    end else begin
      sb_valid_q <= sb_valid_d;
      sb_reg_q   <= sb_reg_d;
      ar_valid_o <= astage_i && alloc_valid_i;
    end
  end
  // AR's payload: meaningful only with ar_valid, so no reset needed
  always @(posedge clk_i) begin
    ar_warp_o <= alloc_warp_i; ar_entry_o <= alloc_entry_i; ar_reg_o <= alloc_reg_i;
  end

`ifdef WF_ASSERT
  // ---- simulation-only assertions -------------------------------------------
  // a register writeback must target the register its (valid) entry holds;
  // an allocation takes a free entry; a release frees a valid one; no two
  // valid entries of a warp hold the same register (§4.2: a second writer of
  // r depends on the first)
  reg       a_bad;
  reg [7:0] a_msg;   // which check, for the message
  reg [5:0] a_w;
  reg [6:0] a_r;
  always @* begin : p_assert
    integer x, w, e, f, ix;
    a_bad = 1'b0; a_msg = 8'd0; a_w = 6'd0; a_r = 7'd0; ix = 0;
    for (x = 0; x < NUNITS; x = x + 1)
      if (wb_valid_i[x]) begin
        ix = {26'd0, wb_warp_i[x*6 +: 6]} * 8 + {29'd0, wb_sbe_i[x*3 +: 3]};
        if (!wb_sbv_i[x] || !sb_valid_q[ix] || sb_reg_q[ix*7 +: 7] != wb_rd_i[x*7 +: 7]) begin
          a_bad = 1'b1; a_msg = 8'd1; a_w = wb_warp_i[x*6 +: 6]; a_r = wb_rd_i[x*7 +: 7];
        end
      end
    // the entry the issue names is the one written: the warp's lowest free entry
    if ((alloc_valid_i && (sb_valid_q[alloc_warp_i*8 + {29'd0, alloc_entry_i}] ||
                           alloc_1h_i != (1 << alloc_warp_i) ||
                           free_entry_o[alloc_warp_i*3 +: 3] != alloc_entry_i)) ||
        (!alloc_valid_i && alloc_1h_i != '0)) begin
      a_bad = 1'b1; a_msg = 8'd2; a_w = alloc_warp_i; a_r = alloc_reg_i;
    end
    if ((rel_mask_i & ~sb_valid_q) != '0) begin a_bad = 1'b1; a_msg = 8'd3; end
    for (w = 0; w < WARPS; w = w + 1)
      for (e = 0; e < SB_ENTRIES; e = e + 1)
        for (f = e + 1; f < SB_ENTRIES; f = f + 1)
          if (sb_valid_q[w*8 + e] && sb_valid_q[w*8 + f] &&
              sb_reg_q[(w*8+e)*7 +: 7] == sb_reg_q[(w*8+f)*7 +: 7]) begin
            a_bad = 1'b1; a_msg = 8'd4; a_w = w[5:0]; a_r = sb_reg_q[(w*8+e)*7 +: 7];
          end
  end
  always @(posedge clk_i)
    if (!launch_i && a_bad) begin
      case (a_msg)
        8'd1: $error("WF_ASSERT wf_scoreboard: writeback of warp %0d r%0d, but no scoreboard entry of the warp holds r%0d", a_w, a_r, a_r);
        8'd2: $error("WF_ASSERT wf_scoreboard: allocation of an entry that is valid, or not the warp's lowest free one (warp %0d r%0d)", a_w, a_r);
        8'd3: $error("WF_ASSERT wf_scoreboard: release of an entry that is not valid");
        default: $error("WF_ASSERT wf_scoreboard: two valid entries of warp %0d hold r%0d", a_w, a_r);
      endcase
      $fatal(1, "WF_ASSERT wf_scoreboard");
    end
`else
  wire unused_wbchk = ^{wb_valid_i, wb_warp_i, wb_rd_i, wb_sbv_i, wb_sbe_i};
`endif
endmodule
