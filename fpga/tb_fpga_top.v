// Icarus testbench of fpga/wf_fpga_top.v (scripts/fpga-sim.py drives it):
// presses reset, waits for done_led_o (at most MAX_CYCLES), reads the four
// checksum bytes through sel_i/led_o and prints one line
//   FPGA_SIM done=<0|1> checksum=0x<8 hex> cycles=<the core's run cycles>
// The parameters are those of wf_fpga_top (same names, same defaults).
// With +define+WF_GLS it drives a gate-level netlist of wf_fpga_top instead
// (scripts/fpga-gls.py; cycles= is then the cycles from reset to done).
`timescale 1ns / 1ps
`include "wf_defs.vh"  // `WF_CORE_PASS_* (generated)
module tb_fpga_top #(
    // wf_core's shape with the FPGA tops' defaults (generated), as wf_fpga_top's
`include "wf_core_params_fpga.vh"
    ,
    parameter integer CFG_SWIZZLE = 1,
    parameter integer CFG_WAR = 4,
    parameter integer CFG_GTO = 0,
    parameter integer CFG_LOOPS = 3,
    parameter integer CFG_STALL = 0,
    parameter integer CFG_ALU_LAT = 1,
    parameter integer CFG_MUL_LAT = 2,
    parameter integer CFG_LSU_LAT = 2,
    parameter integer CFG_ACTIVE_WARPS = 0,
    parameter integer CFG_DECODE_STAGE = 0,
    parameter integer CFG_ALLOC_STAGE = 0,
    parameter integer CFG_HANDOFF_STAGE = 0,
    parameter integer CFG_FILL_STAGE = 0,
    parameter integer CFG_READY_STAGE = 0,
    parameter integer IMISS_LAT = 8,
    parameter integer PIN_CFG = 1,
    parameter IMEM_HEX = "demo.hex",
    parameter integer MAX_CYCLES = 2000000
);
  reg        clk = 1'b0, rst = 1'b1;
  reg  [1:0] sel = 2'd0;
  wire       done;
  wire [7:0] led;
  reg  [31:0] chk;
  integer    n, b;
  always #5 clk = !clk;

`ifdef WF_GLS
  // a synth_ice40 netlist (scripts/fpga-gls.py): no parameters, no cycles_q
  wf_fpga_top dut (
    .clk_i(clk), .rst_i(rst), .sel_i(sel), .done_led_o(done), .led_o(led));
`else
  wf_fpga_top #(
    `WF_CORE_PASS_SIZES, `WF_CORE_PASS_LAT, .CFG_SWIZZLE(CFG_SWIZZLE),
    .CFG_WAR(CFG_WAR), .CFG_GTO(CFG_GTO), .CFG_LOOPS(CFG_LOOPS), .CFG_STALL(CFG_STALL),
    .CFG_ALU_LAT(CFG_ALU_LAT), .CFG_MUL_LAT(CFG_MUL_LAT), .CFG_LSU_LAT(CFG_LSU_LAT),
    .CFG_ACTIVE_WARPS(CFG_ACTIVE_WARPS), .CFG_DECODE_STAGE(CFG_DECODE_STAGE), .CFG_ALLOC_STAGE(CFG_ALLOC_STAGE), .CFG_HANDOFF_STAGE(CFG_HANDOFF_STAGE), .CFG_FILL_STAGE(CFG_FILL_STAGE), .CFG_READY_STAGE(CFG_READY_STAGE), .IMISS_LAT(IMISS_LAT), .PIN_CFG(PIN_CFG),
    .IMEM_HEX(IMEM_HEX)
  ) dut (
    .clk_i(clk), .rst_i(rst), .sel_i(sel), .done_led_o(done), .led_o(led));
`endif

  initial begin
    repeat (3) @(posedge clk);
    rst <= 1'b0;  // nonblocking: the flops of this edge still see reset (no race)
    n = 0;
    while (!done && n < MAX_CYCLES) begin @(posedge clk); n = n + 1; end
    chk = 32'd0;
    for (b = 0; b < 4; b = b + 1) begin
      sel = b[1:0]; #1; chk[b*8 +: 8] = led;
    end
`ifdef WF_GLS
    $display("FPGA_SIM done=%0d checksum=0x%08x cycles=%0d", done, chk, n);
`else
    $display("FPGA_SIM done=%0d checksum=0x%08x cycles=%0d", done, chk, dut.cycles_q);
`endif
    $finish;
  end
endmodule
