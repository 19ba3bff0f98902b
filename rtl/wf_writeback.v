// Writeback arbitration (§10.3), signal 1 of §12: each unit's last stage may
// write register rd of its warp into bank(w, rd); per bank LSU > MUL > ALU; a
// loser holds its last stage. Entries without a register write (st pieces,
// bnz) leave unconditionally. An instruction's final result releases its
// scoreboard entry (§4.3). Drives the bank write ports. Mirrors
// cmodel/writeback.c. Purely combinational.
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_writeback #(
    parameter integer WARPS = 8,
    parameter integer LANES = 8,
    parameter integer REGS  = 32,
    parameter integer BANKS = 4,
    parameter integer RAW   = 6
) (
    input  wire [2:0]                l_valid_i,
    input  wire [3*6-1:0]            l_warp_i,
    input  wire [3*7-1:0]            l_rd_i,
    input  wire [3*5-1:0]            l_bank_i,       // bank(w, rd) of each entry (wf_exec, §6.1)
    input  wire [2:0]                l_writes_i,
    input  wire [2:0]                l_final_i,
    input  wire [2:0]                l_sbv_i,
    input  wire [3*3-1:0]            l_sbe_i,
    input  wire [3*LANES-1:0]        l_lanes_i,
    input  wire [3*LANES*32-1:0]     l_data_i,
    output reg  [BANKS-1:0]          bank_written_o,
    output reg  [2:0]                leaves_o,
    output reg  [2:0]                wb_valid_o,     // unit x writes this cycle
    output reg  [3*5-1:0]            wb_bank_o,
    output reg  [WARPS*8-1:0]        rel_mask_o,     // entries released
    output reg  [2:0]                rel_valid_o,    // unit x's write releases its entry
    // bank write ports
    output reg  [BANKS-1:0]          we_o,
    output reg  [BANKS*RAW-1:0]      wrow_o,
    output reg  [BANKS*LANES-1:0]    wmask_o,
    output reg  [BANKS*LANES*32-1:0] wdata_o
);
  localparam integer LW = LANES * 32;
  localparam integer ROWS = (REGS + BANKS - 1) / BANKS;

  `include "wf_isa.vh"   // NUNITS (generated)
  `include "wf_bank.vh"  // bank(w, r) of §6.1, needs parameter BANKS
  `include "wf_sel.vh"   // run-time-index part selects without a multiplier
  function automatic [RAW-1:0] f_row(input [5:0] w, input [6:0] r);
    integer t;
    begin
      // mutant ROWS_FLOOR: the write row uses floor(R / B) rows per warp, not ceil
      t = f_bank_row(w, r, `WF_MUT_ROWS_FLOOR ? REGS / BANKS : ROWS);
      f_row = t[RAW-1:0];
    end
  endfunction

  // Position of unit u in the writeback priority order (§10.3): LSU, MUL,
  // ALU. A constant of the loop variables below, so no unit is looked up by
  // a run-time index (Yosys 0.23 mis-synthesised such a lookup at BANKS = 1:
  // docs/fpga.md, Gate-level check).
  function automatic integer f_prio(input integer u);
    begin
      if (`WF_MUT_WB_ORDER) f_prio = u;                                 // mutant: ALU first
      else if (`WF_MUT_WB_MUL_OVER_LSU) f_prio = u == 0 ? 2 : u - 1;   // mutant: MUL, LSU, ALU
      else f_prio = 2 - u;
    end
  endfunction

  // Per unit its bank (one-hot) and whether a unit earlier in the priority
  // order writes the same bank; every output is then an AND-OR over the
  // units, with no run-time index arithmetic between a unit's destination
  // and the bank ports, the leaves and the releases (docs/critpath.md 4g).
  // An earlier unit that wants the bank has written it, or lost it to one
  // that did, so "an earlier unit wants it" is "the bank is taken".
  always @* begin : p_wb
    integer x, y, b, w;
    reg [3*BANKS-1:0] ub;        // per unit its bank as a one-hot
    reg [2:0] wants, win;
    bank_written_o = '0;
    leaves_o = 3'd0;
    wb_valid_o = 3'd0;
    wb_bank_o = 15'd0;
    rel_mask_o = '0;
    rel_valid_o = 3'd0;
    wrow_o = '0;
    wmask_o = '0;
    wdata_o = '0;
    x = 0; y = 0; b = 0; w = 0;   // no latch: every path assigns them
    ub = '0; wants = 3'd0; win = 3'd0;
    for (x = 0; x < NUNITS; x = x + 1) begin
      wants[x] = l_valid_i[x] && l_writes_i[x];
      for (b = 0; b < BANKS; b = b + 1)
        ub[x*BANKS + b] = l_bank_i[x*5 +: 5] == b[4:0];
    end
    for (x = 0; x < NUNITS; x = x + 1) begin
      win[x] = wants[x];
      for (y = 0; y < NUNITS; y = y + 1)
        if (f_prio(y) < f_prio(x) && wants[y] &&
            (ub[y*BANKS +: BANKS] & ub[x*BANKS +: BANKS]) != {BANKS{1'b0}})
          win[x] = 1'b0;                                // else: loses, stays
    end
    for (x = 0; x < NUNITS; x = x + 1) begin
      leaves_o[x] = l_valid_i[x] && (!l_writes_i[x] || win[x]);
      wb_valid_o[x] = win[x];
      if (wants[x]) bank_written_o = bank_written_o | ub[x*BANKS +: BANKS];
      if (win[x]) begin
        wb_bank_o[x*5 +: 5] = l_bank_i[x*5 +: 5];
        for (b = 0; b < BANKS; b = b + 1)
          if (ub[x*BANKS + b]) begin
            wrow_o[b*RAW +: RAW] = wrow_o[b*RAW +: RAW] | f_row(l_warp_i[x*6 +: 6], l_rd_i[x*7 +: 7]);
            wmask_o[b*LANES +: LANES] = wmask_o[b*LANES +: LANES] | l_lanes_i[x*LANES +: LANES];
            wdata_o[b*LW +: LW] = wdata_o[b*LW +: LW] | l_data_i[x*LW +: LW];
          end
        // mutant WB_REL_PIECE: every ld piece releases the entry, not only the last
        if ((l_final_i[x] || `WF_MUT_WB_REL_PIECE) && l_sbv_i[x]) begin
          rel_valid_o[x] = 1'b1;
          for (w = 0; w < WARPS; w = w + 1)
            if (l_warp_i[x*6 +: 6] == w[5:0])
              rel_mask_o[w*8 +: 8] = rel_mask_o[w*8 +: 8] | (8'd1 << l_sbe_i[x*3 +: 3]);
        end
      end
    end
    we_o = bank_written_o;
  end
endmodule
