// Single-port synchronous RAM with one write enable per lane (§6.1, §10.2).
// One access per cycle: a write (we=1) or a read (we=0). The read data is
// registered and changes only on a read, so it holds the last row read for
// as long as no other read happens (the collector and the LSU rely on this:
// data granted in cycle c is used from the output register in cycle c+1).
// Written in the plain template Yosys memory_dff / Verilator / Icarus all
// recognise, so it maps to a memory ($mem_v2), not to flops.
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_spram #(
    parameter integer DEPTH = 16,   // rows
    parameter integer LANES = 1,    // lanes per row, each with its own enable
    parameter integer LW    = 32,   // bits per lane
    parameter integer AW    = 4,    // address bits, >= clog2(DEPTH), >= 1
    // synthesis hint only (Yosys ram_style): "auto" lets the flow choose
    // (small RAMs become LUT RAM on ECP5), "block" asks for block RAM
    parameter        RAM_STYLE = "auto"
) (
    input  wire                  clk_i,
    input  wire                  en_i,     // access this cycle
    input  wire                  we_i,     // 1 write, 0 read
    input  wire [AW-1:0]         addr_i,
    input  wire [LANES-1:0]      wmask_i,  // per-lane write enables
    input  wire [LANES*LW-1:0]   wdata_i,
    output reg  [LANES*LW-1:0]   rdata_o
);
  (* ram_style = RAM_STYLE *) reg [LANES*LW-1:0] mem_q [0:DEPTH-1];
  integer l;

  always @(posedge clk_i) begin
    if (en_i && we_i) begin
      for (l = 0; l < LANES; l = l + 1)
        // mutant SPRAM_MASK: lane 0's write enable is ignored (always written)
        if (wmask_i[l] || (`WF_MUT_SPRAM_MASK && l == 0)) mem_q[addr_i][l*LW +: LW] <= wdata_i[l*LW +: LW];
    end
  end

  always @(posedge clk_i) begin
    if (en_i && !we_i) rdata_o <= mem_q[addr_i];
  end
endmodule
