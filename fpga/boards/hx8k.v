// iCE40-HX8K breakout board (iCE40HX8K-CT256, 12 MHz oscillator, FT2232H
// channel B as the UART; pins in hx8k.pcf): wf_fpga_uart_top at the smallest
// useful shape (docs/fpga.md "ice-min": 1 warp x 1 lane, 8 registers, every
// knob pinned to loops 3 / bloom / lrr / replay / swizzle), 115200 baud.
// Board hx8k-2w1l sets the shape parameters below to the largest shape the
// part holds (ice-2w1l: 2 warps, 16 registers, 2 banks, 2 CUs).
// The board has no user button: the flops start at 0 after configuration,
// which holds the top's reset synchroniser in reset for two cycles.
module wf_board_hx8k #(
    parameter IMEM_HEX = "demo.hex",
    // the core's shape: 1 x 1 here (ice-min), 2 x 1 for board hx8k-2w1l (ice-2w1l)
    parameter integer WARPS = 1,
    parameter integer REGS = 8,
    parameter integer BANKS = 1,
    parameter integer COLLECTORS = 1,
    parameter integer SB_ENTRIES = 1,
    parameter integer IBUF = 1,
    parameter integer ICACHE_LINES = 1,
    parameter integer MEM_LINE = 1
) (
    input  wire clk,
    input  wire rx,
    output wire tx,
    output wire led_busy,
    output wire led_done
);
  wf_fpga_uart_top #(
    .WARPS(WARPS), .LANES(1), .REGS(REGS), .BANKS(BANKS), .COLLECTORS(COLLECTORS),
    .SB_ENTRIES(SB_ENTRIES), .IBUF(IBUF), .ICACHE_LINES(ICACHE_LINES), .ICACHE_LINE(1), .IMSHRS(1),
    .IMEM_WORDS(256), .MEM_WORDS(256), .MEM_LINE(MEM_LINE), .BLOOM_BITS(4), .ALU_LAT_MAX(1),
    .MUL_LAT_MAX(1), .LSU_LAT_MAX(2),
    .PIN_LAYOUT(1), .PIN_WAR(4), .PIN_SCHED(0), .PIN_LOOPS(3), .PIN_HAZARD(0),
    .IMISS_LAT(8), .BAUD_DIV(104), .TIMEOUT(1200000), .IMEM_HEX(IMEM_HEX)
  ) u_top (
    .clk_i(clk), .rst_i(1'b0), .uart_rx_i(rx), .uart_tx_o(tx),
    .busy_led_o(led_busy), .done_led_o(led_done)
  );
endmodule
