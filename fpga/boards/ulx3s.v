// ULX3S (LFE5U-85F-6BG381C, 25 MHz clock, FT231X as the UART; pins in
// ulx3s.lpf): wf_fpga_uart_top at its default shape (2 warps x 2 lanes, 16
// registers, 2 banks, 2 collector units) with every knob selectable at run
// time and MUL/MAD latencies up to 4, 115200 baud (25 MHz / 217). BTN_PWR
// (btn[0], active low) resets; led[0] busy, led[1] done.
module wf_board_ulx3s #(
    parameter IMEM_HEX = "demo.hex"
) (
    input  wire       clk_25mhz,
    input  wire [0:0] btn,
    input  wire       ftdi_txd,   // the FT231X's TXD: into the FPGA
    output wire       ftdi_rxd,   // the FT231X's RXD: out of the FPGA
    output wire [1:0] led
);
  wf_fpga_uart_top #(
    .WARPS(2), .LANES(2), .REGS(16), .BANKS(2), .COLLECTORS(2), .SB_ENTRIES(2), .IBUF(2),
    .ICACHE_LINES(4), .ICACHE_LINE(1), .IMSHRS(1), .IMEM_WORDS(256), .MEM_WORDS(256),
    .MEM_LINE(2), .BLOOM_BITS(4), .ALU_LAT_MAX(1), .MUL_LAT_MAX(4), .LSU_LAT_MAX(2),
    .IMISS_LAT(8), .BAUD_DIV(217), .TIMEOUT(2500000), .IMEM_HEX(IMEM_HEX)
  ) u_top (
    .clk_i(clk_25mhz), .rst_i(!btn[0]), .uart_rx_i(ftdi_txd), .uart_tx_o(ftdi_rxd),
    .busy_led_o(led[0]), .done_led_o(led[1])
  );
endmodule
