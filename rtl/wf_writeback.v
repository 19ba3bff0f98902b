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
    input  wire                      swizzle_i,
    input  wire [2:0]                l_valid_i,
    input  wire [3*6-1:0]            l_warp_i,
    input  wire [3*7-1:0]            l_rd_i,
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

  always @* begin : p_wb
    integer i, x, b_ix, w_ix, sel;
    bank_written_o = '0;
    leaves_o = 3'd0;
    wb_valid_o = 3'd0;
    wb_bank_o = 15'd0;
    rel_mask_o = '0;
    rel_valid_o = 3'd0;
    we_o = '0;
    wrow_o = '0;
    wmask_o = '0;
    wdata_o = '0;
    b_ix = 0; w_ix = 0; sel = 0;
    for (i = 0; i < NUNITS; i = i + 1) begin
      x = `WF_MUT_WB_ORDER ? i : 2 - i;              // LSU, MUL, ALU (mutant: ALU first)
      if (`WF_MUT_WB_MUL_OVER_LSU && i < 2) x = i + 1;  // mutant: MUL, LSU, ALU
      if (l_valid_i[x]) begin
        if (!l_writes_i[x]) leaves_o[x] = 1'b1;
        else begin
          b_ix = {27'd0, f_bank(l_warp_i[x*6 +: 6], l_rd_i[x*7 +: 7], swizzle_i)};
          if (!bank_written_o[b_ix]) begin            // else: loses, stays
            bank_written_o[b_ix] = 1'b1;
            leaves_o[x] = 1'b1;
            wb_valid_o[x] = 1'b1;
            wb_bank_o[x*5 +: 5] = b_ix[4:0];
            we_o[b_ix] = 1'b1;
            `WF_SET(wrow_o, b_ix, BANKS, RAW, 0, RAW, sel, f_row(l_warp_i[x*6 +: 6], l_rd_i[x*7 +: 7]));
            `WF_SET(wmask_o, b_ix, BANKS, LANES, 0, LANES, sel, l_lanes_i[x*LANES +: LANES]);
            `WF_SET(wdata_o, b_ix, BANKS, LW, 0, LW, sel, l_data_i[x*LW +: LW]);
            // mutant WB_REL_PIECE: every ld piece releases the entry, not only the last
            if ((l_final_i[x] || `WF_MUT_WB_REL_PIECE) && l_sbv_i[x]) begin
              w_ix = {26'd0, l_warp_i[x*6 +: 6]};
              rel_valid_o[x] = 1'b1;
              rel_mask_o[w_ix*8 + {29'd0, l_sbe_i[x*3 +: 3]}] = 1'b1;
            end
          end
        end
      end
    end
  end
endmodule
