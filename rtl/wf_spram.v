// Single-port synchronous RAM with one write enable per lane (§6.1, §10.2).
// One access per cycle: a write (we=1) or a read (we=0). A row read in
// cycle c is on rdata_o during c+1, which is the only cycle the collector,
// the units and the LSU use it (they latch what they keep). Two forms:
//  * READ_ADDR_REG = 0: the read data is registered and changes only on a
//    read (block RAM, or LUT RAM with an output register);
//  * READ_ADDR_REG = 1: the read address is registered and the row is read
//    asynchronously from it (LUT RAM only). rdata_o is the row's current
//    contents, equal to the registered form during c+1, because a write in
//    c+1 lands at the end of c+1. The address's fanout to the LUT-RAM slices
//    of the row then lies in c+1, not after the bank arbitration in c; the
//    write port takes waddr_i alone, so the read address (the arbitration's
//    result) does not reach the write address either.
// waddr_i / raddr_i: the address of a write / a read (a single-port user ties
// them together; the registered-data form muxes them into one address).
// Each lane is its own memory of the same rows.
// Written in the plain templates Yosys memory_dff / Verilator / Icarus all
// recognise, so it maps to a memory ($mem_v2), not to flops.
`include "wf_mutant.vh"  // `WF_MUT_<NAME>: the mutation self-check (scripts/mutants.py)
module wf_spram #(
    parameter integer DEPTH = 16,   // rows
    parameter integer LANES = 1,    // lanes per row, each with its own enable
    parameter integer LW    = 32,   // bits per lane
    parameter integer AW    = 4,    // address bits, >= clog2(DEPTH), >= 1
    // synthesis hint only (Yosys ram_style): "auto" lets the flow choose
    // (small RAMs become LUT RAM on ECP5), "block" asks for block RAM
    parameter        RAM_STYLE = "auto",
    parameter integer READ_ADDR_REG = 0   // 1: register the read address, not the data (above)
) (
    input  wire                  clk_i,
    input  wire                  en_i,     // access this cycle
    input  wire                  we_i,     // 1 write, 0 read
    input  wire [AW-1:0]         waddr_i,  // the row written (we=1)
    input  wire [AW-1:0]         raddr_i,  // the row read (we=0)
    input  wire [LANES-1:0]      wmask_i,  // per-lane write enables
    input  wire [LANES*LW-1:0]   wdata_i,
    output wire [LANES*LW-1:0]   rdata_o
);
  // One memory per lane, the same rows: a lane is written under its own
  // enable, and in the registered-address form each lane has its own copy of
  // the read address, which then drives only that lane's LUT-RAM slices
  // (docs/critpath.md 4k; (* keep *) on each copy's process stops Yosys
  // opt_merge folding the copies back into one flop).
  genvar gl;
  generate
    for (gl = 0; gl < LANES; gl = gl + 1) begin : g_lane
      (* ram_style = RAM_STYLE *) reg [LW-1:0] mem_q [0:DEPTH-1];

      // the write port's address: a single address in the registered-data
      // form (one port of a block RAM), waddr_i alone in the registered-address form
      wire [AW-1:0] addr = (READ_ADDR_REG != 0 || we_i) ? waddr_i : raddr_i;

      always @(posedge clk_i)
        // mutant SPRAM_MASK: lane 0's write enable is ignored (always written)
        if (en_i && we_i && (wmask_i[gl] || (`WF_MUT_SPRAM_MASK && gl == 0)))
          mem_q[addr] <= wdata_i[gl*LW +: LW];

      if (READ_ADDR_REG != 0) begin : g_raddr
        reg [AW-1:0] raddr_q;
        (* keep *) always @(posedge clk_i) if (en_i && !we_i) raddr_q <= raddr_i;
        assign rdata_o[gl*LW +: LW] = mem_q[raddr_q];
      end else begin : g_rdata
        reg [LW-1:0] rdata_q;
        always @(posedge clk_i) if (en_i && !we_i) rdata_q <= mem_q[addr];
        assign rdata_o[gl*LW +: LW] = rdata_q;
      end
    end
  endgenerate
endmodule
