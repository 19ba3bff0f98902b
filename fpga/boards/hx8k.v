// iCE40-HX8K breakout board (iCE40HX8K-CT256, 12 MHz oscillator, FT2232H
// channel B as the UART; pins in hx8k.pcf): wf_fpga_uart_top at the smallest
// useful shape (docs/fpga.md "ice-min": 1 warp x 1 lane, 8 registers, every
// knob pinned to loops 3 / bloom / lrr / replay / swizzle), 115200 baud.
// The board has no user button: the flops start at 0 after configuration,
// which holds the top's reset synchroniser in reset for two cycles.
module wf_board_hx8k #(
    parameter IMEM_HEX = "demo.hex"
) (
    input  wire clk,
    input  wire rx,
    output wire tx,
    output wire led_busy,
    output wire led_done
);
  wf_fpga_uart_top #(
    .WARPS(1), .LANES(1), .REGS(8), .BANKS(1), .COLLECTORS(1), .SB_ENTRIES(1), .IBUF(1),
    .ICACHE_LINES(1), .ICACHE_LINE(1), .IMSHRS(1), .IMEM_WORDS(256), .MEM_WORDS(256),
    .MEM_LINE(1), .BLOOM_BITS(4), .ALU_LAT_MAX(1), .MUL_LAT_MAX(1), .LSU_LAT_MAX(2),
    .PIN_LAYOUT(1), .PIN_WAR(4), .PIN_SCHED(0), .PIN_LOOPS(3), .PIN_HAZARD(0),
    .IMISS_LAT(8), .BAUD_DIV(104), .TIMEOUT(1200000), .IMEM_HEX(IMEM_HEX)
  ) u_top (
    .clk_i(clk), .rst_i(1'b0), .uart_rx_i(rx), .uart_tx_o(tx),
    .busy_led_o(led_busy), .done_led_o(led_done)
  );
endmodule
