// Register file (§6.1, §6.2): BANKS single-ported synchronous RAMs (wf_spram),
// each WARPS*ceil(REGS/BANKS) rows of LANES x 32 bits with a write enable per
// lane. Row of (w, r) = w*rows + r/BANKS; the bank is chosen by the layout
// (wf_collector/wf_writeback compute it). Per bank one access a cycle: the
// write if any (writes beat reads, §6.2; the arbiter already grants no read
// in a written bank), else the read. rdata_o holds the last row read.
// Mirrors cmodel/regfile.c.
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_regfile #(
    parameter integer WARPS = 8,
    parameter integer LANES = 8,
    parameter integer REGS  = 32,
    parameter integer BANKS = 4,
    parameter integer RAW   = 6,
    // the banks' synthesis hint (Yosys ram_style): "auto", "block", or
    // "distributed": LUT RAM with the read address registered (wf_spram)
    parameter        RAM_STYLE = "auto"
) (
    input  wire                      clk_i,
    input  wire [BANKS-1:0]          we_i,
    input  wire [BANKS*RAW-1:0]      wrow_i,
    input  wire [BANKS*LANES-1:0]    wmask_i,
    input  wire [BANKS*LANES*32-1:0] wdata_i,
    input  wire [BANKS-1:0]          re_i,
    input  wire [BANKS*RAW-1:0]      rrow_i,
    output wire [BANKS*LANES*32-1:0] rdata_o
);
  localparam integer ROWS  = (REGS + BANKS - 1) / BANKS;
  localparam integer DEPTH = WARPS * ROWS;

  genvar b;
  generate
    for (b = 0; b < BANKS; b = b + 1) begin : g_bank
      wf_spram #(
        .DEPTH (DEPTH),
        .LANES (LANES),
        .LW    (32),
        .AW    (RAW),
        .RAM_STYLE(RAM_STYLE),
        .READ_ADDR_REG(RAM_STYLE == "distributed" ? 1 : 0)
      ) u_bank (
        .clk_i   (clk_i),
        .en_i    (we_i[b] | re_i[b]),
        .we_i    (we_i[b]),
        .waddr_i (wrow_i[b*RAW +: RAW]),
        .raddr_i (rrow_i[b*RAW +: RAW]),
        // mutant REGFILE_MASK: a bank write ignores the lane mask (a ld piece writes every lane)
        .wmask_i (wmask_i[b*LANES +: LANES] | {LANES{`WF_MUT_REGFILE_MASK}}),
        .wdata_i (wdata_i[b*LANES*32 +: LANES*32]),
        .rdata_o (rdata_o[b*LANES*32 +: LANES*32])
      );
    end
  endgenerate

`ifdef WF_ASSERT
  // simulation-only: a bank is single-ported, so a cycle may read or write
  // it, never both (§6.2: the arbiter grants no read in a written bank)
  always @(posedge clk_i)
    if ((we_i & re_i) != '0) begin
      $error("WF_ASSERT wf_regfile: bank read and written in one cycle (banks %b), single port", we_i & re_i);
      $fatal(1, "WF_ASSERT wf_regfile");
    end
`endif
endmodule
