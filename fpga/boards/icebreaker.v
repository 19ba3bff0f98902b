// iCEBreaker (iCE40UP5K-SG48, 12 MHz clock, FT2232H channel B as the UART;
// pins in icebreaker.pcf): wf_fpga_uart_top at the shape of wf_board_hx8k,
// 115200 baud. The user button (BTN_N) resets; the red and green LEDs are
// active low.
module wf_board_icebreaker #(
    parameter IMEM_HEX = "demo.hex"
) (
    input  wire CLK,
    input  wire BTN_N,
    input  wire RX,
    output wire TX,
    output wire LEDR_N,
    output wire LEDG_N
);
  wire busy, done;
  wf_fpga_uart_top #(
    .WARPS(1), .LANES(1), .REGS(8), .BANKS(1), .COLLECTORS(1), .SB_ENTRIES(1), .IBUF(1),
    .ICACHE_LINES(1), .ICACHE_LINE(1), .IMSHRS(1), .IMEM_WORDS(256), .MEM_WORDS(256),
    .MEM_LINE(1), .BLOOM_BITS(4), .ALU_LAT_MAX(1), .MUL_LAT_MAX(1), .LSU_LAT_MAX(2),
    .PIN_LAYOUT(1), .PIN_WAR(4), .PIN_SCHED(0), .PIN_LOOPS(3), .PIN_HAZARD(0),
    .IMISS_LAT(8), .BAUD_DIV(104), .TIMEOUT(1200000), .IMEM_HEX(IMEM_HEX)
  ) u_top (
    .clk_i(CLK), .rst_i(!BTN_N), .uart_rx_i(RX), .uart_tx_o(TX),
    .busy_led_o(busy), .done_led_o(done)
  );
  assign LEDR_N = !busy;
  assign LEDG_N = !done;
endmodule
