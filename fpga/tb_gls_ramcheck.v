// Drives fpga/gls_ramcheck.v (RTL or its ECP5 netlist): reset, then CYCLES
// cycles; prints the read-data checksum (scripts/fpga-gls.py compares the two).
module tb_gls_ramcheck;
  parameter integer CYCLES = 4000;
  reg clk = 1'b0, rst = 1'b1;
  wire [31:0] sum;
  gls_ramcheck dut (.clk_i(clk), .rst_i(rst), .sum_o(sum));
  always #5 clk = ~clk;
  initial begin
    repeat (4) @(posedge clk);
    rst <= 1'b0;
    repeat (CYCLES) @(posedge clk);
    #1 $display("RAMCHECK sum=%08x", sum);
    $finish;
  end
endmodule
